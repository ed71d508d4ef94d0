import type { LifetimeParameters } from './options.js';
import type { SegmentKey } from './segment.js';

/** How much a table holds: the paper's storage measure (Wang et al. 2008 §3). */
export interface StoreSize {
  /** Segments in the table. */
  segments: number;
  /**
   * Bytes of the table's content: for each segment the UTF-8 bytes of its path and text plus
   * `ENTRY_OVERHEAD_BYTES` for its DF, last page and expiry. The same measure for every store, so a
   * memory and a SQLite table of the same crawl report the same size.
   */
  bytes: number;
}

/** One row of the table, for inspection. */
export interface SegmentEntry extends SegmentKey {
  /** Pages the segment occurred on since it entered the table (Wang et al. 2008 §2.2). */
  df: number;
  /** Page number of its last occurrence (page numbers are the timestamps, Wang et al. 2008 §2.4). */
  lastSeen: number;
  /** The last page number at which it is kept without a new occurrence (`expiryPage`). */
  expiresAfter: number;
}

/**
 * What identifies a counted page in a site's ledger: its id (file path or URL) and a hash of its content
 * as the table sees it (`contentHashOf`). A changed page at the same id is a new page (the paper's next
 * timestamp); the same content at the same id again is a page counted already.
 */
export interface PageKey {
  id: string;
  contentHash: string;
}

/** What a store did with one page. */
export interface PageUpdate {
  /**
   * True when the page key was counted before: nothing changed, `pageNumber` is the number it was
   * counted as and `documentFrequencies` are the current DFs (the table as it is).
   */
  alreadyCounted: boolean;
  /** The page's number within its site: 1 for the first page (the paper's timestamp). */
  pageNumber: number;
  /** For each key passed in, its DF after this page's increment. */
  documentFrequencies: number[];
  /** Segments removed by this page's shrinkage. */
  removed: number;
  /** The site's table after the page. */
  size: StoreSize;
}

/** Three 4-byte integers per entry: DF, last page, expiry page. */
export const ENTRY_OVERHEAD_BYTES = 12;

const encoder = new TextEncoder();

/** The size a segment adds to a table (see `StoreSize.bytes`). */
export function entryBytes(key: SegmentKey): number {
  return utf8Length(key.path) + utf8Length(key.text) + ENTRY_OVERHEAD_BYTES;
}

function utf8Length(text: string): number {
  // ASCII fast path: most paths and much text are ASCII.
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.length : encoder.encode(text).length;
}

/**
 * Where text-segment tables live: many sites (keyed by host) in one store. Every change is made by
 * `applyPage`, one page at a time and all or nothing, as per-segment operations (increment a DF, set a
 * deadline, delete what expired, adjust the size counters) - never a read-modify-write of a whole table,
 * so a networked store (Redis: `HINCRBY` and a sorted set of deadlines in a `MULTI` or a script) can
 * implement the same contract for many workers. A networked store would return a `Promise` of the same
 * `PageUpdate`; `segmentPage` and `detectTemplates` are pure and need no change.
 */
export interface SegmentStore {
  /** `memory`, `sqlite`, ... */
  readonly kind: string;
  /**
   * Processes one page of a site, atomically: claims the site's next page number; for each key, adds 1
   * to its DF (inserting it with DF 1 when absent), records the page as its last occurrence and sets its
   * deadline with `expiryPage`; then removes every segment of the site whose deadline is before the page
   * (Wang et al. 2008 §2.2 expansion and §2.4 shrinkage). `keys` must be distinct. With `pageKey`, the page is
   * recorded in the site's ledger in the same atomic update, and a page key found there already changes
   * nothing: the update says `alreadyCounted` with the page's number and the current DFs.
   */
  applyPage(site: string, keys: readonly SegmentKey[], lifetime: LifetimeParameters, pageKey?: PageKey): PageUpdate;
  /** The number a page key was counted as in a site, or undefined when it was not. */
  countedPage(site: string, pageKey: PageKey): number | undefined;
  /** Current DFs of keys (0 when absent), changing nothing: to label a page the table has seen already. */
  lookup(site: string, keys: readonly SegmentKey[]): number[];
  /** The size of one site's table, or of all tables when `site` is omitted. */
  size(site?: string): StoreSize;
  /** Pages processed for a site so far (0 for an unknown site). */
  pageCount(site: string): number;
  /** Sites the store holds, sorted. */
  sites(): string[];
  /** A site's segments, most frequent first (for inspection and tests). */
  entries(site: string): SegmentEntry[];
  /** Releases resources (closes the database). Idempotent. */
  close(): void;
}

/** `Store` with every method returning a `Promise` of what it returns: the same contract, for a networked store. */
export type AsyncOf<Store> = {
  readonly [Name in keyof Store]: Store[Name] extends (...args: infer Args) => infer Result ? (...args: Args) => Promise<Result> : Store[Name];
};

/**
 * The segment store contract for stores across a network (Redis): every method of `SegmentStore`, made
 * asynchronous. `processPageAsync` takes either kind, and `segmentStoreSuite` tests either kind.
 */
export type AsyncSegmentStore = AsyncOf<SegmentStore>;

/** A store of either kind. */
export type AnySegmentStore = SegmentStore | AsyncSegmentStore;

/** The lifetime parameters a site's table was built with must not change during a crawl. */
export function sameLifetime(a: LifetimeParameters, b: LifetimeParameters): boolean {
  return a.baseLifetime === b.baseLifetime && a.lifetimeGrowth === b.lifetimeGrowth;
}

/** The order of `entries()`: most frequent first, then path and text in code-unit order (the same on every machine). */
export function compareEntries(a: SegmentEntry, b: SegmentEntry): number {
  // Code-unit order, not locale order: the same on every machine.
  return b.df - a.df || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}
