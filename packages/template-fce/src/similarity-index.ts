import { vectorKey, type NormedVector } from './page-blocks.js';

/**
 * The blocks of a set of pages, indexed for CE's question "how many pages hold a block similar to B?"
 * without changing its answer:
 * - identical vectors are stored once with the pages that hold them (their cosine is 1, so they are
 *   similar to the same blocks);
 * - an inverted index from feature to vectors accumulates dot products only with vectors sharing a
 *   feature with B. A vector sharing none has cosine 0 and can never pass a threshold above 0.
 * Every stored block is still compared with B in effect: the answer equals the brute-force count.
 */
export interface SimilarityIndex {
  /** Number of pages added. */
  pageCount: number;
  /** Blocks added, duplicates included (CE's NumBlockTemp, Nguyen et al. 2009 §IV.A). */
  blockCount: number;
  vectors: NormedVector[];
  /** For each stored vector, the pages (0-based, in the order added) holding it. */
  pages: number[][];
  /** Feature -> [vector id, weight] pairs. */
  postings: Map<string, Array<[number, number]>>;
  byKey: Map<string, number>;
}

export function createSimilarityIndex(): SimilarityIndex {
  return { pageCount: 0, blockCount: 0, vectors: [], pages: [], postings: new Map(), byKey: new Map() };
}

/** Adds one page's blocks (their vectors); returns the page's number in the index. */
export function addPage(index: SimilarityIndex, vectors: readonly NormedVector[]): number {
  const page = index.pageCount++;
  for (const vector of vectors) {
    if (vector.norm === 0) continue;
    index.blockCount++;
    const key = vectorKey(vector.entries);
    let id = index.byKey.get(key);
    if (id === undefined) {
      id = index.vectors.length;
      index.byKey.set(key, id);
      index.vectors.push(vector);
      index.pages.push([]);
      for (const [feature, weight] of vector.entries) {
        let list = index.postings.get(feature);
        if (!list) index.postings.set(feature, (list = []));
        list.push([id, weight]);
      }
    }
    const holders = index.pages[id];
    if (holders[holders.length - 1] !== page) holders.push(page);
  }
  return page;
}

/** Scratch space reused across queries of one index (sized lazily). */
interface Scratch {
  dots: Float64Array;
  touched: number[];
  pageMarks: Int32Array;
  stamp: number;
}
const scratchOf = new WeakMap<SimilarityIndex, Scratch>();

function scratchFor(index: SimilarityIndex): Scratch {
  let scratch = scratchOf.get(index);
  if (!scratch || scratch.dots.length < index.vectors.length || scratch.pageMarks.length < index.pageCount) {
    scratch = {
      dots: new Float64Array(index.vectors.length),
      touched: [],
      pageMarks: new Int32Array(index.pageCount),
      stamp: 0,
    };
    scratchOf.set(index, scratch);
  }
  return scratch;
}

export interface SimilarPagesQuery {
  /** Cosine must be strictly above this. */
  threshold: number;
  /** A page not to count (the block's own page, for leave-one-out during preparation). */
  excludePage?: number;
  /** Stop counting once this many pages are found. */
  enough?: number;
}

/** Number of pages (other than `excludePage`) holding a block whose cosine with `vector` is above the threshold. */
export function countSimilarPages(index: SimilarityIndex, vector: NormedVector, query: SimilarPagesQuery): number {
  if (vector.norm === 0) return 0;
  const scratch = scratchFor(index);
  const { dots, touched } = scratch;
  touched.length = 0;
  for (const [feature, weight] of vector.entries) {
    const list = index.postings.get(feature);
    if (!list) continue;
    for (const [id, other] of list) {
      if (dots[id] === 0) touched.push(id);
      dots[id] += weight * other;
    }
  }
  scratch.stamp++;
  if (scratch.stamp === 0x7fffffff) {
    scratch.pageMarks.fill(0);
    scratch.stamp = 1;
  }
  const stamp = scratch.stamp;
  const enough = query.enough ?? Infinity;
  let count = 0;
  for (const id of touched) {
    const cosine = dots[id] / (vector.norm * index.vectors[id].norm);
    dots[id] = 0;
    if (count >= enough || !(cosine > query.threshold)) continue;
    for (const page of index.pages[id]) {
      if (page === query.excludePage || scratch.pageMarks[page] === stamp) continue;
      scratch.pageMarks[page] = stamp;
      count++;
    }
  }
  return count;
}
