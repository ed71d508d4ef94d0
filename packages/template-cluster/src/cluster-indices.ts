import { type DistanceMatrix, distanceAt } from './distance.js';

/**
 * Rand index of a clustering against known groups (paper 004 §5, Table 2): the share of page pairs on
 * which both agree — together in both, or apart in both. Computed from the contingency table in linear
 * time. Fewer than two items: 1 (nothing to disagree on).
 */
export function randIndex(predicted: ArrayLike<unknown>, truth: ArrayLike<unknown>): number {
  if (predicted.length !== truth.length) {
    throw new RangeError(`randIndex: ${predicted.length} predicted labels for ${truth.length} true labels`);
  }
  const n = predicted.length;
  if (n < 2) return 1;
  const pairs = (count: number): number => (count * (count - 1)) / 2;
  const predictedSizes = new Map<unknown, number>();
  const truthSizes = new Map<unknown, number>();
  const jointSizes = new Map<string, number>();
  const predictedIds = new Map<unknown, number>();
  const truthIds = new Map<unknown, number>();
  const idOf = (ids: Map<unknown, number>, label: unknown): number => {
    let id = ids.get(label);
    if (id === undefined) ids.set(label, (id = ids.size));
    return id;
  };
  for (let index = 0; index < n; index++) {
    const p = predicted[index];
    const t = truth[index];
    predictedSizes.set(p, (predictedSizes.get(p) ?? 0) + 1);
    truthSizes.set(t, (truthSizes.get(t) ?? 0) + 1);
    const joint = `${idOf(predictedIds, p)}:${idOf(truthIds, t)}`;
    jointSizes.set(joint, (jointSizes.get(joint) ?? 0) + 1);
  }
  let together = 0; // pairs together in both
  for (const size of jointSizes.values()) together += pairs(size);
  let predictedTogether = 0;
  for (const size of predictedSizes.values()) predictedTogether += pairs(size);
  let truthTogether = 0;
  for (const size of truthSizes.values()) truthTogether += pairs(size);
  const total = pairs(n);
  const disagreements = predictedTogether + truthTogether - 2 * together;
  return (total - disagreements) / total;
}

/**
 * Dunn index in paper 004 §5's form: the smallest distance between items of different groups divided by
 * the largest distance between items of one group (Table 1). Above 1, a threshold between the two
 * separates the groups perfectly. `Infinity` when no group has two distinct items at distance > 0;
 * `NaN` when there is only one group (no distance between groups).
 */
export function dunnIndex(distances: DistanceMatrix | ((i: number, j: number) => number), labels: ArrayLike<unknown>): number {
  const size = labels.length;
  if (typeof distances !== 'function' && distances.size !== size) {
    throw new RangeError(`dunnIndex: a ${distances.size}×${distances.size} matrix for ${size} labels`);
  }
  const distance = typeof distances === 'function' ? distances : (i: number, j: number) => distanceAt(distances, i, j);
  let smallestBetween = Infinity;
  let largestWithin = 0;
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const d = distance(i, j);
      if (labels[i] === labels[j]) largestWithin = Math.max(largestWithin, d);
      else smallestBetween = Math.min(smallestBetween, d);
    }
  }
  if (smallestBetween === Infinity) return NaN;
  return largestWithin === 0 ? Infinity : smallestBetween / largestWithin;
}

/** One bin of a distance histogram: distances in [from, to) (the last bin includes 1). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/** The distribution of a matrix's pairwise distances (paper 004 §5, Fig. 2), in `bins` equal bins over [0, 1]. */
export function distanceHistogram(matrix: DistanceMatrix, bins = 20): HistogramBin[] {
  if (!Number.isInteger(bins) || bins < 1) throw new RangeError(`bins must be a positive integer, got ${bins}`);
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < matrix.size; i++) {
    for (let j = i + 1; j < matrix.size; j++) {
      const d = distanceAt(matrix, i, j);
      counts[Math.min(bins - 1, Math.max(0, Math.floor(d * bins)))]++;
    }
  }
  return counts.map((count, bin) => ({ from: bin / bins, to: (bin + 1) / bins, count }));
}
