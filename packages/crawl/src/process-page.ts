import { isWinnowError, renderExtraction, WinnowError, type Extraction, type Page, type RenderFormat } from '@winnow/dom-blocks';
import { DEFAULT_ALGORITHM, getAlgorithm } from '@winnow/algorithms';
import { extractWithSiteCounts } from '@winnow/extract';
import { contentHashOf, processPageAsync, resolveOptions, siteOf, type AnySegmentStore } from '@winnow/segment-table';

/**
 * The algorithm crawl commands run when none is named: the CLI's `extract` default (`DEFAULT_ALGORITHM`
 * of @winnow/algorithms), winnow's own extractor, which reads each page alone with no site pages learned.
 * A crawl names its algorithm once and every worker runs that one.
 */
export const DEFAULT_CRAWL_ALGORITHM = DEFAULT_ALGORITHM;

/** What a store algorithm runs: one page, its site's state in `store`, the algorithm's options. */
export type StoreRun = (store: AnySegmentStore, page: Page, options?: Record<string, unknown>) => Promise<Extraction>;

/**
 * Site algorithms whose site state lives in a segment store, so that pages can be processed one at a
 * time, in crawl order, by any process that reaches the store. Each takes a store and a page.
 * `segment-table` always runs so; `winnow` when asked (`siteStore`: `--site-store`), else each page alone.
 */
export const STORE_ALGORITHMS: Readonly<Record<string, StoreRun>> = Object.freeze({
  'segment-table': async (store: AnySegmentStore, page: Page) => (await processPageAsync(store, page)).extraction,
  winnow: (store: AnySegmentStore, page: Page, options?: Record<string, unknown>) => extractWithSiteStore(store, page, options),
});

/** Store algorithms that also run on each page alone, and use the store only when asked (`siteStore`). */
const STORE_WHEN_ASKED: ReadonlySet<string> = new Set(['winnow']);

/** The segment path under which winnow's site keys are counted in a store (apart from segment-table's). */
export const WINNOW_STORE_PATH = 'winnow';

/**
 * winnow's extractor with its site model in a segment store (memory, SQLite or Redis), learning from each
 * page as the pages stream by: the page's site keys (block texts, block paths, paths holding its content)
 * are counted in the store in one atomic update (the segment table's, with its expiry of keys not seen for
 * a while: Wang et al., WWW 2008 §2.4), and the page is judged with the counts of the site's pages before
 * it (`extractWithSiteCounts` of `@winnow/extract`). A site's first three pages are judged alone. A page
 * the store counted before (a retried job) is judged with the counts of every other page, never counted twice.
 */
export async function extractWithSiteStore(store: AnySegmentStore, page: Page, options: Record<string, unknown> = {}): Promise<Extraction> {
  const site = siteOf(page);
  const lifetime = resolveOptions();
  return extractWithSiteCounts(
    page,
    async (keys) => {
      const segmentKeys = keys.map((text) => ({ path: WINNOW_STORE_PATH, text }));
      const update = await store.applyPage(site, segmentKeys, lifetime, { id: page.id, contentHash: contentHashOf(segmentKeys) });
      const pages = (update.alreadyCounted ? await store.pageCount(site) : update.pageNumber) - 1;
      // The counts include this page's own: the site model is made of the other pages.
      return { pages, frequencies: update.documentFrequencies.map((frequency) => Math.max(0, frequency - 1)) };
    },
    options,
  );
}

/** How an algorithm runs at crawl scale: each page alone (`page`), or through a site store in site order (`store`). */
export type CrawlMode = 'page' | 'store';

/**
 * The crawl mode of a registered algorithm, or INVALID_OPTIONS for a site algorithm that learns a model
 * in memory from a folder of pages (those need the whole site at once: run them with `extract` on folders).
 * A site algorithm that also works with no pages of the site (`defaultTrainPages` 0: winnow's own) runs
 * page by page, each page extracted with the model learned from none, unless `siteStore` asks for its
 * site model in the store.
 */
