// Throughput of extract over a WARC (1 and 2 threads), of crawl on Redis (1 and 2 worker processes),
// and the per-page cost of the Redis segment store against the in-memory one.
//   pnpm --filter @winnow/crawl bench [pages per site = 20] [algorithm = the crawl default, winnow]
// Reads the dataset sites from DATASETS_DIR (default ../shared/datasets); starts its own redis-server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDatasetsDir } from '@winnow/eval';
import { createMemoryStore, processPageAsync, type AnySegmentStore } from '@winnow/segment-table';
import { DEFAULT_CRAWL_ALGORITHM, extractWarcFiles, openRedisStore, readWarcFiles, runCrawl, type WarcPage } from '../src/index.js';
import { buildWarc } from '../src/test-support/build-warc.js';
import { datasetRecords } from '../src/test-support/dataset-warc.js';
import { startRedis } from '../src/test-support/redis-server.js';

const perSite = Number(process.argv[2] ?? 20);
const algo = process.argv[3] ?? DEFAULT_CRAWL_ALGORITHM;
const here = path.dirname(fileURLToPath(import.meta.url));
const directory = mkdtempSync(path.join(tmpdir(), 'winnow-crawl-bench-'));
const file = path.join(directory, 'bench.warc.gz');
const chunks: Uint8Array[] = [];
for await (const chunk of buildWarc(datasetRecords(defaultDatasetsDir(), perSite), { gzip: true })) chunks.push(chunk);
writeFileSync(file, Buffer.concat(chunks));

const rate = (pages: number, ms: number) => `${((pages * 1000) / ms).toFixed(1)} pages/s`;
console.log(`| run | pages | time s | throughput |\n|---|---:|---:|---:|`);
for (const workers of [1, 2]) {
  const started = performance.now();
  let pages = 0;
  for await (const record of extractWarcFiles([file], { algo, format: 'text', workers })) pages += record.error ? 0 : 1;
  const ms = performance.now() - started;
  console.log(`| extract --workers ${workers} (${algo}) | ${pages} | ${(ms / 1000).toFixed(1)} | ${rate(pages, ms)} |`);
}

const redis = await startRedis();
for (const count of [1, 2]) {
  const workers: ChildProcess[] = await Promise.all(
    Array.from({ length: count }, () => new Promise<ChildProcess>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/test-support/run-worker.ts'), redis.url, `bench-${count}`, '30000'], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout?.once('data', () => resolve(child));
    })),
  );
  const summary = await runCrawl({ warcs: [file], redisUrl: redis.url, outDir: path.join(directory, `out-${count}`), algo, queue: `bench-${count}` });
  workers.forEach((child) => child.kill('SIGTERM'));
  console.log(`| crawl, ${count} worker process${count > 1 ? 'es' : ''} (${algo}) | ${summary.pages} | ${summary.seconds.toFixed(1)} | ${rate(summary.pages, summary.seconds * 1000)} |`);
}

// segment-table over the same pages in WARC order, one process: memory store, then Redis store.
const pages: WarcPage[] = [];
for await (const page of readWarcFiles([file])) pages.push(page);
const timeStore = async (store: AnySegmentStore) => {
  const started = performance.now();
  for (const page of pages) await processPageAsync(store, page);
  return (performance.now() - started) / pages.length;
};
const memoryMs = await timeStore(createMemoryStore());
const redisStore = openRedisStore(redis.url, { prefix: 'bench:' });
const redisMs = await timeStore(redisStore);
await redisStore.close();
console.log(`\nsegment-table, ${pages.length} pages: memory store ${memoryMs.toFixed(2)} ms/page, Redis store ${redisMs.toFixed(2)} ms/page: ${(redisMs - memoryMs).toFixed(2)} ms/page for the store round trip (${(((redisMs - memoryMs) / memoryMs) * 100).toFixed(0)} %)`);
await redis.stop();
rmSync(directory, { recursive: true, force: true });
