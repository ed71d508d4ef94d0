import { setDistance } from './distance.js';
import { finishHash, mixHash } from './hash.js';
import { type DistanceMeasure, type PageStructure, structureSet } from './structure.js';

/**
 * Distance thresholds of paper 004 §5 (Table 2): the gaps of the Fig. 2 histograms, where single linkage
 * gave a Rand index of 1 on the paper's 500 news pages. (CP at 0.9 gave three clusters instead of five.)
 */
export const PAPER_THRESHOLDS: Readonly<Record<DistanceMeasure, number>> = Object.freeze({ cp: 0.7, cps: 0.6, ctss: 0.85 });

export interface ClusterOptions {
  /** Which distance of paper 004 §4 to cluster with. */
  measure: DistanceMeasure;
  /** Stop merging when every inter-cluster distance is above this; `undefined`: the measure's paper threshold. */
  threshold: number | undefined;
  /** Inputs up to this many pages are clustered exactly; larger ones take the MinHash/LSH path. */
  exactLimit: number;
  /** LSH bands; `lshBands × lshRows` MinHash values per page. */
  lshBands: number;
  /** MinHash values per LSH band. */
  lshRows: number;
  /** Seed of the MinHash functions (results are deterministic for a seed). */
  seed: number;
}

/** Defaults of `clusterStructures`. */
export const DEFAULT_CLUSTER_OPTIONS: Readonly<ClusterOptions> = Object.freeze({
  /** Paper 004 §7 favours CP: same extraction quality as CPS and CTSS, slightly faster. */
  measure: 'cp',
  /** Paper 004 §5, Table 2 (see `PAPER_THRESHOLDS`). */
  threshold: undefined,
  /**
   * Not in the paper (its matrices stop at a few hundred pages, §5 Fig. 1): up to 2,000 pages the exact
   * pairwise pass takes seconds on the datasets' pages (bench/cluster.bench.ts), beyond it the quadratic cost dominates.
   */
  exactLimit: 2000,
  /**
   * Not in the paper (its conclusion names the quadratic matrix as what to speed up). 16 bands of 4
   * MinHashes make pages of Jaccard similarity ≥ 0.5 candidates with probability ≥ 0.65 per pair, ≥ 0.99
   * at 0.75; single linkage needs only a chain of such pairs within a template (tuned on mixed-dev.json).
   */
  lshBands: 16,
  /** See `lshBands`. */
  lshRows: 4,
  /** Any fixed value: makes the LSH path reproducible. */
  seed: 0x2008,
});

/** A partition of the pages: `labels[i]` is page i's cluster, clusters numbered by their first page. */
export interface Clustering {
  labels: number[];
  /** Page indices of each cluster, ascending. */
  clusters: number[][];
  method: 'exact' | 'lsh';
  measure: DistanceMeasure;
  threshold: number;
  /** Set comparisons made (n(n−1)/2 at most on the exact path). */
  comparisons: number;
}

/** Union–find with path halving and union by size. */
class DisjointSets {
  readonly parent: Int32Array;
  readonly size: Int32Array;
  constructor(count: number) {
    this.parent = Int32Array.from({ length: count }, (_, index) => index);
    this.size = new Int32Array(count).fill(1);
  }
  find(item: number): number {
    const parent = this.parent;
    while (parent[item] !== item) {
      parent[item] = parent[parent[item]];
      item = parent[item];
    }
    return item;
  }
  union(a: number, b: number): void {
    let rootA = this.find(a);
    let rootB = this.find(b);
    if (rootA === rootB) return;
    if (this.size[rootA] < this.size[rootB]) [rootA, rootB] = [rootB, rootA];
    this.parent[rootB] = rootA;
    this.size[rootA] += this.size[rootB];
  }
}

function toClustering(sets: DisjointSets, count: number, base: Omit<Clustering, 'labels' | 'clusters'>): Clustering {
  const labelOfRoot = new Map<number, number>();
  const labels: number[] = new Array(count);
  const clusters: number[][] = [];
  for (let item = 0; item < count; item++) {
    const root = sets.find(item);
    let label = labelOfRoot.get(root);
    if (label === undefined) {
      label = clusters.length;
      labelOfRoot.set(root, label);
      clusters.push([]);
    }
    labels[item] = label;
    clusters[label].push(item);
  }
  return { labels, clusters, ...base };
}

function resolveThreshold(measure: DistanceMeasure, threshold: number | undefined): number {
  const value = threshold ?? PAPER_THRESHOLDS[measure];
  if (!(value >= 0 && value <= 1)) throw new RangeError(`threshold must be within [0, 1], got ${threshold}`);
  return value;
}

/**
 * Single-linkage hierarchical clustering stopped at a threshold (paper 004 §5): clusters keep merging
 * while two of their items are at most `threshold` apart, so the result is the connected components of
 * the graph "distance ≤ threshold". Pairs already in one cluster are not compared (they cannot change it),
 * which keeps the result exact while skipping most within-template comparisons.
 */
