import { WinnowError } from '@winnow/dom-blocks';
import { expiryPage, type LifetimeParameters } from './options.js';
import type { SegmentKey } from './segment.js';
import { compareEntries, entryBytes, sameLifetime, type PageKey, type PageUpdate, type SegmentEntry, type SegmentStore, type StoreSize } from './store.js';

interface MemoryEntry {
  path: string;
  text: string;
  df: number;
  lastSeen: number;
  expiresAfter: number;
  bytes: number;
}

interface MemoryTable {
  pages: number;
  lifetime: LifetimeParameters;
  entries: Map<string, MemoryEntry>;
  /** Keys by deadline, so a page's shrinkage visits only what expires (no scan of the table). */
  deadlines: Map<number, Set<string>>;
  /** Every deadline up to this page has been swept. */
  sweptThrough: number;
  size: StoreSize;
  /** Ledger of counted pages: page key identity -> page number. */
  counted: Map<string, number>;
}

function identity(key: SegmentKey): string {
  return `${key.path}\u0000${key.text}`;
}

function pageIdentity(key: PageKey): string {
  return `${key.id}\u0000${key.contentHash}`;
}

/** A store in the process's memory: fast, and gone when the process ends. */
export class MemorySegmentStore implements SegmentStore {
  readonly kind = 'memory';
  readonly #tables = new Map<string, MemoryTable>();

  applyPage(site: string, keys: readonly SegmentKey[], lifetime: LifetimeParameters, pageKey?: PageKey): PageUpdate {
    let table = this.#tables.get(site);
    if (!table) {
      table = { pages: 0, lifetime: { ...lifetime }, entries: new Map(), deadlines: new Map(), sweptThrough: 0, size: { segments: 0, bytes: 0 }, counted: new Map() };
      this.#tables.set(site, table);
    } else if (!sameLifetime(table.lifetime, lifetime)) {
      throw lifetimeMismatch(site, table.lifetime, lifetime);
    }
    const counted = pageKey ? table.counted.get(pageIdentity(pageKey)) : undefined;
    if (counted !== undefined) {
      return { alreadyCounted: true, pageNumber: counted, documentFrequencies: this.lookup(site, keys), removed: 0, size: { ...table.size } };
    }
    const pageNumber = table.pages + 1;
    if (pageKey) table.counted.set(pageIdentity(pageKey), pageNumber);
    const documentFrequencies: number[] = new Array(keys.length);
    keys.forEach((key, position) => {
      const id = identity(key);
      let entry = table.entries.get(id);
      if (entry) {
        table.deadlines.get(entry.expiresAfter)?.delete(id);
        entry.df += 1;
      } else {
        entry = { path: key.path, text: key.text, df: 1, lastSeen: 0, expiresAfter: 0, bytes: entryBytes(key) };
        table.entries.set(id, entry);
        table.size.segments += 1;
        table.size.bytes += entry.bytes;
      }
      entry.lastSeen = pageNumber;
      entry.expiresAfter = expiryPage(pageNumber, entry.df, lifetime);
      let bucket = table.deadlines.get(entry.expiresAfter);
      if (!bucket) table.deadlines.set(entry.expiresAfter, (bucket = new Set()));
      bucket.add(id);
      documentFrequencies[position] = entry.df;
    });
    let removed = 0;
    // Shrinkage: deadlines before this page. Deadlines are never set in the past, so each is swept once.
    for (let deadline = table.sweptThrough + 1; deadline < pageNumber; deadline++) {
      const bucket = table.deadlines.get(deadline);
      if (!bucket) continue;
      for (const id of bucket) {
        const entry = table.entries.get(id) as MemoryEntry;
        table.entries.delete(id);
        table.size.segments -= 1;
        table.size.bytes -= entry.bytes;
        removed++;
      }
      table.deadlines.delete(deadline);
    }
    table.sweptThrough = Math.max(table.sweptThrough, pageNumber - 1);
    table.pages = pageNumber;
    return { alreadyCounted: false, pageNumber, documentFrequencies, removed, size: { ...table.size } };
  }

  countedPage(site: string, pageKey: PageKey): number | undefined {
    return this.#tables.get(site)?.counted.get(pageIdentity(pageKey));
  }

  lookup(site: string, keys: readonly SegmentKey[]): number[] {
    const table = this.#tables.get(site);
    return keys.map((key) => table?.entries.get(identity(key))?.df ?? 0);
  }

  size(site?: string): StoreSize {
    if (site !== undefined) {
      const table = this.#tables.get(site);
      return table ? { ...table.size } : { segments: 0, bytes: 0 };
    }
    const total = { segments: 0, bytes: 0 };
    for (const table of this.#tables.values()) {
      total.segments += table.size.segments;
      total.bytes += table.size.bytes;
    }
    return total;
  }

  pageCount(site: string): number {
    return this.#tables.get(site)?.pages ?? 0;
  }

  sites(): string[] {
    return [...this.#tables.keys()].sort();
  }

  entries(site: string): SegmentEntry[] {
    const table = this.#tables.get(site);
    if (!table) return [];
    return [...table.entries.values()]
      .map(({ path, text, df, lastSeen, expiresAfter }) => ({ path, text, df, lastSeen, expiresAfter }))
      .sort(compareEntries);
  }

  close(): void {}
}

export function createMemoryStore(): SegmentStore {
  return new MemorySegmentStore();
}

export function lifetimeMismatch(site: string, stored: LifetimeParameters, given: LifetimeParameters): WinnowError {
  return new WinnowError(
    'INVALID_OPTIONS',
    `The table of site "${site}" was built with baseLifetime ${stored.baseLifetime} and lifetimeGrowth ${stored.lifetimeGrowth}, ` +
      `but this page was given ${given.baseLifetime} and ${given.lifetimeGrowth}: resume the crawl with the same options, or start a new store.`,
  );
}
