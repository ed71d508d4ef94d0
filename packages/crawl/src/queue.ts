import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { WinnowError } from '@winnow/dom-blocks';
import { siteOf } from '@winnow/segment-table';
import { crawlModeOf, DEFAULT_CRAWL_ALGORITHM, pageRecord, processOnePage, type PageRecord, type RecordFormat } from './process-page.js';
import { DEFAULT_LEDGER_PAGES, REDIS_CLIENT_OPTIONS, RedisSegmentStore } from './redis-store.js';
import { emptyCounts, readWarcFile, readWarcPages, type WarcCounts, type WarcPage } from './warc.js';

/** The BullMQ queue `winnow crawl` fills and `winnow worker` drains (default). */
export const DEFAULT_QUEUE = 'winnow-crawl';
/** Key prefix of the crawl's site store (default): crawls with the same prefix share site tables. */
export const DEFAULT_STORE_PREFIX = 'winnow:st:';
/** Pages of a crawl queued or in flight at once (default): bounds the coordinator's and Redis's memory. */
export const DEFAULT_PAGES_IN_FLIGHT = 256;
/**
 * Job lock (default, ms): a worker that stops renewing it (killed, cut off) loses its job to another
 * after this long. BullMQ's own default.
 */
export const DEFAULT_LOCK_MS = 30_000;
/**
 * Times a job may be recovered after its worker died before it fails (BullMQ's default is 1: a page
 * that outlives two dead workers would fail; a crawl wants it retried).
 */
export const MAX_STALLED_RECOVERIES = 10;

/** One page as a job: everything a worker on another machine needs. */
interface PageJob {
  crawl: string;
  seq: number;
  algo: string;
  format: RecordFormat;
  /** winnow: its site model in the Redis store. */
  siteStore?: boolean;
  storePrefix: string;
  ledgerPages: number;
  page: WarcPage;
}

interface PageResultMessage {
  seq: number;
  record: PageRecord;
}

const resultsKey = (queue: string, crawl: string) => `winnow:crawl:${queue}:${crawl}:results`;

/** BullMQ's connection: the same wait-through-restarts settings as `REDIS_CLIENT_OPTIONS`. */
function connectionOptions(url: string) {
  return { url, maxRetriesPerRequest: null, retryStrategy: (times: number) => Math.min(times * 50, 200) };
}

/** Connection errors while Redis restarts: clients reconnect by themselves and their commands wait. */
function ignoreWhileReconnecting(): void {}

export interface CrawlOptions {
  warcs: readonly string[];
  redisUrl: string;
  /** Folder of the output: `<warc name>.jsonl` per WARC and `summary.json`. */
  outDir: string;
  algo?: string;
  /** winnow: keep its site model in the Redis store, learning from each site's pages in crawl order. */
  siteStore?: boolean;
  format?: RecordFormat;
  queue?: string;
  storePrefix?: string;
  ledgerPages?: number;
  pagesInFlight?: number;
  /** How often (ms) to look for pages whose job Redis lost (restarted without its data) and queue them again. */
  checkMs?: number;
  onProgress?: (done: number, id: string) => void;
}

export interface CrawlSummary {
  crawl: string;
  algo: string;
  warcs: { file: string; output: string; counts: WarcCounts }[];
  pages: number;
  failed: number;
  /** Pages queued again because their job vanished (a Redis restart without persistence). */
  requeued: number;
  seconds: number;
}

/**
 * The coordinator of a crawl on Redis: reads the WARCs (streaming), queues each HTML page as a BullMQ
 * job, and writes each page's record, in WARC order, as workers (`runWorker`, on any machines) return
 * them. For a store algorithm, a site's next page is queued only when its previous one is done, so each
 * site's table sees its pages in crawl order, as one process would, while different sites run at once.
 * Results arrive through a Redis list and are deduplicated by page number, so a job run twice (its worker
 * killed) writes its page once.
 */
