import { createHash } from 'node:crypto';
import type { Extraction, Page, SiteExtractor } from '@winnow/dom-blocks';
import { detectTemplates, type LayoutBlockVerdict } from './detect.js';
import { createMemoryStore } from './memory-store.js';
import { resolveOptions, type SegmentTableOptions } from './options.js';
import { segmentPage, type SegmentInput, type SegmentKey } from './segment.js';
import type { AnySegmentStore, PageKey, PageUpdate, SegmentStore, StoreSize } from './store.js';

/** The site key of pages that name no site and no URL. */
export const DEFAULT_SITE = 'default';

/** The site a page belongs to: `page.site`, else the host of `page.url`, else `DEFAULT_SITE`. */
export function siteOf(page: Partial<Pick<Page, 'site' | 'url'>>): string {
  if (page.site) return page.site;
  if (page.url) {
    try {
      const host = new URL(page.url).host;
      if (host) return host.toLowerCase();
    } catch {
      // Not an absolute URL: fall through to the default site.
    }
  }
  return DEFAULT_SITE;
}

function isPage(input: SegmentInput): input is Page {
  return typeof input === 'object' && !(input instanceof Uint8Array) && 'html' in input;
}

function siteOfInput(input: SegmentInput): string {
  return isPage(input) ? siteOf(input) : DEFAULT_SITE;
}

/**
 * The content hash of a page key: SHA-256 (hex) of the page's distinct segment keys in order, i.e. of the
 * page as the table sees it. Markup, scripts or attributes that change between fetches do not make a new
 * page; any change of a text segment does.
 */
export function contentHashOf(keys: readonly SegmentKey[]): string {
  const hash = createHash('sha256');
  for (const key of keys) hash.update(`${key.path}\u0000${key.text}\u0001`);
  return hash.digest('hex');
}

/** The page's id (`options.pageId`, else `page.id`, else '' for bare HTML: known by its content alone). */
function pageKeyOf(page: SegmentInput, keys: readonly SegmentKey[], options: ProcessOptions): PageKey {
  return { id: options.pageId ?? (isPage(page) ? page.id : ''), contentHash: contentHashOf(keys) };
}

/** What processing one page gives. */
export interface PageResult {
  site: string;
  /** The page's number within its site (1 for the first); for a page counted before, the number it was counted as. */
  pageNumber: number;
  /** True when the site's ledger had counted this page (same id, same content) before: it was only labelled. */
  alreadyCounted: boolean;
  /** The page's blocks labelled content or boilerplate (template), content text in order. */
  extraction: Extraction;
  /** Every layout block with text, with its template ratio. */
  layoutBlocks: LayoutBlockVerdict[];
  /** Segments the shrinkage removed after this page. */
  removed: number;
  /** The site's table after the page (Wang et al. 2008 §3's storage measure). */
  size: StoreSize;
}

export interface ProcessOptions extends Partial<SegmentTableOptions> {
  /** Overrides the page's site key. */
  site?: string;
  /** Overrides the page's id in its page key (e.g. an absolute path, so reruns from elsewhere match). */
  pageId?: string;
}

/**
 * Processes one crawled page with Wang et al. 2008's four steps: segmentation (§2.1), table expansion (§2.2),
 * template detection (§2.3) and table shrinkage (§2.4). Expansion and shrinkage are one atomic store
 * update; detection uses the DFs after the expansion, this page included. A page the site's ledger has
 * counted already (same id, same content: `contentHashOf`) is not counted again, only labelled with the
 * table as it is, and its notes say so: rerunning a crawl over the same pages leaves the table unchanged.
 */
export function processPage(store: SegmentStore, page: SegmentInput, options: ProcessOptions = {}): PageResult {
  const prepared = preparePage(page, options);
  const update = store.applyPage(prepared.site, prepared.segmented.keys, prepared.resolved, prepared.pageKey);
  return finishPage(prepared, update, update.alreadyCounted ? store.pageCount(prepared.site) : update.pageNumber);
}

/**
 * `processPage` on a store of either kind: the same four steps and the same result, awaiting the store
 * (one atomic `applyPage`, plus a `pageCount` when the page was counted before).
 */
export async function processPageAsync(store: AnySegmentStore, page: SegmentInput, options: ProcessOptions = {}): Promise<PageResult> {
  const prepared = preparePage(page, options);
  const update = await store.applyPage(prepared.site, prepared.segmented.keys, prepared.resolved, prepared.pageKey);
  return finishPage(prepared, update, update.alreadyCounted ? await store.pageCount(prepared.site) : update.pageNumber);
}

