import { isWinnowError, type LabelledBlock } from '@winnow/dom-blocks';
import {
  createMemoryStore,
  openSqliteStore,
  processPage,
  type LayoutBlockVerdict,
  type SegmentStore,
  type StoreSize,
} from '@winnow/segment-table';
import path from 'node:path';
import { readPages } from '../inputs.js';

export interface SegmentsCommandOptions {
  /** Files, folders (every HTML file inside, name order) or `-`, processed in the order given. */
  inputs: string[];
  /** A SQLite file holding the crawl's tables (created when absent); without it, a table in memory for this run. */
  store?: string;
  /** The site key (host) of every page; default: `default` for files without a URL. */
  site?: string;
  stdin?: NodeJS.ReadableStream;
}

/** What `winnow segments` reports for one page. */
export interface SegmentsPageOutput {
  id: string;
  site?: string;
  /** The page's number within its site in the store (the paper's timestamp). */
  pageNumber?: number;
  /** True when the store had counted this page (same file, same content) before: only labelled. */
  alreadyCounted?: boolean;
  /** The content text of the page, in order. */
  text?: string;
  blocks?: LabelledBlock[];
  layoutBlocks?: LayoutBlockVerdict[];
  notes?: string[];
  /** Segments removed by this page's shrinkage. */
  removed?: number;
  /** The site's table after the page. */
  size?: StoreSize;
  /** Why the page failed (the crawl goes on with the next page). */
  error?: string;
}

export interface SegmentsSummary {
  pages: number;
  failed: number;
  /** Pages the store had counted before (a rerun): labelled, not counted again. */
  alreadyCounted: number;
  store: string;
  /** Every table in the store after the run. */
  size: StoreSize;
  sites: string[];
}

/**
 * `winnow segments`: processes pages one at a time, as a crawler fetches them, with Wang et al. 2008's
 * incremental template detection. With `store`, the tables persist in a SQLite file (one per crawl,
 * many sites keyed by host), so a later run resumes the crawl; each page is one transaction.
 */
export async function runSegments(options: SegmentsCommandOptions, emit: (output: SegmentsPageOutput) => void): Promise<SegmentsSummary> {
  const { pages } = await readPages(options.inputs, options.stdin);
  const store: SegmentStore = options.store ? openSqliteStore(options.store) : createMemoryStore();
  let failed = 0;
  let alreadyCounted = 0;
  try {
    for (const page of pages) {
      try {
        // The page key's id is the absolute path, so a rerun from another directory finds the pages it counted.
        const pageId = page.id === 'stdin' ? page.id : path.resolve(page.id);
        const result = processPage(store, page, options.site ? { site: options.site, pageId } : { pageId });
        if (result.alreadyCounted) alreadyCounted++;
        emit({
          id: page.id,
          site: result.site,
          pageNumber: result.pageNumber,
          alreadyCounted: result.alreadyCounted,
          text: result.extraction.text,
          blocks: result.extraction.blocks,
          layoutBlocks: result.layoutBlocks,
          notes: result.extraction.notes,
          removed: result.removed,
          size: result.size,
        });
      } catch (cause) {
        // A store failure stops the crawl; a bad page does not.
        if (isWinnowError(cause) && cause.code === 'STORE_ERROR') throw cause;
        failed++;
        emit({ id: page.id, error: isWinnowError(cause) ? `${cause.code}: ${cause.message}` : cause instanceof Error ? cause.message : String(cause) });
      }
    }
    return { pages: pages.length, failed, alreadyCounted, store: options.store ?? 'memory', size: store.size(), sites: store.sites() };
  } finally {
    store.close();
  }
}

/** One page's output: its content text (under a `==> id <==` header when `many`), or a JSON line. */
export function formatSegmentsPage(output: SegmentsPageOutput, json: boolean, many: boolean): string {
  if (json) {
    const { text: _text, ...rest } = output;
    return JSON.stringify(rest);
  }
  if (output.error) return '';
  return many ? `==> ${output.id} <==\n${output.text ?? ''}` : (output.text ?? '');
}

/** The line `winnow segments` writes to standard error at the end. */
export function formatSegmentsSummary(summary: SegmentsSummary): string {
  const counted = summary.alreadyCounted ? `, ${summary.alreadyCounted} counted before, only labelled` : '';
  return `${summary.pages} page${summary.pages === 1 ? '' : 's'} (${summary.failed} failed${counted}); store ${summary.store}: ${summary.size.segments} segments, ${summary.size.bytes} bytes, ${summary.sites.length} site${summary.sites.length === 1 ? '' : 's'}`;
}