export async function runCrawl(options: CrawlOptions): Promise<CrawlSummary> {
  const started = performance.now();
  const algo = options.algo ?? DEFAULT_CRAWL_ALGORITHM;
  const mode = crawlModeOf(algo, options.siteStore);
  const format = options.format ?? 'text';
  const queueName = options.queue ?? DEFAULT_QUEUE;
  const crawl = randomUUID();
  const limit = Math.max(1, options.pagesInFlight ?? DEFAULT_PAGES_IN_FLIGHT);
  const queue = new Queue<PageJob, unknown, 'page'>(queueName, { connection: connectionOptions(options.redisUrl) });
  const results = new Redis(options.redisUrl, { ...REDIS_CLIENT_OPTIONS });
  results.on('error', ignoreWhileReconnecting);
  const key = resultsKey(queueName, crawl);
  mkdirSync(options.outDir, { recursive: true });

  const summary: CrawlSummary = { crawl, algo, warcs: [], pages: 0, failed: 0, requeued: 0, seconds: 0 };
  const outputs: WriteStream[] = [];
  /** Pages read and not yet written, by seq. */
  const open = new Map<number, { job: PageJob; file: number; site: string; queuedAt: number; record?: PageRecord }>();
  const waitingBySite = new Map<string, number[]>();
  const busySites = new Set<string>();
  let nextToWrite = 0;
  let nextSeq = 0;

  const enqueue = async (seq: number) => {
    const entry = open.get(seq) as { job: PageJob; site: string; queuedAt: number };
    entry.queuedAt = performance.now();
    await queue.add('page', entry.job, { jobId: `${crawl}-${seq}`, removeOnComplete: true, removeOnFail: true, attempts: 5, backoff: { type: 'exponential', delay: 500 } });
  };
  const writeReady = async () => {
    for (let entry = open.get(nextToWrite); entry?.record; entry = open.get(nextToWrite)) {
      const stream = outputs[entry.file];
      if (!stream.write(`${JSON.stringify(entry.record)}\n`)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
      if (entry.record.error) summary.failed += 1;
      summary.pages += 1;
      options.onProgress?.(summary.pages, entry.record.url);
      open.delete(nextToWrite);
      nextToWrite += 1;
    }
  };
  let lastCheck = performance.now();
  const checkMs = options.checkMs ?? 10_000;
  /** Waits for one result (or a check of lost jobs), handles it, and queues the site's next page. */
  const receive = async () => {
    const reply = await results.blpop(key, 1);
    if (reply) {
      const message = JSON.parse(reply[1]) as PageResultMessage;
      const entry = open.get(message.seq);
      // A page already written, or its record already in: a job that ran twice.
      if (entry && !entry.record) {
        entry.record = message.record;
        if (mode === 'store') {
          const next = waitingBySite.get(entry.site)?.shift();
          if (next === undefined) busySites.delete(entry.site);
          else await enqueue(next);
        }
        await writeReady();
      }
    }
    if (performance.now() - lastCheck > checkMs) {
      lastCheck = performance.now();
      for (const [seq, entry] of open) {
        if (entry.record || entry.queuedAt === 0 || performance.now() - entry.queuedAt < checkMs) continue;
        if ((await queue.getJobState(`${crawl}-${seq}`)) === 'unknown' && !(await results.llen(key))) {
          summary.requeued += 1;
          await enqueue(seq);
        }
      }
    }
  };

  try {
    for (const [file, warc] of options.warcs.entries()) {
      const counts = emptyCounts();
      const output = path.join(options.outDir, `${path.basename(warc).replace(/\.warc(\.gz)?$/i, '')}.jsonl`);
      summary.warcs.push({ file: warc, output, counts });
      outputs.push(createWriteStream(output));
      for await (const page of readWarcPages(readWarcFile(warc), { counts })) {
        while (open.size >= limit) await receive();
        const seq = nextSeq++;
        const site = siteOf(page);
        open.set(seq, { job: { crawl, seq, algo, format, siteStore: options.siteStore, storePrefix: options.storePrefix ?? DEFAULT_STORE_PREFIX, ledgerPages: options.ledgerPages ?? DEFAULT_LEDGER_PAGES, page }, file, site, queuedAt: 0 });
        if (mode === 'store' && busySites.has(site)) {
          let waiting = waitingBySite.get(site);
          if (!waiting) waitingBySite.set(site, (waiting = []));
          waiting.push(seq);
          continue;
        }
        busySites.add(site);
        await enqueue(seq);
      }
    }
    while (open.size) await receive();
  } finally {
    await Promise.all(outputs.map((stream) => new Promise<void>((resolve) => stream.end(() => resolve()))));
    await results.del(key).catch(() => undefined);
    await results.quit().catch(() => results.disconnect());
    await queue.close();
  }
  summary.seconds = (performance.now() - started) / 1000;
  writeFileSync(path.join(options.outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

export interface WorkerOptions {
  redisUrl: string;
  queue?: string;
  /** Pages processed at once by this process (default 1: one core). */
  concurrency?: number;
  /** Job lock in ms (default `DEFAULT_LOCK_MS`): how soon another worker takes over a dead one's page. */
  lockMs?: number;
  /** Called after a page's store update, before its result is sent (fault-injection tests kill the process here). */
  afterPage?: (seq: number) => void;
}

export interface CrawlWorker {
  /** Pages this worker has processed. */
  readonly processed: number;
  /** Finishes the pages in hand and disconnects. */
  close(): Promise<void>;
}

/**
 * A crawl worker: takes page jobs from the queue until closed, runs the crawl's algorithm on each (with
 * the crawl's Redis site store for store algorithms) and sends back its record. Start any number, on any
 * machines that reach Redis. A worker that dies mid-page loses nothing: its job's lock runs out, another
 * worker runs the page again, and the store's ledger keeps the page from being counted twice.
 */
export async function runWorker(options: WorkerOptions): Promise<CrawlWorker> {
  const client = new Redis(options.redisUrl, { ...REDIS_CLIENT_OPTIONS });
  client.on('error', ignoreWhileReconnecting);
  const stores = new Map<string, RedisSegmentStore>();
  let processed = 0;
  const lockDuration = options.lockMs ?? DEFAULT_LOCK_MS;
  const worker = new Worker<PageJob>(
    options.queue ?? DEFAULT_QUEUE,
    async (job: Job<PageJob>) => {
      const { crawl, seq, algo, format, siteStore, storePrefix, ledgerPages, page } = job.data;
      const storeKey = `${storePrefix}\u0000${ledgerPages}`;
      let store = stores.get(storeKey);
      if (!store) stores.set(storeKey, (store = new RedisSegmentStore(client, { prefix: storePrefix, ledgerPages })));
      const output = await processOnePage(page, { algo, format, store, siteStore });
      options.afterPage?.(seq);
      const message: PageResultMessage = { seq, record: pageRecord(page, output, format) };
      await client.rpush(resultsKey(job.queueName, crawl), JSON.stringify(message));
      processed += 1;
    },
    {
      connection: connectionOptions(options.redisUrl),
      concurrency: Math.max(1, options.concurrency ?? 1),
      lockDuration,
      stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
      maxStalledCount: MAX_STALLED_RECOVERIES,
      removeOnComplete: { count: 0 },
    },
  );
  worker.on('error', ignoreWhileReconnecting);
  await worker.waitUntilReady().catch((cause: unknown) => {
    throw new WinnowError('STORE_ERROR', `Cannot reach Redis at ${options.redisUrl}: ${(cause as Error).message}. Start redis-server or pass --redis.`, { cause });
  });
  return {
    get processed() {
      return processed;
    },
    async close() {
      await worker.close();
      await client.quit().catch(() => client.disconnect());
    },
  };
}
