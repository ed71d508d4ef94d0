import { isWinnowError } from '@winnow/dom-blocks';
import { createMemoryStore } from './memory-store.js';
import { ENTRY_OVERHEAD_BYTES, entryBytes, type AnySegmentStore } from './store.js';

/** The parts of a test runner the suite uses (vitest's or jest's `describe`, `it` and `expect`). */
export interface SuiteRunner {
  describe: (name: string, body: () => void) => void;
  it: (name: string, body: () => Promise<void>, timeout?: number) => void;
  // The runner's own `expect`: its matchers are what the suite asserts with.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  expect: (actual: unknown) => any;
}

const lifetime = { baseLifetime: 2, lifetimeGrowth: 3 };
const key = (text: string, nodePath = 'HTML.BODY.DIV') => ({ path: nodePath, text });

/**
 * The one test suite of the `SegmentStore` contract: every backend (memory, SQLite, Redis, ...) runs it
 * with its own `open`, which returns a new, empty store each call (sync or async). A new backend proves
 * itself by passing it, e.g. with vitest:
 *
 * ```ts
 * import { describe, expect, it } from 'vitest';
 * import { segmentStoreSuite } from '@winnow/segment-table/store-suite';
 * segmentStoreSuite({ describe, it, expect }, 'redis', () => openRedisStore(url, { prefix: unique() }));
 * ```
 */
