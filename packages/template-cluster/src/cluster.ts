import { setDistance } from './distance.js';
import { finishHash, mixHash } from './hash.js';
import { type DistanceMeasure, type PageStructure, structureSet } from './structure.js';

/**
 * Distance thresholds of Gottron 2008 §5 (Table 2): the gaps of the Fig. 2 histograms, where single linkage
 * gave a Rand index of 1 on the paper's 500 news pages. (CP at 0.9 gave three clusters instead of five.)
 */
export const PAPER_THRESHOLDS: Readonly<Record<DistanceMeasure, number>> = Object.freeze({ cp: 0.7, cps: 0.6, ctss: 0.85 });

export interface ClusterOptions {
  /** Which distance of Gottron 2008 §4 to cluster with. */
  measure: DistanceMeasure;
  /** Stop merging when every inter-cluster distance is above this; `undefined`: the measure's paper threshold. */
  threshold: number | undefined;
  /** Inputs up to this many pages are clustered exactly; larger ones take the MinHash/LSH path. */
  exactLimit: number;
  /** LSH bands (`lshBands × lshRows` MinHash values per page); `undefined`: derived from the threshold and `lshRecall`. */
  lshBands: number | undefined;
  /** MinHash values per LSH band. */
  lshRows: number;
  /**
   * With derived bands: the chance that a pair just within the threshold becomes a candidate. A distance
   * d ≤ t implies a Jaccard similarity J ≥ s / (2 − s) with s = 1 − t, and a pair of similarity J is a
   * candidate with probability 1 − (1 − J^rows)^bands.
   */
  lshRecall: number;
  /** Seed of the MinHash functions (results are deterministic for a seed). */
  seed: number;
}

/** Defaults of `clusterStructures`. */
export const DEFAULT_CLUSTER_OPTIONS: Readonly<ClusterOptions> = Object.freeze({
  /** Gottron 2008 §7 favours CP: same extraction quality as CPS and CTSS, slightly faster. */
  measure: 'cp',
  /** Gottron 2008 §5, Table 2 (see `PAPER_THRESHOLDS`). */
  threshold: undefined,
  /**
   * Not in the paper (its Fig. 1 stops at a few hundred pages): up to 1,000 pages the exact pass takes
   * seconds on the datasets' pages; at 2,000 it took 10–60 s where the LSH path took 1–7 s with the same
   * clusters (bench/figures.ts, section lsh).
   */
  exactLimit: 1000,
  /**
   * Not in the paper (its conclusion names the quadratic matrix as what to speed up): derived, see
   * `lshRecall` — 12 bands for CP at 0.7, 9 for CPS at 0.6, 28 for CTSS at 0.85.
   */
  lshBands: undefined,
  /**
   * One MinHash per band: the paper's thresholds accept pairs of low Jaccard similarity (0.08 for CTSS
   * at 0.85), which wider bands would miss. Tuned on 2,000 pages drawn from cetd and debian-sites: with
   * one row the LSH clusters equal the exact ones (Rand 1.000 against exact; 16 bands × 4 rows: 0.951).
   */
  lshRows: 1,
  /** See `lshRows` (same tuning): 0.9 per borderline pair; chains of pairs make a miss rarer still. */
  lshRecall: 0.9,
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
 * Single-linkage hierarchical clustering stopped at a threshold (Gottron 2008 §5): clusters keep merging
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

/** Buckets up to this size are checked pair by pair; larger ones (rare: near-identical pages) by representatives. */
const BUCKET_PAIRS_LIMIT = 256;

/** The most bands `lshBandsFor` derives (a threshold near 1 would ask for thousands). */
const MAX_DERIVED_BANDS = 64;

/**
 * Bands that make a pair at exactly the threshold a candidate with probability `recall`, for `rows`
 * MinHashes per band: the pair's Jaccard similarity is at least s / (2 − s), s = 1 − threshold.
 */
export function lshBandsFor(threshold: number, rows: number, recall: number): number {
  const similarity = 1 - threshold;
  const jaccard = similarity / (2 - similarity);
  const perBand = jaccard ** rows;
  if (perBand >= 1) return 1;
  if (perBand <= 0) return MAX_DERIVED_BANDS;
  return Math.min(MAX_DERIVED_BANDS, Math.max(1, Math.ceil(Math.log(1 - recall) / Math.log(1 - perBand))));
}

/**
 * The scale path: candidate pairs from MinHash/LSH banding, each candidate checked with the exact
 * distance under single linkage's rule (pairs already in one cluster are skipped, so a bucket of one
 * template costs about one comparison per page). Pages whose only within-threshold neighbours never
 * share a band stay apart: an approximation of `singleLinkage`, exact in the tuning runs (see `lshRows`).
 */
function lshSingleLinkage(sets: readonly Uint32Array[], threshold: number, options: ClusterOptions): { sets: DisjointSets; comparisons: number } {
  const count = sets.length;
  const rows = options.lshRows;
  const bands = options.lshBands ?? lshBandsFor(threshold, rows, options.lshRecall);
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
      if (members.length <= BUCKET_PAIRS_LIMIT) {
        // Every pair of the bucket not yet in one cluster: single linkage's rule on the candidates.
        for (let i = 0; i < members.length; i++) {
          for (let j = i + 1; j < members.length; j++) {
            if (disjoint.find(members[i]) === disjoint.find(members[j])) continue;
            comparisons++;
            if (setDistance(sets[members[i]], sets[members[j]]) <= threshold) disjoint.union(members[i], members[j]);
          }
        }
        continue;
      }
      // A huge bucket: each page meets one representative of every other cluster seen in the bucket.
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
 * Clusters pages by template (Gottron 2008 §5): single linkage over one structural distance, stopped at the
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
  if (threshold >= 1) {
    // Every distance is at most 1: single linkage joins everything, no comparison needed.
    return { labels: sets.map(() => 0), clusters: sets.length ? [sets.map((_, index) => index)] : [], method: 'exact', measure, threshold, comparisons: 0 };
  }
  const bandsValid = merged.lshBands === undefined || (Number.isInteger(merged.lshBands) && merged.lshBands > 0);
  if (!(bandsValid && Number.isInteger(merged.lshRows) && merged.lshRows > 0 && merged.lshRecall > 0 && merged.lshRecall < 1)) {
    throw new RangeError(
      `lshBands and lshRows must be positive integers and lshRecall within (0, 1), got ${merged.lshBands}, ${merged.lshRows} and ${merged.lshRecall}`,
    );
  }
  const { sets: disjoint, comparisons } = lshSingleLinkage(sets, threshold, merged);
  return toClustering(disjoint, sets.length, { method: 'lsh', measure, threshold, comparisons });
}

/** Drops `undefined` values so `{ threshold: undefined }` from a CLI does not erase a default. */
export function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
