import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isWinnowError } from '@winnow/dom-blocks';
import { createMemoryStore } from './memory-store.js';
import { isSqliteAvailable, openSqliteStore } from './sqlite-store.js';
import type { SegmentStore } from './store.js';
import { segmentStoreSuite } from './store-suite.js';

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

for (const [name, open] of STORES.filter(([name]) => sqliteAvailable || name !== 'sqlite')) segmentStoreSuite({ describe, it, expect }, name, open);

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
