import { createRequire } from 'node:module';
import { WinnowError } from '@winnow/dom-blocks';
import { expiryPage, type LifetimeParameters } from './options.js';
import { lifetimeMismatch } from './memory-store.js';
import type { SegmentKey } from './segment.js';
import { compareEntries, entryBytes, sameLifetime, type PageKey, type PageUpdate, type SegmentEntry, type SegmentStore, type StoreSize } from './store.js';

/**
 * Bumped when the file layout changes; a file of another version is refused, not misread. Version 2 adds
 * the `pages` ledger; a version-1 file cannot be migrated (it does not say which pages it counted).
 */
export const SQLITE_SCHEMA_VERSION = 2;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS winnow_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sites (
  id INTEGER PRIMARY KEY,
  site TEXT NOT NULL UNIQUE,
  pages INTEGER NOT NULL,
  segments INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  base_lifetime REAL NOT NULL,
  lifetime_growth REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS segments (
  site_id INTEGER NOT NULL,
  path TEXT NOT NULL,
  text TEXT NOT NULL,
  df INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  expires_after INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (site_id, path, text)
);
CREATE INDEX IF NOT EXISTS segments_by_deadline ON segments (site_id, expires_after);
CREATE TABLE IF NOT EXISTS pages (
  site_id INTEGER NOT NULL,
  page_id TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  page_number INTEGER NOT NULL,
  PRIMARY KEY (site_id, page_id, content_hash)
) WITHOUT ROWID;
`;

/** The subset of better-sqlite3's API this store uses (its types stay out of the public surface). */
interface Statement {
  run(...parameters: unknown[]): { changes: number };
  get(...parameters: unknown[]): any;
  all(...parameters: unknown[]): any[];
}
interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(sql: string, options?: { simple?: boolean }): unknown;
  function(name: string, options: { deterministic: boolean }, implementation: (...args: any[]) => unknown): void;
  transaction<F extends (...args: any[]) => any>(fn: F): F & { immediate: F };
  close(): void;
  readonly open: boolean;
}
type DatabaseConstructor = new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number }) => Database;

let constructorCache: DatabaseConstructor | undefined;

/** Loads better-sqlite3 on first use, so the in-memory store works where the native module is missing. */
function loadDatabase(): DatabaseConstructor {
  if (constructorCache) return constructorCache;
  try {
    const require = createRequire(import.meta.url);
    constructorCache = require('better-sqlite3') as DatabaseConstructor;
    return constructorCache;
  } catch (error) {
    throw new WinnowError(
      'STORE_ERROR',
      'The SQLite store needs the native module better-sqlite3, which could not be loaded. Install it (it builds with ' +
        'node-gyp when no prebuilt binary fits: python3, make and a C++ compiler), e.g. `pnpm rebuild better-sqlite3`, ' +
        'or use the in-memory store.',
      { cause: error },
    );
  }
}

/**
 * Whether better-sqlite3 loads here. It is an optional dependency: where its native build fails (no
 * prebuilt binary, no compiler), installing winnow still succeeds and only the SQLite store is missing.
 */
export function isSqliteAvailable(): boolean {
  try {
    loadDatabase();
    return true;
  } catch {
    return false;
  }
}

export interface SqliteStoreOptions {
  /** Open without writing (inspection); `applyPage` then fails. Default false. */
  readonly?: boolean;
  /** Milliseconds to wait for another process's write lock. Default 5000. */
  busyTimeout?: number;
}

interface SiteRow {
  id: number;
  pages: number;
  segments: number;
  bytes: number;
  base_lifetime: number;
  lifetime_growth: number;
}

/**
 * A store in one SQLite file (WAL journal), holding the tables of many sites keyed by host: the CLI's
 * embedded default. Each page is one immediate transaction, so a process killed mid-page loses that
 * page only, and a crawl resumed from the file gives the results of an uninterrupted one.
 */
export class SqliteSegmentStore implements SegmentStore {
  readonly kind = 'sqlite';
  readonly file: string;
  readonly #database: Database;
  readonly #statements: Record<string, Statement>;
  readonly #applyPage: (site: string, keys: readonly SegmentKey[], lifetime: LifetimeParameters, pageKey?: PageKey) => PageUpdate;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    const Database = loadDatabase();
    this.file = file;
    try {
      this.#database = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false, timeout: options.busyTimeout ?? 5000 });
    } catch (error) {
      throw new WinnowError('STORE_ERROR', `Cannot open the segment store ${file}: ${(error as Error).message}. Check the path and its permissions.`, { cause: error });
    }
    const database = this.#database;
    try {
      // The version is checked before anything is written, so a file of another version is left as it was.
      const hasMeta = database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'winnow_meta'").get() !== undefined;
      let version = hasMeta ? (database.prepare("SELECT value FROM winnow_meta WHERE key = 'schema'").get() as { value: string } | undefined)?.value : undefined;
      if (!options.readonly) {
        database.pragma('journal_mode = WAL');
        // In WAL mode NORMAL loses no committed transaction when the process dies (only on power loss).
        database.pragma('synchronous = NORMAL');
        if (version === undefined) {
          database.exec(SCHEMA);
          database.prepare('INSERT OR IGNORE INTO winnow_meta (key, value) VALUES (?, ?)').run('schema', String(SQLITE_SCHEMA_VERSION));
          version = (database.prepare("SELECT value FROM winnow_meta WHERE key = 'schema'").get() as { value: string }).value;
        }
      }
      if (version !== String(SQLITE_SCHEMA_VERSION)) {
        const older = version !== undefined && Number(version) < SQLITE_SCHEMA_VERSION;
        throw new WinnowError(
          'STORE_ERROR',
          `${file} holds segment tables of schema ${version ?? 'unknown'}, not ${SQLITE_SCHEMA_VERSION}` +
            (older
              ? ': it keeps no record of which pages it counted, so it cannot be resumed without counting pages twice. Rerun the crawl into a new store file.'
              : ': use a new store file.'),
        );
      }
    } catch (error) {
      database.close();
      if (error instanceof WinnowError) throw error;
      throw new WinnowError('STORE_ERROR', `${file} is not a usable segment store: ${(error as Error).message}. Use a new store file.`, { cause: error });
    }
    database.function('winnow_expiry', { deterministic: true }, (lastSeen: number, df: number, baseLifetime: number, lifetimeGrowth: number) =>
      expiryPage(Number(lastSeen), Number(df), { baseLifetime, lifetimeGrowth }),
    );
    const statements = (this.#statements = {
      site: database.prepare('SELECT id, pages, segments, bytes, base_lifetime, lifetime_growth FROM sites WHERE site = ?'),
      insertSite: database.prepare('INSERT INTO sites (site, pages, segments, bytes, base_lifetime, lifetime_growth) VALUES (?, 0, 0, 0, ?, ?) RETURNING id'),
      updateSite: database.prepare('UPDATE sites SET pages = ?, segments = segments + ?, bytes = bytes + ? WHERE id = ?'),
      increment: database.prepare(
        `INSERT INTO segments (site_id, path, text, df, last_seen, expires_after, bytes) VALUES (?, ?, ?, 1, ?, ?, ?)
         ON CONFLICT (site_id, path, text) DO UPDATE SET df = df + 1, last_seen = excluded.last_seen,
           expires_after = winnow_expiry(excluded.last_seen, df + 1, ?, ?)
         RETURNING df`,
      ),
      expired: database.prepare('SELECT count(*) AS segments, coalesce(sum(bytes), 0) AS bytes FROM segments WHERE site_id = ? AND expires_after < ?'),
      expire: database.prepare('DELETE FROM segments WHERE site_id = ? AND expires_after < ?'),
      lookup: database.prepare('SELECT df FROM segments WHERE site_id = ? AND path = ? AND text = ?'),
      countedPage: database.prepare('SELECT page_number AS pageNumber FROM pages WHERE site_id = ? AND page_id = ? AND content_hash = ?'),
      insertPage: database.prepare('INSERT INTO pages (site_id, page_id, content_hash, page_number) VALUES (?, ?, ?, ?)'),
      total: database.prepare('SELECT coalesce(sum(segments), 0) AS segments, coalesce(sum(bytes), 0) AS bytes FROM sites'),
      sites: database.prepare('SELECT site FROM sites ORDER BY site'),
      entries: database.prepare(
        `SELECT path, text, df, last_seen AS lastSeen, expires_after AS expiresAfter FROM segments
         WHERE site_id = ? ORDER BY df DESC, path, text`,
      ),
    });
    this.#applyPage = database.transaction((site: string, keys: readonly SegmentKey[], lifetime: LifetimeParameters, pageKey?: PageKey): PageUpdate => {
      let row = statements.site.get(site) as SiteRow | undefined;
      if (!row) {
        const { id } = statements.insertSite.get(site, lifetime.baseLifetime, lifetime.lifetimeGrowth) as { id: number };
        row = { id, pages: 0, segments: 0, bytes: 0, base_lifetime: lifetime.baseLifetime, lifetime_growth: lifetime.lifetimeGrowth };
      } else if (!sameLifetime({ baseLifetime: row.base_lifetime, lifetimeGrowth: row.lifetime_growth }, lifetime)) {
        throw lifetimeMismatch(site, { baseLifetime: row.base_lifetime, lifetimeGrowth: row.lifetime_growth }, lifetime);
      }
      if (pageKey) {
        const counted = statements.countedPage.get(row.id, pageKey.id, pageKey.contentHash) as { pageNumber: number } | undefined;
        if (counted) {
          const documentFrequencies = keys.map((key) => (statements.lookup.get(row.id, key.path, key.text) as { df: number } | undefined)?.df ?? 0);
          return { alreadyCounted: true, pageNumber: counted.pageNumber, documentFrequencies, removed: 0, size: { segments: row.segments, bytes: row.bytes } };
        }
      }
      const pageNumber = row.pages + 1;
      // The ledger row is written in the same transaction as the increments: both or neither.
      if (pageKey) statements.insertPage.run(row.id, pageKey.id, pageKey.contentHash, pageNumber);
      const firstDeadline = expiryPage(pageNumber, 1, lifetime);
      const documentFrequencies: number[] = new Array(keys.length);
      let addedSegments = 0;
      let addedBytes = 0;
      keys.forEach((key, position) => {
        const bytes = entryBytes(key);
        const { df } = statements.increment.get(row.id, key.path, key.text, pageNumber, firstDeadline, bytes, lifetime.baseLifetime, lifetime.lifetimeGrowth) as { df: number };
        if (df === 1) {
          addedSegments += 1;
          addedBytes += bytes;
        }
        documentFrequencies[position] = df;
      });
      const expired = statements.expired.get(row.id, pageNumber) as StoreSize;
      if (expired.segments) statements.expire.run(row.id, pageNumber);
      statements.updateSite.run(pageNumber, addedSegments - expired.segments, addedBytes - expired.bytes, row.id);
      return {
        alreadyCounted: false,
        pageNumber,
        documentFrequencies,
        removed: expired.segments,
        size: { segments: row.segments + addedSegments - expired.segments, bytes: row.bytes + addedBytes - expired.bytes },
      };
    }).immediate;
  }

  applyPage(site: string, keys: readonly SegmentKey[], lifetime: LifetimeParameters, pageKey?: PageKey): PageUpdate {
    try {
      return this.#applyPage(site, keys, lifetime, pageKey);
    } catch (error) {
      if (error instanceof WinnowError) throw error;
      throw new WinnowError('STORE_ERROR', `Updating the segment store ${this.file} failed: ${(error as Error).message}. The page was not stored; retry it.`, { cause: error });
    }
  }

  lookup(site: string, keys: readonly SegmentKey[]): number[] {
    const row = this.#statements.site.get(site) as SiteRow | undefined;
    if (!row) return keys.map(() => 0);
    return keys.map((key) => (this.#statements.lookup.get(row.id, key.path, key.text) as { df: number } | undefined)?.df ?? 0);
  }

  countedPage(site: string, pageKey: PageKey): number | undefined {
    const row = this.#statements.site.get(site) as SiteRow | undefined;
    if (!row) return undefined;
    return (this.#statements.countedPage.get(row.id, pageKey.id, pageKey.contentHash) as { pageNumber: number } | undefined)?.pageNumber;
  }

  size(site?: string): StoreSize {
    if (site === undefined) return { ...(this.#statements.total.get() as StoreSize) };
    const row = this.#statements.site.get(site) as SiteRow | undefined;
    return row ? { segments: row.segments, bytes: row.bytes } : { segments: 0, bytes: 0 };
  }

  pageCount(site: string): number {
    return (this.#statements.site.get(site) as SiteRow | undefined)?.pages ?? 0;
  }

  sites(): string[] {
    return (this.#statements.sites.all() as { site: string }[]).map((row) => row.site);
  }

  entries(site: string): SegmentEntry[] {
    const row = this.#statements.site.get(site) as SiteRow | undefined;
    return row ? (this.#statements.entries.all(row.id) as SegmentEntry[]).sort(compareEntries) : [];
  }

  /** Runs SQLite's `PRAGMA integrity_check`: 'ok' for an intact file. */
  integrityCheck(): string {
    return String(this.#database.pragma('integrity_check', { simple: true }));
  }

  close(): void {
    if (this.#database.open) this.#database.close();
  }
}

/** Opens (creating when absent) a SQLite segment store. */
export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): SqliteSegmentStore {
  return new SqliteSegmentStore(file, options);
}
