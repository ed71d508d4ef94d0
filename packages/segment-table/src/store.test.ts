import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isWinnowError } from '@winnow/dom-blocks';
import { createMemoryStore } from './memory-store.js';
import { isSqliteAvailable, openSqliteStore } from './sqlite-store.js';
import { ENTRY_OVERHEAD_BYTES, entryBytes, type SegmentStore } from './store.js';

const sqliteAvailable = isSqliteAvailable();
if (!sqliteAvailable) console.warn('segment-table: better-sqlite3 (an optional native module) is not installed here: SQLite tests skipped');

const directory = mkdtempSync(path.join(tmpdir(), 'winnow-segment-store-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let files = 0;

const STORES: [string, () => SegmentStore][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => openSqliteStore(path.join(directory, `store-${files++}.sqlite`))],
];
const lifetime = { baseLifetime: 2, lifetimeGrowth: 3 };
const key = (text: string, nodePath = 'HTML.BODY.DIV') => ({ path: nodePath, text });

describe.each(STORES.filter(([name]) => sqliteAvailable || name !== 'sqlite'))('%s store', (_name, open) => {
  it('numbers pages per site and increments DFs per segment', () => {
    const store = open();
    expect(store.applyPage('a.example', [key('x'), key('y')], lifetime)).toMatchObject({ pageNumber: 1, documentFrequencies: [1, 1], removed: 0 });
    expect(store.applyPage('a.example', [key('x'), key('z')], lifetime)).toMatchObject({ pageNumber: 2, documentFrequencies: [2, 1] });
    expect(store.applyPage('b.example', [key('x')], lifetime)).toMatchObject({ pageNumber: 1, documentFrequencies: [1] });
    // Same text on another path is another segment.
    expect(store.applyPage('a.example', [key('x', 'HTML.BODY.P')], lifetime).documentFrequencies).toEqual([1]);
    expect(store.pageCount('a.example')).toBe(3);
    expect(store.lookup('a.example', [key('x'), key('nope'), key('x', 'HTML.BODY.P')])).toEqual([2, 0, 1]);
    expect(store.lookup('nowhere', [key('x')])).toEqual([0]);
    expect(store.pageCount('nowhere')).toBe(0);
    expect(store.sites()).toEqual(['a.example', 'b.example']);
    store.close();
    store.close();
  });

  it('removes a segment once it has not appeared for its lifetime (paper 002 §2.4)', () => {
    const store = open();
    // df 1, Tb 2: seen on page 1, kept through page 2, removed by the shrinkage of page 3.
    store.applyPage('s', [key('once'), key('always')], lifetime);
    expect(store.applyPage('s', [key('always')], lifetime).removed).toBe(0);
    const third = store.applyPage('s', [key('always')], lifetime);
    expect(third.removed).toBe(1);
    expect(store.entries('s').map((entry) => entry.text)).toEqual(['always']);
    // Back after its removal, it starts again from DF 1.
    expect(store.applyPage('s', [key('once'), key('always')], lifetime).documentFrequencies).toEqual([1, 4]);
    expect(store.entries('s')[0]).toEqual({ path: 'HTML.BODY.DIV', text: 'always', df: 4, lastSeen: 4, expiresAfter: 4 + Math.ceil(6 / (1 + 2 * Math.exp(-3))) - 1 });
    store.close();
  });

  it('reports its size after each page: segments and bytes, per site and in all', () => {
    const store = open();
    const first = store.applyPage('s', [key('héllo'), key('x')], lifetime);
    expect(first.size).toEqual({ segments: 2, bytes: entryBytes(key('héllo')) + entryBytes(key('x')) });
    expect(entryBytes(key('héllo'))).toBe('HTML.BODY.DIV'.length + 6 + ENTRY_OVERHEAD_BYTES);
    store.applyPage('t', [key('x')], lifetime);
    expect(store.size('s')).toEqual(first.size);
    expect(store.size()).toEqual({ segments: 3, bytes: first.size.bytes + entryBytes(key('x')) });
    store.applyPage('s', [], lifetime);
    expect(store.applyPage('s', [], lifetime).size).toEqual({ segments: 0, bytes: 0 });
    expect(store.size('unknown')).toEqual({ segments: 0, bytes: 0 });
    store.close();
  });

  it('counts a page key once: the same key again changes nothing and gives its number and current DFs', () => {
    const store = open();
    const first = { id: 'a.html', contentHash: 'h1' };
    expect(store.applyPage('s', [key('x'), key('y')], lifetime, first)).toMatchObject({ alreadyCounted: false, pageNumber: 1 });
    expect(store.applyPage('s', [key('x')], lifetime, { id: 'b.html', contentHash: 'h2' })).toMatchObject({ alreadyCounted: false, pageNumber: 2, documentFrequencies: [2] });
    const entries = store.entries('s');
    const size = store.size('s');
    expect(store.applyPage('s', [key('x'), key('y')], lifetime, first)).toEqual({ alreadyCounted: true, pageNumber: 1, documentFrequencies: [2, 1], removed: 0, size });
    expect(store.entries('s')).toEqual(entries);
    expect(store.pageCount('s')).toBe(2);
    expect(store.countedPage('s', first)).toBe(1);
    // Changed content at the same id is a new page; the same key on another site is another page.
    expect(store.applyPage('s', [key('x')], lifetime, { id: 'a.html', contentHash: 'h3' })).toMatchObject({ alreadyCounted: false, pageNumber: 3 });
    expect(store.applyPage('t', [key('x')], lifetime, first)).toMatchObject({ alreadyCounted: false, pageNumber: 1 });
    expect(store.countedPage('s', { id: 'a.html', contentHash: 'nope' })).toBeUndefined();
    expect(store.countedPage('nowhere', first)).toBeUndefined();
    store.close();
  });

  it('refuses to go on with other lifetime parameters', () => {
    const store = open();
    store.applyPage('s', [key('x')], lifetime);
    try {
      store.applyPage('s', [key('x')], { baseLifetime: 3, lifetimeGrowth: 3 });
      expect.unreachable();
    } catch (error) {
      expect(isWinnowError(error) && error.code).toBe('INVALID_OPTIONS');
    }
    // Nothing of the refused page was stored.
    expect(store.pageCount('s')).toBe(1);
    store.close();
  });
});

describe.skipIf(!sqliteAvailable)('memory and SQLite stores agree', () => {
  it('on a long random stream with expiries', () => {
    const memory = createMemoryStore();
    const sqlite = openSqliteStore(path.join(directory, 'agree.sqlite'));
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let page = 0; page < 300; page++) {
      const keys = new Map<string, { path: string; text: string }>();
      for (let i = 0; i < 20; i++) {
        const text = `w${Math.floor(random() * random() * 60)}`;
        keys.set(text, key(text));
      }
      const site = page % 3 === 0 ? 'b' : 'a';
      // Every fifth page repeats an earlier page key: both stores must see it as counted.
      const pageKey = { id: `p${page % 5 === 4 ? page - 2 : page}`, contentHash: 'same' };
      expect(sqlite.applyPage(site, [...keys.values()], lifetime, pageKey)).toEqual(memory.applyPage(site, [...keys.values()], lifetime, pageKey));
    }
    expect(sqlite.entries('a')).toEqual(memory.entries('a'));
    expect(sqlite.size()).toEqual(memory.size());
    sqlite.close();
  });
});

