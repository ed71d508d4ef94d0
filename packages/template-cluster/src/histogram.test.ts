import { describe, expect, it } from 'vitest';
import { distanceHistogram } from './histogram.js';
import type { DistanceMatrix } from './distance.js';

function matrixOf(rows: number[][]): DistanceMatrix {
  return { size: rows.length, values: Float64Array.from(rows.flat()) };
}

describe('distanceHistogram (Gottron 2008 §5, Fig. 2)', () => {
  it('counts each pair once in equal bins, 1 in the last', () => {
    const matrix = matrixOf([
      [0, 0.05, 1],
      [0.05, 0, 0.55],
      [1, 0.55, 0],
    ]);
    const bins = distanceHistogram(matrix, 10);
    expect(bins).toHaveLength(10);
    expect(bins.map((bin) => bin.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(bins[5]).toEqual({ from: 0.5, to: 0.6, count: 1 });
    expect(() => distanceHistogram(matrix, 0)).toThrow(RangeError);
  });
});
