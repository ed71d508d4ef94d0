import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDatasetsDir, missingData } from '@winnow/eval';
import { extractWarcFiles, runCrawl, type PageRecord, type WarcCounts } from '../src/index.js';
import { datasetSitesPresent, writeDatasetWarc } from '../src/test-support/dataset-warc.js';
import { findRedisServer, startRedis, type TestRedis } from '../src/test-support/redis-server.js';

// The dataset WARC through `extract` on one thread, on 2 threads, and through `crawl` with 2 worker
// processes on Redis: the same record for every page.
const datasetsDir = defaultDatasetsDir();
const present = datasetSitesPresent(datasetsDir);
const redisPresent = findRedisServer() !== undefined;
const here = path.dirname(fileURLToPath(import.meta.url));

describe('a WARC of the dataset sites', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'winnow-crawl-dataset-'));
  const file = path.join(directory, 'datasets.warc.gz');
  let records = 0;
  let single: PageRecord[] = [];
  const counts: WarcCounts[] = [];
  beforeAll(async () => {
    if (present) records = await writeDatasetWarc(datasetsDir, file);
  }, 120_000);
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const extract = async (workers: number, into: WarcCounts[] = []) => {
    const all: PageRecord[] = [];
    for await (const record of extractWarcFiles([file], { algo: 'plain', format: 'text', workers, counts: into })) all.push(record);
    return all;
  };

  it('has over 5,000 records of every kind, and extract on one thread reads them all', async (context) => {
    if (!present) return missingData('crawl dataset WARC', path.join(datasetsDir, 'cetd, debian-sites'), context);
    single = await extract(1, counts);
    expect(records).toBeGreaterThanOrEqual(5000);
    const [read] = counts;
    expect(read.records).toBe(records);
    expect(read.pages).toBe(single.length);
    expect(read.pages).toBe(600 - 6);
    expect(read.nonHtml).toBe(600 * 7);
    // 6 marked WARC-Truncated, the last one cut by the end of the file.
    expect(read.truncated).toBe(7);
    expect(read.malformed).toBe(2);
    expect(read.notResponse).toBe(1 + 600 + 12);
    expect(single.filter((record) => record.error)).toEqual([]);
    expect(new Set(single.map((record) => record.site)).size).toBe(10);
    // gri is Latin-1, declared by the HTTP header: no replacement characters.
    expect(single.filter((record) => record.site.startsWith('debian-sites-gri')).some((record) => record.text?.includes('\ufffd'))).toBe(false);
  }, 300_000);

  it('gives the same records on 2 worker threads', async (context) => {
    if (!present) return missingData('crawl dataset WARC', datasetsDir, context);
    expect(await extract(2)).toEqual(single);
  }, 300_000);

  describe.skipIf(!redisPresent)('and on Redis', () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => redis?.stop());

    it('gives the same records through crawl with 2 worker processes', async (context) => {
      if (!present) return missingData('crawl dataset WARC', datasetsDir, context);
      const workers: ChildProcess[] = await Promise.all(
        [0, 1].map(
          () =>
            new Promise<ChildProcess>((resolve, reject) => {
              const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/test-support/run-worker.ts'), redis.url, 'dataset', '30000'], { stdio: ['ignore', 'pipe', 'inherit'] });
              child.stdout?.once('data', () => resolve(child));
              child.once('exit', (code) => reject(new Error(`worker exited: ${code}`)));
            }),
        ),
      );
      const outDir = path.join(directory, 'out');
      const summary = await runCrawl({ warcs: [file], redisUrl: redis.url, outDir, algo: 'plain', queue: 'dataset' });
      await Promise.all(workers.map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))));
      expect(summary.warcs[0].counts).toEqual(counts[0]);
      const lines = readFileSync(path.join(outDir, 'datasets.jsonl'), 'utf8').trim().split('\n');
      expect(lines.map((line) => JSON.parse(line) as PageRecord)).toEqual(single);
    }, 300_000);
  });
});