describe.skipIf(!sqliteAvailable)('SQLite store files', () => {
  it('keeps tables across close and reopen', () => {
    const file = path.join(directory, 'reopen.sqlite');
    const first = openSqliteStore(file);
    first.applyPage('s', [key('x')], lifetime);
    first.close();
    const second = openSqliteStore(file);
    expect(second.applyPage('s', [key('x')], lifetime)).toMatchObject({ pageNumber: 2, documentFrequencies: [2] });
    expect(second.integrityCheck()).toBe('ok');
    second.close();
    const readonly = openSqliteStore(file, { readonly: true });
    expect(readonly.pageCount('s')).toBe(2);
    readonly.close();
  });

  it.each([
    ['a text file', 'not a database at all, just text that is long enough to fill a header of one hundred bytes...........'],
  ])('refuses %s with STORE_ERROR', (_what, content) => {
    const file = path.join(directory, 'garbage.sqlite');
    writeFileSync(file, content);
    try {
      openSqliteStore(file);
      expect.unreachable();
    } catch (error) {
      expect(isWinnowError(error) && error.code).toBe('STORE_ERROR');
      expect((error as Error).message).toMatch(/new store file/);
    }
  });

  it('refuses a schema-1 file (no ledger) with STORE_ERROR, leaving it unchanged', () => {
    const file = path.join(directory, 'schema1.sqlite');
    const old = openSqliteStore(file);
    old.close();
    const Database = createRequire(import.meta.url)('better-sqlite3');
    const raw = new Database(file);
    raw.exec("DROP TABLE pages; UPDATE winnow_meta SET value = '1' WHERE key = 'schema'");
    raw.close();
    expect(() => openSqliteStore(file)).toThrow(/schema 1, not 2: it keeps no record of which pages it counted.*new store file/);
    const after = new Database(file, { readonly: true });
    expect(after.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'pages'").get().n).toBe(0);
    after.close();
  });

  it('refuses a missing directory with STORE_ERROR', () => {
    expect(() => openSqliteStore(path.join(directory, 'no', 'such', 'dir.sqlite'))).toThrow(/Cannot open the segment store/);
  });
});
