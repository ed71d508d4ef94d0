import type { Extraction, Extractor, Page, PageTraining, SiteFolderTraining } from './types.js';

/** True when `extractor` offers `SiteFolderTraining`. */
export function hasSiteFolderTraining<E extends object>(extractor: E): extractor is E & SiteFolderTraining {
  return typeof (extractor as Partial<SiteFolderTraining>).trainingPagesInFolder === 'function';
}


/**
 * Where a site extractor's model comes from. Page extractors learn nothing, but follow `perSite` too, so
 * that every extractor is run on the same pages.
 * - `{ perSite: n }`: pages are grouped by `page.site` (first-seen order, the given order within a site);
 *   the first `n` of each site are learned from and not extracted, the rest are extracted (evaluation).
 * - `{ pages }`: learn once from these pages, then extract every page given (a folder, a demo's other pages);
 *   a function is called when the first page comes, and what it throws is each page's learning error.
 * - `{ pagesFor }`: learn for each page from its own training pages (Gottron 2008 follows a page's links).
 * - `{ model }`: a model learned before (a stored template); nothing is learned.
 */
export type Training =
  | { perSite: number }
  | { pages: readonly Page[] | (() => readonly Page[]) }
  | { pagesFor: (page: Page) => PageTraining }
  | { model: unknown };

export interface RunExtractorOptions<Options = unknown> {
  /** Default: `{ perSite: extractor.defaultTrainPages }` for site extractors; page extractors extract every page in order. */
  training?: Training;
  /** Passed to `learn` and `extract`. */
  options?: Partial<Options>;
}

/** What running an extractor made of one page. */
export interface ExtractorRun {
  page: Page;
  /** The extraction, unless the page failed. */
  extraction?: Extraction;
  /** What failed: learning the page's model (every page of that model then fails) or extracting the page. */
  error?: { stage: 'learn' | 'extract'; cause: unknown };
  /** Site extractors: the pages the model was learned from (empty for page extractors and given models). */
  trainingPages: readonly Page[];
  /** Site extractors: the model the page was extracted with (undefined when learning failed). */
  model?: unknown;
  /** Milliseconds of learning charged to this page: its model's, when it is the first page extracted with it; else 0. */
  learnMs: number;
  /** Milliseconds of this page's extraction alone. */
  extractMs: number;
}

/** Groups pages by `page.site`, keeping the given order within each site and sites in first-seen order. */
export function groupBySite<P extends Page>(pages: Iterable<P>): Map<string, P[]> {
  const sites = new Map<string, P[]>();
  for (const page of pages) {
    const key = page.site ?? '';
    const list = sites.get(key);
    if (list) list.push(page);
    else sites.set(key, [page]);
  }
  return sites;
}

interface Learned {
  model?: unknown;
  error?: unknown;
  pages: readonly Page[];
  ms: number;
  /** Not yet charged to a page. */
  fresh: boolean;
}

function learn(extractor: Extractor, given: readonly Page[] | (() => readonly Page[]), options: unknown): Learned {
  const started = performance.now();
  if (extractor.kind !== 'site') return { pages: [], ms: 0, fresh: false };
  let pages: readonly Page[] = [];
  try {
    pages = typeof given === 'function' ? given() : given;
    const model = extractor.learn(pages, options as never);
    return { model, pages, ms: performance.now() - started, fresh: true };
  } catch (cause) {
    return { error: cause, pages, ms: performance.now() - started, fresh: true };
  }
}

function extractOne(extractor: Extractor, page: Page, learned: Learned, options: unknown, notes: readonly string[] = []): ExtractorRun {
  const learnMs = learned.fresh ? learned.ms : 0;
  learned.fresh = false;
  const base = { page, trainingPages: learned.pages, model: learned.model, learnMs };
  if (learned.error !== undefined) return { ...base, error: { stage: 'learn', cause: learned.error }, extractMs: 0 };
  const started = performance.now();
  try {
    const extraction = extractor.kind === 'site' ? extractor.extract(learned.model, page, options as never) : extractor.extract(page, options as never);
    const extractMs = performance.now() - started;
    return { ...base, extraction: notes.length ? { ...extraction, notes: [...notes, ...extraction.notes] } : extraction, extractMs };
  } catch (cause) {
    return { ...base, error: { stage: 'extract', cause }, extractMs: performance.now() - started };
  }
}

/**
 * Runs any extractor over pages, the one loop every caller shares: a site extractor learns where it must
 * (see `Training`), a learning failure becomes an error of each page it was for, a page that fails does not
 * stop the others, and each page is timed (learning and extraction apart). Results come in order: the
 * given order, or site by site for `perSite`. Lazy: pages are learned from and extracted as results are
 * asked for.
 */
export function* runExtractor<Options = unknown>(extractor: Extractor, pages: Iterable<Page>, settings: RunExtractorOptions<Options> = {}): Generator<ExtractorRun> {
  const { options } = settings;
  const training: Training = settings.training ?? (extractor.kind === 'site' ? { perSite: extractor.defaultTrainPages } : { pages: [] });
  if ('perSite' in training) {
    const count = training.perSite;
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`perSite must be a whole number ≥ 0, not ${count}`);
    for (const sitePages of groupBySite(pages).values()) {
      const scored = sitePages.slice(count);
      if (scored.length === 0) continue;
      const learned = learn(extractor, sitePages.slice(0, count), options);
      for (const page of scored) yield extractOne(extractor, page, learned, options);
    }
  } else if ('pagesFor' in training) {
    for (const page of pages) {
      let gathered: PageTraining;
      try {
        gathered = training.pagesFor(page);
      } catch (cause) {
        yield { page, error: { stage: 'learn', cause }, trainingPages: [], learnMs: 0, extractMs: 0 };
        continue;
      }
      yield extractOne(extractor, page, learn(extractor, gathered.pages, options), options, gathered.notes);
    }
  } else if ('model' in training) {
    const given: Learned = { model: training.model, pages: [], ms: 0, fresh: false };
    for (const page of pages) yield extractOne(extractor, page, given, options);
  } else {
    let learned: Learned | undefined;
    for (const page of pages) {
      learned ??= learn(extractor, training.pages, options);
      yield extractOne(extractor, page, learned, options);
    }
  }
}
