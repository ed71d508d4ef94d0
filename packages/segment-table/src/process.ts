import type { Extraction, Page, SiteExtractor } from '@winnow/dom-blocks';
import { detectTemplates, type LayoutBlockVerdict } from './detect.js';
import { createMemoryStore } from './memory-store.js';
import { resolveOptions, type SegmentTableOptions } from './options.js';
import { segmentPage, type SegmentInput } from './segment.js';
import type { SegmentStore, StoreSize } from './store.js';

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

function siteOfInput(input: SegmentInput): string {
  const isPage = typeof input === 'object' && !(input instanceof Uint8Array) && 'html' in input;
  return isPage ? siteOf(input as Page) : DEFAULT_SITE;
}

/** What processing one page gives. */
export interface PageResult {
  site: string;
  /** The page's number within its site (1 for the first). */
  pageNumber: number;
  /** The page's blocks labelled content or boilerplate (template), content text in order. */
  extraction: Extraction;
  /** Every layout block with text, with its template ratio. */
  layoutBlocks: LayoutBlockVerdict[];
  /** Segments the shrinkage removed after this page. */
  removed: number;
  /** The site's table after the page (paper 002 §3's storage measure). */
  size: StoreSize;
}

export interface ProcessOptions extends Partial<SegmentTableOptions> {
  /** Overrides the page's site key. */
  site?: string;
}

/**
 * Processes one crawled page with paper 002's four steps: segmentation (§2.1), table expansion (§2.2),
 * template detection (§2.3) and table shrinkage (§2.4). Expansion and shrinkage are one atomic store
 * update; detection uses the DFs after the expansion, this page included.
 */
export function processPage(store: SegmentStore, page: SegmentInput, options: ProcessOptions = {}): PageResult {
  const resolved = resolveOptions(options);
  const site = options.site ?? siteOfInput(page);
  const segmented = segmentPage(page, resolved);
  const update = store.applyPage(site, segmented.keys, resolved);
  const notes = update.pageNumber < resolved.minTemplateDf ? [`page ${update.pageNumber} of ${site}: fewer than ${resolved.minTemplateDf} pages seen, no segment can be a template yet`] : [];
  const { layoutBlocks, extraction } = detectTemplates(segmented, update.documentFrequencies, resolved, notes);
  return { site, pageNumber: update.pageNumber, extraction, layoutBlocks, removed: update.removed, size: update.size };
}

/**
 * Labels a page with the table as it is, changing nothing: for a page the table has already counted
 * (counting it again would inflate its segments' DFs).
 */
export function labelPage(store: SegmentStore, page: SegmentInput, options: ProcessOptions = {}): PageResult {
  const resolved = resolveOptions(options);
  const site = options.site ?? siteOfInput(page);
  const segmented = segmentPage(page, resolved);
  const { layoutBlocks, extraction } = detectTemplates(segmented, store.lookup(site, segmented.keys), resolved, ['labelled with the table as it is: the page was counted before']);
  return { site, pageNumber: store.pageCount(site), extraction, layoutBlocks, removed: 0, size: store.size(site) };
}

/** A table warmed on a site's pages: the model of the `segment-table` site algorithm. */
export interface SegmentTableModel {
  version: 1;
  store: SegmentStore;
  options: ProcessOptions;
  /** Ids of the pages the table has counted, so a page given again is labelled, not counted twice. */
  counted: Set<string>;
}

/** Warms a fresh in-memory table on pages (in the order given) and returns it as a model. */
export function learnSegmentTable(pages: Iterable<Page>, options: ProcessOptions = {}): SegmentTableModel {
  const model: SegmentTableModel = { version: 1, store: createMemoryStore(), options: { ...options }, counted: new Set() };
  for (const page of pages) extractWithSegmentTable(model, page);
  return model;
}

/**
 * Processes a page with a warmed table, which it updates as the paper's incremental framework does; a
 * page the model has already counted (same id) is only labelled.
 */
export function extractWithSegmentTable(model: SegmentTableModel, page: Page, options: ProcessOptions = {}): Extraction {
  const merged = { ...model.options, ...options };
  if (model.counted.has(page.id)) return labelPage(model.store, page, merged).extraction;
  model.counted.add(page.id);
  return processPage(model.store, page, merged).extraction;
}

/** The segment table as a `SiteExtractor`: `learn` warms a table, `extract` goes on with it. */
export const segmentTableExtractor: SiteExtractor<SegmentTableModel, ProcessOptions> = Object.freeze({
  name: 'segment-table',
  learn: (pages: Iterable<Page>, options?: Partial<ProcessOptions>) => learnSegmentTable(pages, options),
  extract: (model: SegmentTableModel, page: Page, options?: Partial<ProcessOptions>) => extractWithSegmentTable(model, page, options),
});
