import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Page, RenderFormat } from '@winnow/dom-blocks';
import { createMemoryStore, siteOf } from '@winnow/segment-table';
import { crawlModeOf, processOnePage, type PageOutput } from './process-page.js';
import type { PoolTask } from './pool-worker.js';

export interface ExtractPagesOptions {
  /** A page algorithm, or a store algorithm (`STORE_ALGORITHMS`). */
  algo: string;
  format: RenderFormat;
  /** Worker threads (default: `availableParallelism()`); 1 runs in this thread. */
  workers?: number;
  /** Pages read ahead of the output per worker (default `PAGES_AHEAD_PER_WORKER`): bounds memory. */
  pagesAhead?: number;
  /** Passed to the algorithm's `extract` (plain data: it crosses to the threads). */
  options?: Record<string, unknown>;
  /** winnow: its site model in each lane's memory store, learning from the site's pages in input order. */
  siteStore?: boolean;
}

/** Pages in flight per worker thread: enough to keep each busy while the output waits for a slow page. */
export const PAGES_AHEAD_PER_WORKER = 16;

/** A page and its output, in input order. */
export interface ExtractedPage<P extends Page = Page> {
  page: P;
  output: PageOutput;
}

/** The worker script: the built one beside this module (tests run the sources, after the build). */
function workerFile(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('../dist/pool-worker.js', import.meta.url) : new URL('./pool-worker.js', import.meta.url);
}

/** A stable lane for a site: the same site always goes to the same thread. */
function laneOf(site: string, lanes: number): number {
  let hash = 2166136261;
  for (let i = 0; i < site.length; i++) hash = Math.imul(hash ^ site.charCodeAt(i), 16777619);
  return (hash >>> 0) % lanes;
}

/**
 * Extracts pages on a pool of worker threads (piscina) and gives the outputs in input order, holding at
 * most `workers × pagesAhead` pages. Page algorithms go to any free thread. Store algorithms keep a site's
 * table in one thread's memory store: each site goes to one lane (a one-thread pool) in input order, so
 * the outputs equal a run in one thread. The page's `html` travels to the thread as given.
 */
export async function* extractPages<P extends Page>(pages: AsyncIterable<P> | Iterable<P>, options: ExtractPagesOptions): AsyncGenerator<ExtractedPage<P>> {
  const mode = crawlModeOf(options.algo, options.siteStore);
  const workers = Math.max(1, options.workers ?? availableParallelism());
  if (workers === 1) {
    const store = createMemoryStore();
    for await (const page of pages) yield { page, output: await processOnePage(page, { algo: options.algo, format: options.format, store, siteStore: options.siteStore, options: options.options }) };
    return;
  }
  const filename = workerFile().href;
  const pools =
    mode === 'page'
      ? [new Piscina<PoolTask, PageOutput>({ filename, minThreads: workers, maxThreads: workers })]
      : Array.from({ length: workers }, () => new Piscina<PoolTask, PageOutput>({ filename, minThreads: 1, maxThreads: 1, idleTimeout: Number.POSITIVE_INFINITY }));
  const limit = workers * (options.pagesAhead ?? PAGES_AHEAD_PER_WORKER);
  const pending: { page: P; output: Promise<PageOutput> }[] = [];
  // A lane runs its pages one after another in input order (piscina's queue does not promise an order).
  const laneTails: Promise<unknown>[] = pools.map(() => Promise.resolve());
  try {
    for await (const page of pages) {
      const task: PoolTask = { algo: options.algo, format: options.format, page, options: options.options, siteStore: options.siteStore };
      let output: Promise<PageOutput>;
      if (mode === 'page') output = pools[0].run(task);
      else {
        const lane = laneOf(siteOf(page), pools.length);
        output = laneTails[lane].then(() => pools[lane].run(task));
        laneTails[lane] = output.catch(() => undefined);
      }
      // Failures are awaited in order below; this keeps an early rejection from going unhandled.
      output.catch(() => undefined);
      pending.push({ page, output });
      while (pending.length >= limit) {
        const head = pending.shift() as { page: P; output: Promise<PageOutput> };
        yield { page: head.page, output: await head.output };
      }
    }
    while (pending.length) {
      const head = pending.shift() as { page: P; output: Promise<PageOutput> };
      yield { page: head.page, output: await head.output };
    }
  } finally {
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}
