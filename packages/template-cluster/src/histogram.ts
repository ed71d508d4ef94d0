import { type DistanceMatrix, distanceAt } from './distance.js';

/** One bin of a distance histogram: distances in [from, to) (the last bin includes 1). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/** The distribution of a matrix's pairwise distances (Gottron 2008 §5, Fig. 2), in `bins` equal bins over [0, 1]. */
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
