/**
 * 32-bit hashing for the structural sets (MurmurHash3's mixing steps). Paths and shingles are hashed
 * incrementally from tag ids, so a page's sets are built in time linear in its nodes, never by
 * concatenating tag names (a 100,000-deep path would make that quadratic).
 */

/** Mixes one 32-bit value into a running hash state. */
export function mixHash(state: number, value: number): number {
  let v = Math.imul(value, 0xcc9e2d51);
  v = (v << 15) | (v >>> 17);
  v = Math.imul(v, 0x1b873593);
  let h = state ^ v;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** Finishes a running state into an unsigned 32-bit hash (`length` separates prefixes of each other). */
export function finishHash(state: number, length: number): number {
  let h = state ^ length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over a string's UTF-16 code units, finished by `finishHash`. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return finishHash(h, text.length);
}

/** Sorted, duplicate-free copy of a set of hashes, ready for `intersectionSize`. */
export function sortedHashes(values: Iterable<number>): Uint32Array {
  const result = Uint32Array.from(new Set(values));
  result.sort();
  return result;
}
