import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store.js';
import { labelPage, learnSegmentTable, processPage, processPageAsync, segmentTableExtractor, siteOf, type PageResult } from './process.js';
import type { AsyncSegmentStore, SegmentStore } from './store.js';
import { isSqliteAvailable, openSqliteStore } from './sqlite-store.js';
import { templatePage } from './test-support/pages.js';

const sqliteAvailable = isSqliteAvailable();
if (!sqliteAvailable) console.warn('segment-table: better-sqlite3 (an optional native module) is not installed here: SQLite tests skipped');

const here = path.dirname(fileURLToPath(import.meta.url));
const crawler = path.join(here, 'test-support', 'crawl.ts');
const directory = mkdtempSync(path.join(tmpdir(), 'winnow-segment-process-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const page = (number: number, site = 'gazette.example') => ({ id: String(number), html: templatePage(number), site });

describe('processPage', () => {
  it('learns the template within five pages and keeps each article', () => {
    const store = createMemoryStore();
    const results = Array.from({ length: 8 }, (_, index) => processPage(store, page(index + 1)));
    expect(results[0].extraction.text).toContain('The Example Gazette');
    expect(results[0].extraction.notes.join()).toMatch(/fewer than 5 pages/);
    // Page 5: header, navigation and footer segments reach DF 5.
    const fifth = results[4].extraction;
    expect(fifth.text).not.toContain('The Example Gazette');
    expect(fifth.text).not.toContain('Copyright');
    expect(fifth.text).toContain('Headline number 5');
    expect(fifth.text).toContain('Story 5.0:');
    expect(fifth.blocks.filter((block) => block.label === 'boilerplate').map((block) => block.text)).toEqual([
      'The Example Gazette', 'News you can use', 'Home', 'World', 'Sport', 'Related 0-0', 'Related 0-1', 'Related 0-2',
      'Copyright The Example Gazette', 'Contact us',
    ]);
    expect(results[7].pageNumber).toBe(8);
    expect(results[7].layoutBlocks.find((block) => block.text.startsWith('Headline'))?.template).toBe(false);
  });

  it('keeps the table bounded on a long stream (Wang et al. 2008 §2.4)', () => {
    const store = createMemoryStore();
    const sizes: number[] = [];
    for (let number = 1; number <= 400; number++) sizes.push(processPage(store, page(number)).size.segments);
    // Article segments live Tb pages, the related links their era plus Tb·N at most; the template lives on.
    expect(Math.max(...sizes.slice(100))).toBeLessThan(150);
    expect(sizes[399]).toBeLessThanOrEqual(Math.max(...sizes.slice(100, 200)));
  });

  it('takes an HTML string or bytes too, under the default site', () => {
    const store = createMemoryStore();
    expect(processPage(store, templatePage(1)).site).toBe('default');
    expect(processPage(store, new TextEncoder().encode(templatePage(2))).pageNumber).toBe(2);
    expect(processPage(store, templatePage(3), { site: 'other.example' }).pageNumber).toBe(1);
  });

  it('keeps sites apart', () => {
    const store = createMemoryStore();
    for (let number = 1; number <= 6; number++) processPage(store, page(number, 'a.example'));
    const other = processPage(store, page(7, 'b.example'));
    expect(other.pageNumber).toBe(1);
    expect(other.extraction.text).toContain('The Example Gazette');
    expect(store.sites()).toEqual(['a.example', 'b.example']);
  });

  it.skipIf(!sqliteAvailable)('gives the same results with a memory and a SQLite store', () => {
    const memory = createMemoryStore();
    const sqlite = openSqliteStore(path.join(directory, 'same.sqlite'));
    for (let number = 1; number <= 60; number++) {
      expect(processPage(sqlite, page(number), { baseLifetime: 1 })).toEqual(processPage(memory, page(number), { baseLifetime: 1 }));
    }
    sqlite.close();
  });
});

describe('rerunning pages already counted', () => {
  const STORES: [string, () => SegmentStore][] = [
    ['memory', () => createMemoryStore()],
    ...(sqliteAvailable ? ([['sqlite', () => openSqliteStore(path.join(directory, `rerun-${Math.random()}.sqlite`))]] as [string, () => SegmentStore][]) : []),
  ];
  const labels = (result: PageResult) => result.extraction.blocks.map((block) => block.label[0]).join('');

  it.each(STORES)('%s: a second run leaves the table as one run made it, labelling with it', (_name, open) => {
    const once = open();
    for (let number = 1; number <= 30; number++) processPage(once, page(number), { baseLifetime: 1 });
    const twice = open();
    for (let number = 1; number <= 30; number++) processPage(twice, page(number), { baseLifetime: 1 });
    const second = Array.from({ length: 30 }, (_, index) => processPage(twice, page(index + 1), { baseLifetime: 1 }));
    expect(twice.entries('gazette.example')).toEqual(once.entries('gazette.example'));
    expect(twice.size()).toEqual(once.size());
    expect(twice.pageCount('gazette.example')).toBe(30);
    expect(second.map((result) => [result.pageNumber, result.alreadyCounted])).toEqual(second.map((_, index) => [index + 1, true]));
    expect(second[0].extraction.notes.join()).toMatch(/page 1 of gazette.example was counted before/);
    // The labels of the rerun are those of the one-run table, not of an inflated one.
    expect(second.map(labels)).toEqual(Array.from({ length: 30 }, (_, index) => labels(labelPage(once, page(index + 1), { baseLifetime: 1 }))));
    // A changed page at the same id is a new page.
    const changed = processPage(twice, { ...page(31), id: '3' }, { baseLifetime: 1 });
    expect([changed.pageNumber, changed.alreadyCounted]).toEqual([31, false]);
    once.close();
    twice.close();
  });

  it.skipIf(!sqliteAvailable)('memory and SQLite agree on a crawl rerun after a stop at page 17', () => {
    const memory = createMemoryStore();
    const sqlite = openSqliteStore(path.join(directory, 'rerun-agree.sqlite'));
    for (let number = 1; number <= 17; number++) expect(processPage(sqlite, page(number))).toEqual(processPage(memory, page(number)));
    const reference = createMemoryStore();
    const uninterrupted = Array.from({ length: 40 }, (_, index) => processPage(reference, page(index + 1)));
    for (let number = 1; number <= 40; number++) {
      const result = processPage(sqlite, page(number));
      expect(result).toEqual(processPage(memory, page(number)));
      // Pages after the stop get exactly the labels of an uninterrupted crawl.
      if (number > 17) expect(result).toEqual(uninterrupted[number - 1]);
    }
    expect(sqlite.entries('gazette.example')).toEqual(reference.entries('gazette.example'));
    expect(sqlite.size()).toEqual(reference.size());
    sqlite.close();
  });
});

describe('siteOf', () => {
  it.each([
    [{ site: 'label', url: 'https://x.example/a' }, 'label'],
    [{ url: 'https://News.Example:8080/a?b' }, 'news.example:8080'],
    [{ url: 'not a url' }, 'default'],
    [{}, 'default'],
  ])('%o is %s', (input, expected) => {
    expect(siteOf(input)).toBe(expected);
  });
});

describe('the segment-table site extractor', () => {
  it('warms a table on training pages, then goes on incrementally', () => {
    const model = learnSegmentTable([1, 2, 3, 4, 5].map((number) => page(number)));
    expect(model.store.pageCount('gazette.example')).toBe(5);
    const extraction = segmentTableExtractor.extract(model, page(6));
    expect(extraction.text.startsWith('Headline number 6')).toBe(true);
    expect(model.store.pageCount('gazette.example')).toBe(6);
  });

  it('labels a page it has counted already without counting it again', () => {
    const model = learnSegmentTable([1, 2, 3, 4, 5, 6].map((number) => page(number)));
    const before = model.store.entries('gazette.example');
    const again = segmentTableExtractor.extract(model, page(3));
    expect(model.store.entries('gazette.example')).toEqual(before);
    expect(model.store.pageCount('gazette.example')).toBe(6);
    expect(again.text.startsWith('Headline number 3')).toBe(true);
    expect(again.notes.join()).toMatch(/counted before/);
  });
});

function crawl(file: string, from: number, to: number): { page: number; labels: string; size: unknown }[] {
  const result = spawnSync(process.execPath, ['--import', 'tsx', crawler, file, String(from), String(to)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`crawler failed: ${result.stderr}`);
  return result.stdout.trim().split('\n').map((line) => JSON.parse(line));
}

describe.skipIf(!sqliteAvailable)('stop and resume (SQLite store, separate processes)', () => {
  it('pages 1-50, stop, then 51-100 in a new process give the labels of 1-100 in one run', () => {
    const once = crawl(path.join(directory, 'once.sqlite'), 1, 100);
    const resumedFile = path.join(directory, 'resumed.sqlite');
    const resumed = [...crawl(resumedFile, 1, 50), ...crawl(resumedFile, 51, 100)];
    expect(resumed).toEqual(once);
    expect(once).toHaveLength(100);
    // The run saw the template and its expiries.
    expect(once[99].labels).toMatch(/^b+c+b+$/);
  }, 120_000);

  it('a process killed mid-stream leaves an intact store that goes on where it stopped', async () => {
    const file = path.join(directory, 'killed.sqlite');
    const child = spawn(process.execPath, ['--import', 'tsx', crawler, file, '1', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`crawler exited early with ${code}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        lines += chunk.toString().split('\n').length - 1;
        if (lines >= 40) {
          child.removeAllListeners('exit');
          child.on('exit', () => resolve());
          child.kill('SIGKILL');
        }
      });
    });
    const store = openSqliteStore(file);
    expect(store.integrityCheck()).toBe('ok');
    const pages = store.pageCount('gazette.example');
    // Every printed page was committed; pages processed after the last print may be there too.
    expect(pages).toBeGreaterThanOrEqual(40);
    const entries = store.entries('gazette.example');
    expect(store.size('gazette.example').segments).toBe(entries.length);
    store.close();
    // It goes on from the next page, as an uninterrupted crawl would.
    const next = crawl(file, pages + 1, pages + 1)[0];
    const reference = crawl(path.join(directory, 'reference.sqlite'), 1, pages + 1).at(-1);
    expect(next).toEqual(reference);
  }, 120_000);
});

describe('processPageAsync', () => {
  it('gives what processPage gives, on a store of either kind', async () => {
    const sync = createMemoryStore();
    const inner = createMemoryStore();
    // The memory store behind promises: the async form of the same contract.
    const asyncStore = Object.fromEntries(
      (['applyPage', 'countedPage', 'lookup', 'size', 'pageCount', 'sites', 'entries', 'close'] as const).map((name) => [
        name,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        (...args: unknown[]) => Promise.resolve((inner[name] as (...a: any[]) => unknown)(...args)),
      ]),
    ) as unknown as AsyncSegmentStore;
    for (let number = 1; number <= 12; number++) {
      expect(await processPageAsync(asyncStore, page(number), { baseLifetime: 1 })).toEqual(processPage(sync, page(number), { baseLifetime: 1 }));
    }
  });

  it('gives a page counted before its first result while it is still its site latest page (a retried worker)', async () => {
    const store = createMemoryStore();
    const results = [1, 2, 3, 4, 5, 6].map((number) => processPage(store, page(number)));
    const retried = await processPageAsync(store, page(6));
    expect(retried.alreadyCounted).toBe(true);
    expect(retried.extraction).toEqual(results[5].extraction);
    // Not the latest any more: labelled with the table as it is, and its notes say so.
    expect(processPage(store, page(5)).extraction.notes.join()).toMatch(/page 5 of gazette.example was counted before/);
    expect(store.pageCount('gazette.example')).toBe(6);
  });
});