export function segmentStoreSuite(runner: SuiteRunner, name: string, open: () => AnySegmentStore | Promise<AnySegmentStore>): void {
  const { describe, it, expect } = runner;
  describe(`${name} store (segment store contract)`, () => {
    it('numbers pages per site and increments DFs per segment', async () => {
      const store = await open();
      expect(await store.applyPage('a.example', [key('x'), key('y')], lifetime)).toMatchObject({ pageNumber: 1, documentFrequencies: [1, 1], removed: 0 });
      expect(await store.applyPage('a.example', [key('x'), key('z')], lifetime)).toMatchObject({ pageNumber: 2, documentFrequencies: [2, 1] });
      expect(await store.applyPage('b.example', [key('x')], lifetime)).toMatchObject({ pageNumber: 1, documentFrequencies: [1] });
      // Same text on another path is another segment.
      expect((await store.applyPage('a.example', [key('x', 'HTML.BODY.P')], lifetime)).documentFrequencies).toEqual([1]);
      expect(await store.pageCount('a.example')).toBe(3);
      expect(await store.lookup('a.example', [key('x'), key('nope'), key('x', 'HTML.BODY.P')])).toEqual([2, 0, 1]);
      expect(await store.lookup('nowhere', [key('x')])).toEqual([0]);
      expect(await store.pageCount('nowhere')).toBe(0);
      expect(await store.sites()).toEqual(['a.example', 'b.example']);
      await store.close();
      await store.close();
    });

    it('removes a segment once it has not appeared for its lifetime (Wang et al. 2008 §2.4)', async () => {
      const store = await open();
      // df 1, Tb 2: seen on page 1, kept through page 2, removed by the shrinkage of page 3.
      await store.applyPage('s', [key('once'), key('always')], lifetime);
      expect((await store.applyPage('s', [key('always')], lifetime)).removed).toBe(0);
      const third = await store.applyPage('s', [key('always')], lifetime);
      expect(third.removed).toBe(1);
      expect((await store.entries('s')).map((entry) => entry.text)).toEqual(['always']);
      // Back after its removal, it starts again from DF 1.
      expect((await store.applyPage('s', [key('once'), key('always')], lifetime)).documentFrequencies).toEqual([1, 4]);
      expect((await store.entries('s'))[0]).toEqual({ path: 'HTML.BODY.DIV', text: 'always', df: 4, lastSeen: 4, expiresAfter: 4 + Math.ceil(6 / (1 + 2 * Math.exp(-3))) - 1 });
      await store.close();
    });

    it('reports its size after each page: segments and bytes, per site and in all', async () => {
      const store = await open();
      const first = await store.applyPage('s', [key('héllo'), key('x')], lifetime);
      expect(first.size).toEqual({ segments: 2, bytes: entryBytes(key('héllo')) + entryBytes(key('x')) });
      expect(entryBytes(key('héllo'))).toBe('HTML.BODY.DIV'.length + 6 + ENTRY_OVERHEAD_BYTES);
      await store.applyPage('t', [key('x')], lifetime);
      expect(await store.size('s')).toEqual(first.size);
      expect(await store.size()).toEqual({ segments: 3, bytes: first.size.bytes + entryBytes(key('x')) });
      await store.applyPage('s', [], lifetime);
      expect((await store.applyPage('s', [], lifetime)).size).toEqual({ segments: 0, bytes: 0 });
      expect(await store.size('unknown')).toEqual({ segments: 0, bytes: 0 });
      await store.close();
    });

    it('counts a page key once: the same key again changes nothing and gives its number and current DFs', async () => {
      const store = await open();
      const first = { id: 'a.html', contentHash: 'h1' };
      expect(await store.applyPage('s', [key('x'), key('y')], lifetime, first)).toMatchObject({ alreadyCounted: false, pageNumber: 1 });
      expect(await store.applyPage('s', [key('x')], lifetime, { id: 'b.html', contentHash: 'h2' })).toMatchObject({ alreadyCounted: false, pageNumber: 2, documentFrequencies: [2] });
      const entries = await store.entries('s');
      const size = await store.size('s');
      expect(await store.applyPage('s', [key('x'), key('y')], lifetime, first)).toEqual({ alreadyCounted: true, pageNumber: 1, documentFrequencies: [2, 1], removed: 0, size });
      expect(await store.entries('s')).toEqual(entries);
      expect(await store.pageCount('s')).toBe(2);
      expect(await store.countedPage('s', first)).toBe(1);
      // Changed content at the same id is a new page; the same key on another site is another page.
      expect(await store.applyPage('s', [key('x')], lifetime, { id: 'a.html', contentHash: 'h3' })).toMatchObject({ alreadyCounted: false, pageNumber: 3 });
      expect(await store.applyPage('t', [key('x')], lifetime, first)).toMatchObject({ alreadyCounted: false, pageNumber: 1 });
      expect(await store.countedPage('s', { id: 'a.html', contentHash: 'nope' })).toBeUndefined();
      expect(await store.countedPage('nowhere', first)).toBeUndefined();
      await store.close();
    });

    it('refuses to go on with other lifetime parameters', async () => {
      const store = await open();
      await store.applyPage('s', [key('x')], lifetime);
      let refused: unknown;
      try {
        await store.applyPage('s', [key('x')], { baseLifetime: 3, lifetimeGrowth: 3 });
      } catch (error) {
        refused = error;
      }
      expect(isWinnowError(refused) && refused.code).toBe('INVALID_OPTIONS');
      // Nothing of the refused page was stored.
      expect(await store.pageCount('s')).toBe(1);
      await store.close();
    });

    it('agrees with the memory store on a long random stream with expiries and repeated page keys', async () => {
      const memory = createMemoryStore();
      const store = await open();
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      for (let page = 0; page < 300; page++) {
        const keys = new Map<string, { path: string; text: string }>();
        for (let i = 0; i < 20; i++) {
          const text = `w${Math.floor(random() * random() * 60)}`;
          keys.set(text, key(text));
        }
        const site = page % 3 === 0 ? 'b' : 'a';
        // Every fifth page repeats an earlier page key: both stores must see it as counted.
        const pageKey = { id: `p${page % 5 === 4 ? page - 2 : page}`, contentHash: 'same' };
        expect(await store.applyPage(site, [...keys.values()], lifetime, pageKey)).toEqual(memory.applyPage(site, [...keys.values()], lifetime, pageKey));
      }
      expect(await store.entries('a')).toEqual(memory.entries('a'));
      expect(await store.size()).toEqual(memory.size());
      await store.close();
    });
  });
}
