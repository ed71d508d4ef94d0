import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, processPage, siteOf } from '@winnow/segment-table';
import { renderExtraction, type Page } from '@winnow/dom-blocks';
import { extractWarcFiles, readWarcFiles } from './extract-warc.js';
import { crawlModeOf, DEFAULT_CRAWL_ALGORITHM, extractWithSiteStore, type PageRecord } from './process-page.js';
import { runCrawl, runWorker } from './queue.js';
import { openRedisStore } from './redis-store.js';
import { writeFixtureWarc } from './test-support/fixture-warc.js';
import { findRedisServer, startRedis, type TestRedis } from './test-support/redis-server.js';
import type { WarcCounts } from './warc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let fixture: { directory: string; file: string };
beforeAll(async () => {
  fixture = await writeFixtureWarc();
});
afterAll(() => rmSync(fixture.directory, { recursive: true, force: true }));

async function records(algo: string, workers: number, counts?: WarcCounts[], siteStore?: boolean): Promise<PageRecord[]> {
  const all: PageRecord[] = [];
  for await (const record of extractWarcFiles([fixture.file], { algo, format: 'text', workers, counts, siteStore })) all.push(record);
  return all;
}

function readJsonl(file: string): PageRecord[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as PageRecord);
}

describe('extract over a WARC', () => {
  it('gives one record per HTML page with its URL, record id, text and notes, and counts the rest', async () => {
    const counts: WarcCounts[] = [];
    const all = await records('plain', 1, counts);
    expect(counts).toEqual([{ records: 83, pages: 36, notResponse: 37, nonHtml: 6, truncated: 2, malformed: 2 }]);
    expect(all).toHaveLength(36);
    expect(all[0]).toMatchObject({ url: 'http://site0.example/story/1', site: 'site0.example', warcRecordId: expect.stringMatching(/^<urn:uuid:/), metadata: {} });
    expect(all[0].text).toContain('Story 1 on site0.example');
  });

  it("runs winnow's own extractor by default, page by page, its records carrying the page's metadata and content", async () => {
    expect(DEFAULT_CRAWL_ALGORITHM).toBe('winnow');
    expect(crawlModeOf(DEFAULT_CRAWL_ALGORITHM)).toBe('page');
    const all = await records(DEFAULT_CRAWL_ALGORITHM, 1);
    expect(all).toHaveLength(36);
    expect(all.every((record) => !record.error)).toBe(true);
    expect(all[0]).toMatchObject({ url: 'http://site0.example/story/1', site: 'site0.example', metadata: { title: 'Story 1 on site0.example' } });
    expect(all[0].text).toContain('Story 1 on site0.example');
    expect(all[0].text).not.toContain('All rights reserved');
  });

  it('gives Markdown records with the options passed to the algorithm', async () => {
    const markdown: PageRecord[] = [];
    for await (const record of extractWarcFiles([fixture.file], { algo: 'winnow', format: 'markdown', workers: 1, options: { markdown: { links: true } } })) markdown.push(record);
    expect(markdown[0].markdown).toMatch(/^# Story 1 on site0\.example\n\n/);
    expect(markdown[0].text).toBeUndefined();
  });

  it.each(['plain', 'winnow', 'segment-table'])('%s: gives the same records on 2 worker threads as on one', async (algo) => {
    expect(await records(algo, 2)).toEqual(await records(algo, 1));
  });

  it('segment-table: one thread gives what processPage gives over the pages in WARC order', async () => {
    const store = createMemoryStore();
    const expected: string[] = [];
    for await (const page of readWarcFiles([fixture.file])) expected.push(renderExtraction(processPage(store, page).extraction, 'text'));
    expect((await records('segment-table', 1)).map((record) => record.text)).toEqual(expected);
    // The template is found once a site has enough pages: later pages lose the menu and footer.
    expect(expected.at(-2)).not.toMatch(/All rights reserved/);
  });

  it('winnow --site-store: learns each site from its pages before, in WARC order, the same on 2 threads as on one', async () => {
    expect(crawlModeOf('winnow', true)).toBe('store');
    expect(() => crawlModeOf('plain', true)).toThrow(/--site-store keeps the site model of winnow/);
    expect(() => crawlModeOf('segment-table', true)).toThrow(/always keeps its site state in the store/);
    const all = await records('winnow', 1, undefined, true);
    expect(all).toHaveLength(36);
    expect(all.every((record) => !record.error)).toBe(true);
    const alone = await records('winnow', 1);
    for (const site of ['site0.example', 'site1.example', 'site2.example']) {
      const ofSite = all.filter((record) => record.site === site);
      const aloneOfSite = alone.filter((record) => record.site === site);
      // A site's first page is judged alone; the next two with too few pages before them.
      expect(ofSite[0].text).toBe(aloneOfSite[0].text);
      expect(ofSite[0].notes).toEqual(aloneOfSite[0].notes);
      expect(ofSite[1].notes.join(' ')).toMatch(/site evidence unused: learned from 1 page/);
      // From the fourth page on, the evidence of the site's pages before it.
      for (const record of ofSite.slice(3)) expect(record.notes.join(' ')).toMatch(/site evidence|site's template/);
    }
    expect(await records('winnow', 2, undefined, true)).toEqual(all);
  });

  it('winnow --site-store: a page processed twice (a retried job) is counted once and judged as the first time', async () => {
    const store = createMemoryStore();
    const pages: Page[] = [];
    for await (const page of readWarcFiles([fixture.file])) if (siteOf(page) === 'site0.example' && pages.length < 5) pages.push(page);
    expect(pages).toHaveLength(5);
    const outputs = [];
    for (const page of pages) outputs.push(await extractWithSiteStore(store, page));
    expect(store.pageCount('site0.example')).toBe(5);
    expect(await extractWithSiteStore(store, pages[4])).toEqual(outputs[4]);
    expect(store.pageCount('site0.example')).toBe(5);
  });

  it('refuses a site algorithm that learns from a folder', async () => {
    await expect(records('fce', 1)).rejects.toThrow(/learns a site model in memory/);
  });
});

const redisAvailable = findRedisServer() !== undefined;
if (!redisAvailable) console.warn('crawl: redis-server is not installed (apt-get install redis-server): distributed crawl tests skipped');

describe.skipIf(!redisAvailable)('crawl on Redis', () => {
  let redis: TestRedis;
  let run = 0;
  beforeAll(async () => {
    redis = await startRedis({ appendonly: true });
  });
  afterAll(async () => redis?.stop());
  const names = () => {
    run += 1;
    return { queue: `test-queue-${run}`, storePrefix: `test-store-${run}:`, outDir: path.join(fixture.directory, `out-${run}`) };
  };

  it.each([
    ['plain', false],
    ['winnow', false],
    ['segment-table', false],
    ['winnow', true],
  ])('%s (site store: %s): 2 workers give the records of one process', async (algo, siteStore) => {
    const { queue, storePrefix, outDir } = names();
    const workers = await Promise.all([runWorker({ redisUrl: redis.url, queue }), runWorker({ redisUrl: redis.url, queue })]);
    const summary = await runCrawl({ warcs: [fixture.file], redisUrl: redis.url, outDir, algo, queue, storePrefix, siteStore });
    await Promise.all(workers.map((worker) => worker.close()));
    expect(summary).toMatchObject({ pages: 36, failed: 0, warcs: [{ counts: { records: 83, pages: 36 } }] });
    expect(readJsonl(path.join(outDir, 'fixture.jsonl'))).toEqual(await records(algo, 1, undefined, siteStore));
    // Both workers took pages.
    expect(workers.every((worker) => worker.processed > 0)).toBe(true);
    if (algo === 'segment-table' || siteStore) {
      const store = openRedisStore(redis.url, { prefix: storePrefix });
      expect(await store.sites()).toEqual(['site0.example', 'site1.example', 'site2.example']);
      expect(await Promise.all((await store.sites()).map((site) => store.pageCount(site)))).toEqual([12, 12, 12]);
      await store.close();
    }
  });

  function spawnWorker(queue: string, killAt?: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'test-support', 'run-worker.ts'), redis.url, queue, '1500', ...(killAt === undefined ? [] : [String(killAt)])], { stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
      child.stdout?.once('data', () => resolve(child));
      child.once('exit', (code, signal) => reject(new Error(`worker exited early: ${code ?? signal}`)));
    });
  }
  const exited = (child: ChildProcess) => new Promise<string | null>((resolve) => (child.exitCode !== null || child.signalCode ? resolve(child.signalCode) : child.once('exit', (_code, signal) => resolve(signal))));

  it('a worker killed (SIGKILL) after counting a page loses no page and counts none twice', async () => {
    const { queue, storePrefix, outDir } = names();
    const doomed = await spawnWorker(queue, 10);
    const crawl = runCrawl({ warcs: [fixture.file], redisUrl: redis.url, outDir, algo: 'segment-table', queue, storePrefix });
    expect(await exited(doomed)).toBe('SIGKILL');
    // Two workers take over; the dead worker's page comes back once its lock runs out.
    const survivors = await Promise.all([spawnWorker(queue), spawnWorker(queue)]);
    const summary = await crawl;
    survivors.forEach((child) => child.kill('SIGTERM'));
    await Promise.all(survivors.map(exited));
    expect(summary.pages).toBe(36);
    expect(readJsonl(path.join(outDir, 'fixture.jsonl'))).toEqual(await records('segment-table', 1));
    const store = openRedisStore(redis.url, { prefix: storePrefix });
    expect(await Promise.all((await store.sites()).map((site) => store.pageCount(site)))).toEqual([12, 12, 12]);
    await store.close();
  }, 60_000);

  it('a Redis restart mid-run (append-only file on) does not stop the run or change its records', async () => {
    const { queue, storePrefix, outDir } = names();
    const workers = await Promise.all([runWorker({ redisUrl: redis.url, queue, lockMs: 1500 }), runWorker({ redisUrl: redis.url, queue, lockMs: 1500 })]);
    let restarted: Promise<void> | undefined;
    const summary = await runCrawl({
      warcs: [fixture.file],
      redisUrl: redis.url,
      outDir,
      algo: 'segment-table',
      queue,
      storePrefix,
      checkMs: 2000,
      onProgress: (done) => {
        if (done === 12) restarted = redis.restart(300);
      },
    });
    await restarted;
    await Promise.all(workers.map((worker) => worker.close()));
    expect(restarted).toBeDefined();
    expect(summary.pages).toBe(36);
    expect(readJsonl(path.join(outDir, 'fixture.jsonl'))).toEqual(await records('segment-table', 1));
    const store = openRedisStore(redis.url, { prefix: storePrefix });
    expect(await Promise.all((await store.sites()).map((site) => store.pageCount(site)))).toEqual([12, 12, 12]);
    await store.close();
  });
});