export function singleLinkage(
  count: number,
  distance: (i: number, j: number) => number,
  threshold: number,
): { labels: number[]; clusters: number[][]; comparisons: number } {
  const sets = new DisjointSets(count);
  let comparisons = 0;
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      if (sets.find(i) === sets.find(j)) continue;
      comparisons++;
      if (distance(i, j) <= threshold) sets.union(i, j);
    }
  }
  const { labels, clusters } = toClustering(sets, count, { method: 'exact', measure: 'cp', threshold, comparisons });
  return { labels, clusters, comparisons };
}

/** MinHash signatures (`hashCount` per set, row-major) with multiply–xorshift hash functions from `seed`. */
export function minHashSignatures(sets: readonly Uint32Array[], hashCount: number, seed: number): Uint32Array {
  const salts = new Uint32Array(hashCount);
  const multipliers = new Uint32Array(hashCount);
  let state = seed | 0;
  for (let index = 0; index < hashCount; index++) {
    state = mixHash(state, index);
    salts[index] = finishHash(state, 1);
    multipliers[index] = finishHash(state, 2) | 1;
  }
  const signatures = new Uint32Array(sets.length * hashCount).fill(0xffffffff);
  for (let item = 0; item < sets.length; item++) {
    const set = sets[item];
    const offset = item * hashCount;
    for (let e = 0; e < set.length; e++) {
      const element = set[e];
      for (let index = 0; index < hashCount; index++) {
        let value = Math.imul(element ^ salts[index], multipliers[index]);
        value = (value ^ (value >>> 15)) >>> 0;
        if (value < signatures[offset + index]) signatures[offset + index] = value;
      }
    }
  }
  return signatures;
}

/**
 * The scale path: candidate pairs from MinHash/LSH banding, each candidate checked with the exact
 * distance. Within a bucket each page is compared with one representative of every other cluster
 * already seen in that bucket, so a bucket of one template costs one comparison per page. Pages whose
 * only within-threshold neighbours never share a band stay apart: an approximation of `singleLinkage`.
 */
function lshSingleLinkage(sets: readonly Uint32Array[], threshold: number, options: ClusterOptions): { sets: DisjointSets; comparisons: number } {
  const count = sets.length;
  const bands = options.lshBands;
  const rows = options.lshRows;
  const signatures = minHashSignatures(sets, bands * rows, options.seed);
  const disjoint = new DisjointSets(count);
  let comparisons = 0;
  for (let band = 0; band < bands; band++) {
    const buckets = new Map<number, number[]>();
    for (let item = 0; item < count; item++) {
      let state = band;
      const offset = item * bands * rows + band * rows;
      for (let row = 0; row < rows; row++) state = mixHash(state, signatures[offset + row]);
      const key = finishHash(state, rows);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(item);
      else buckets.set(key, [item]);
    }
    for (const members of buckets.values()) {
      if (members.length < 2) continue;
      const representatives: number[] = [];
      for (const item of members) {
        let joined = false;
        for (const representative of representatives) {
          if (disjoint.find(representative) === disjoint.find(item)) {
            joined = true;
            continue;
          }
          comparisons++;
          if (setDistance(sets[item], sets[representative]) <= threshold) {
            disjoint.union(item, representative);
            joined = true;
          }
        }
        if (!joined) representatives.push(item);
      }
    }
  }
  return { sets: disjoint, comparisons };
}

/**
 * Clusters pages by template (paper 004 §5): single linkage over one structural distance, stopped at the
 * threshold. Exact up to `exactLimit` pages, MinHash/LSH candidate pairs beyond.
 */
export function clusterStructures(structures: readonly PageStructure[], options: Partial<ClusterOptions> = {}): Clustering {
  const merged: ClusterOptions = { ...DEFAULT_CLUSTER_OPTIONS, ...definedOnly(options) };
  const measure = merged.measure;
  const threshold = resolveThreshold(measure, merged.threshold);
  const sets = structures.map((structure) => structureSet(structure, measure));
  if (sets.length <= merged.exactLimit) {
    const { labels, clusters, comparisons } = singleLinkage(sets.length, (i, j) => setDistance(sets[i], sets[j]), threshold);
    return { labels, clusters, method: 'exact', measure, threshold, comparisons };
  }
  if (!(Number.isInteger(merged.lshBands) && merged.lshBands > 0 && Number.isInteger(merged.lshRows) && merged.lshRows > 0)) {
    throw new RangeError(`lshBands and lshRows must be positive integers, got ${merged.lshBands} and ${merged.lshRows}`);
  }
  const { sets: disjoint, comparisons } = lshSingleLinkage(sets, threshold, merged);
  return toClustering(disjoint, sets.length, { method: 'lsh', measure, threshold, comparisons });
}

/** Drops `undefined` values so `{ threshold: undefined }` from a CLI does not erase a default. */
export function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
