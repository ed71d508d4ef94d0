import type { Page, RenderFormat } from '@winnow/dom-blocks';
import { createMemoryStore, type SegmentStore } from '@winnow/segment-table';
import { processOnePage, type PageOutput } from './process-page.js';

/** One page for a pool thread. */
export interface PoolTask {
  algo: string;
  format: RenderFormat;
  page: Page;
  /** Passed to the algorithm's `extract`. */
  options?: Record<string, unknown>;
  /** winnow: its site model in the thread's store. */
  siteStore?: boolean;
}

// Store algorithms: each thread (a lane) keeps the stores of the sites it is given, one per algorithm.
const stores = new Map<string, SegmentStore>();

/** The pool threads' task: one page with one algorithm. */
export default async function runPoolTask(task: PoolTask): Promise<PageOutput> {
  let store = stores.get(task.algo);
  if (!store) stores.set(task.algo, (store = createMemoryStore()));
  return processOnePage(task.page, { algo: task.algo, format: task.format, store, siteStore: task.siteStore, options: task.options });
}
