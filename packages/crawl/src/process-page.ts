import { isWinnowError, renderExtraction, WinnowError, type Extraction, type Extractor, type Page, type RenderFormat } from '@winnow/dom-blocks';
import { DEFAULT_ALGORITHM, getAlgorithm } from '@winnow/algorithms';
import { processPageAsync, siteOf, type AnySegmentStore } from '@winnow/segment-table';

/**
 * The algorithm crawl commands run when none is named: the CLI's `extract` default (`DEFAULT_ALGORITHM`
 * of @winnow/algorithms), winnow's own extractor, which reads each page alone with no site pages learned.
 * A crawl names its algorithm once and every worker runs that one.
 */
export const DEFAULT_CRAWL_ALGORITHM = DEFAULT_ALGORITHM;

/**
 * Site algorithms whose site state lives in a segment store, so that pages can be processed one at a
 * time, in crawl order, by any process that reaches the store. Each takes a store and a page.
 */
export const STORE_ALGORITHMS: Readonly<Record<string, (store: AnySegmentStore, page: Page) => Promise<Extraction>>> = Object.freeze({
  'segment-table': async (store: AnySegmentStore, page: Page) => (await processPageAsync(store, page)).extraction,
});

/** How an algorithm runs at crawl scale: each page alone (`page`), or through a site store in site order (`store`). */
export type CrawlMode = 'page' | 'store';

/** True for an algorithm that runs on each page alone: a page algorithm, or a site one that needs no site pages. */
function runsAlone(algorithm: Extractor): boolean {
  return algorithm.kind === 'page' || (algorithm.defaultTrainPages === 0 && !STORE_ALGORITHMS[algorithm.name]);
}

/**
 * The crawl mode of a registered algorithm, or INVALID_OPTIONS for a site algorithm that learns a model
 * in memory from a folder of pages (those need the whole site at once: run them with `extract` on folders).
 * A site algorithm that also works with no pages of the site (`defaultTrainPages` 0: winnow's own) runs
 * page by page, each page extracted with the model learned from no pages.
 */
export function crawlModeOf(algo: string): CrawlMode {
  const algorithm = getAlgorithm(algo);
  if (runsAlone(algorithm)) return 'page';
  if (STORE_ALGORITHMS[algo]) return 'store';
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
    else if (runsAlone(algorithm)) extraction = algorithm.extract(algorithm.learn([], options.options), page, options.options);
    else {
      const run = STORE_ALGORITHMS[options.algo];
      if (!run || !options.store) throw new WinnowError('INVALID_OPTIONS', `--algo ${options.algo} needs a site store here.`);
      extraction = await run(options.store, page);
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