export function crawlModeOf(algo: string, siteStore = false): CrawlMode {
  const algorithm = getAlgorithm(algo);
  if (siteStore && !STORE_WHEN_ASKED.has(algo)) {
    throw new WinnowError(
      'INVALID_OPTIONS',
      STORE_ALGORITHMS[algo]
        ? `--site-store: ${algo} always keeps its site state in the store; leave the flag out.`
        : `--site-store keeps the site model of ${[...STORE_WHEN_ASKED].join(', ')} in a store; ${algo} has none.`,
    );
  }
  if (algorithm.kind === 'page') return 'page';
  if (STORE_ALGORITHMS[algo] && (siteStore || !STORE_WHEN_ASKED.has(algo))) return 'store';
  if (algorithm.defaultTrainPages === 0) return 'page';
  throw new WinnowError(
    'INVALID_OPTIONS',
    `--algo ${algo} learns a site model in memory from a folder of pages, which a stream of records cannot give it: ` +
      `use a page algorithm or one whose site state is in a store (${Object.keys(STORE_ALGORITHMS).join(', ')}), or extract site folders with it.`,
  );
}

/** What processing one page gave (plain data: it crosses threads and machines). */
export interface PageOutput {
  id: string;
  site: string;
  /** Present unless the page failed. */
  extraction?: Extraction;
  /** The extraction rendered in the format asked for ('' when the page failed). */
  rendered: string;
  ms: number;
  /** One line saying why the page failed. */
  error?: string;
}

export function errorLine(cause: unknown): string {
  if (isWinnowError(cause)) return `${cause.code}: ${cause.message}`;
  return cause instanceof Error ? cause.message : String(cause);
}

/** What `processOnePage` runs. */
export interface ProcessPageOptions {
  algo: string;
  format: RenderFormat;
  /** Required by store algorithms. */
  store?: AnySegmentStore;
  /** winnow: its site model in `store`, learning as the pages stream by (see `extractWithSiteStore`). */
  siteStore?: boolean;
  /** Passed to the algorithm's `extract` (winnow's reads `markdown: { links, images }`); plain data. */
  options?: Record<string, unknown>;
}

/**
 * Runs a page or store algorithm (or a site algorithm that needs no site pages, with the model learned
 * from none) on one page and renders the result; a page that fails gives its error in the output, never
 * a throw (`store` is required by store algorithms).
 */
export async function processOnePage(page: Page, options: ProcessPageOptions): Promise<PageOutput> {
  const started = performance.now();
  const site = siteOf(page);
  try {
    const algorithm = getAlgorithm(options.algo);
    let extraction: Extraction;
    if (algorithm.kind === 'page') extraction = algorithm.extract(page, options.options);
    else if (crawlModeOf(options.algo, options.siteStore) === 'page') extraction = algorithm.extract(algorithm.learn([], options.options), page, options.options);
    else {
      const run = STORE_ALGORITHMS[options.algo];
      if (!run || !options.store) throw new WinnowError('INVALID_OPTIONS', `--algo ${options.algo} needs a site store here.`);
      extraction = await run(options.store, page, options.options);
    }
    return { id: page.id, site, extraction, rendered: renderExtraction(extraction, options.format), ms: performance.now() - started };
  } catch (cause) {
    if (isWinnowError(cause) && cause.code === 'STORE_ERROR') throw cause;
    return { id: page.id, site, rendered: '', ms: performance.now() - started, error: errorLine(cause) };
  }
}

/** The JSON Lines record of a crawled page. */
export interface PageRecord {
  url: string;
  warcRecordId?: string;
  warcDate?: string;
  site: string;
  /** Page metadata, when the algorithm reads it (title, author, published, language, …). */
  metadata: Record<string, unknown>;
  /** The content as plain text (format `text`). */
  text?: string;
  /** The content as Markdown (format `markdown`). */
  markdown?: string;
  notes: string[];
  /** Why the page failed, when it did. */
  error?: string;
}

/** The output formats of JSON Lines records. */
export type RecordFormat = 'text' | 'markdown';

/** The JSON Lines record of a page's output. */
export function pageRecord(page: Pick<Page, 'id' | 'url'> & { warcRecordId?: string; warcDate?: string }, output: PageOutput, format: RecordFormat): PageRecord {
  const metadata: Record<string, unknown> = { ...output.extraction?.metadata };
  return {
    url: page.url ?? page.id,
    ...(page.warcRecordId ? { warcRecordId: page.warcRecordId } : {}),
    ...(page.warcDate ? { warcDate: page.warcDate } : {}),
    site: output.site,
    metadata,
    [format]: output.rendered,
    notes: output.extraction?.notes ?? [],
    ...(output.error ? { error: output.error } : {}),
  };
}