interface PreparedPage {
  site: string;
  resolved: ReturnType<typeof resolveOptions>;
  segmented: ReturnType<typeof segmentPage>;
  pageKey: PageKey;
}

function preparePage(page: SegmentInput, options: ProcessOptions): PreparedPage {
  const resolved = resolveOptions(options);
  const site = options.site ?? siteOfInput(page);
  const segmented = segmentPage(page, resolved);
  return { site, resolved, segmented, pageKey: pageKeyOf(page, segmented.keys, options) };
}

/**
 * Detection after the store's update. A page counted before is labelled with the table as it is; when
 * it is still its site's latest page (`sitePages` equals its number), the table is exactly as the page's
 * own count left it, so the result is the one that count gave, notes included: a worker that dies after
 * counting a page and is retried gives the page's first result.
 */
function finishPage(prepared: PreparedPage, update: PageUpdate, sitePages: number): PageResult {
  const { site, resolved, segmented } = prepared;
  const latest = !update.alreadyCounted || update.pageNumber === sitePages;
  const notes = !latest
    ? [countedNote(site, update.pageNumber)]
    : update.pageNumber < resolved.minTemplateDf
      ? [`page ${update.pageNumber} of ${site}: fewer than ${resolved.minTemplateDf} pages seen, no segment can be a template yet`]
      : [];
  const { layoutBlocks, extraction } = detectTemplates(segmented, update.documentFrequencies, resolved, notes);
  return { site, pageNumber: update.pageNumber, alreadyCounted: update.alreadyCounted, extraction, layoutBlocks, removed: update.removed, size: update.size };
}

function countedNote(site: string, pageNumber: number): string {
  return `page ${pageNumber} of ${site} was counted before: labelled with the table as it is, not counted again`;
}

/**
 * Labels a page with the table as it is, changing nothing (no count, no ledger entry). `pageNumber` is
 * the number the page was counted as, or the site's page count when it was never counted.
 */
export function labelPage(store: SegmentStore, page: SegmentInput, options: ProcessOptions = {}): PageResult {
  const resolved = resolveOptions(options);
  const site = options.site ?? siteOfInput(page);
  const segmented = segmentPage(page, resolved);
  const counted = store.countedPage(site, pageKeyOf(page, segmented.keys, options));
  const note = counted !== undefined ? countedNote(site, counted) : `labelled with the table as it is: the page was not counted (${site} has ${store.pageCount(site)} pages)`;
  const { layoutBlocks, extraction } = detectTemplates(segmented, store.lookup(site, segmented.keys), resolved, [note]);
  return { site, pageNumber: counted ?? store.pageCount(site), alreadyCounted: counted !== undefined, extraction, layoutBlocks, removed: 0, size: store.size(site) };
}

/** A table warmed on a site's pages: the model of the `segment-table` site algorithm. */
export interface SegmentTableModel {
  version: 1;
  store: SegmentStore;
  options: ProcessOptions;
}

/** Warms a fresh in-memory table on pages (in the order given) and returns it as a model. */
export function learnSegmentTable(pages: Iterable<Page>, options: ProcessOptions = {}): SegmentTableModel {
  const model: SegmentTableModel = { version: 1, store: createMemoryStore(), options: { ...options } };
  for (const page of pages) extractWithSegmentTable(model, page);
  return model;
}

/**
 * Processes a page with a warmed table, which it updates as the paper's incremental framework does; a
 * page the store's ledger has counted already (same id and content) is only labelled.
 */
export function extractWithSegmentTable(model: SegmentTableModel, page: Page, options: ProcessOptions = {}): Extraction {
  return processPage(model.store, page, { ...model.options, ...options }).extraction;
}

/** The segment table as a `SiteExtractor`: `learn` warms a table, `extract` goes on with it. */
export const segmentTableExtractor: SiteExtractor<SegmentTableModel, ProcessOptions> = Object.freeze({
  kind: 'site',
  name: 'segment-table',
  description: 'incremental template detection with a bounded text-segment table (Wang et al. 2008)',
  // Learning warms a fresh in-memory table on these pages in name order: scoring starts with the 10th.
  defaultTrainPages: 9,
  learn: (pages: readonly Page[], options?: Partial<ProcessOptions>) => learnSegmentTable(pages, options),
  extract: (model: SegmentTableModel, page: Page, options?: Partial<ProcessOptions>) => extractWithSegmentTable(model, page, options),
  // The table sits in a store: each site's page count, size, and segments by DF (most frequent first).
  describeModel: (model: SegmentTableModel) =>
    model.store.sites().map((site) => ({ site, pages: model.store.pageCount(site), size: model.store.size(site), segments: model.store.entries(site) })),
});
