import { describe, expect, it } from 'vitest';
import { distanceHistogram, dunnIndex, randIndex } from './cluster-indices.js';
import type { DistanceMatrix } from './distance.js';

function matrixOf(rows: number[][]): DistanceMatrix {
  return { size: rows.length, values: Float64Array.from(rows.flat()) };
}

describe('randIndex (paper 004 §5, Table 2)', () => {
  it.each([
    ['identical partitions', [0, 0, 1, 1], ['a', 'a', 'b', 'b'], 1],
    ['everything in one cluster', [0, 0, 0, 0], ['a', 'a', 'b', 'b'], 2 / 6],
    ['everything apart', [0, 1, 2, 3], ['a', 'a', 'b', 'b'], 4 / 6],
    // Pairs: (1,2) agree together, (1,3),(2,3) disagree, (1,4),(2,4) agree apart, (3,4) disagrees → 3/6.
    ['one page misplaced', [0, 0, 0, 1], ['a', 'a', 'b', 'b'], 3 / 6],
    ['a single page', [0], ['a'], 1],
  ])('%s', (_name, predicted, truth, expected) => {
    expect(randIndex(predicted, truth)).toBeCloseTo(expected, 12);
  });

  it('agrees with counting the pairs one by one', () => {
    const predicted = [0, 0, 1, 1, 2, 2, 2, 0, 1, 3];
    const truth = ['x', 'x', 'x', 'y', 'y', 'z', 'z', 'x', 'y', 'z'];
    let agreements = 0;
    let pairs = 0;
    for (let i = 0; i < predicted.length; i++) {
      for (let j = i + 1; j < predicted.length; j++) {
        pairs++;
        if ((predicted[i] === predicted[j]) === (truth[i] === truth[j])) agreements++;
      }
    }
    expect(randIndex(predicted, truth)).toBeCloseTo(agreements / pairs, 12);
  });

  it('refuses label lists of different lengths', () => {
    expect(() => randIndex([0, 1], ['a'])).toThrow(RangeError);
  });
});

describe('dunnIndex (paper 004 §5, Table 1)', () => {
  const matrix = matrixOf([
    [0, 0.1, 0.8, 0.9],
    [0.1, 0, 0.7, 0.85],
    [0.8, 0.7, 0, 0.2],
    [0.9, 0.85, 0.2, 0],
  ]);

  it('is the smallest distance between groups over the largest within one', () => {
    expect(dunnIndex(matrix, ['a', 'a', 'b', 'b'])).toBeCloseTo(0.7 / 0.2, 12);
    expect(dunnIndex(matrix, ['a', 'b', 'a', 'b'])).toBeCloseTo(0.1 / 0.85, 12);
  });

  it('accepts a distance function', () => {
    expect(dunnIndex((i, j) => matrix.values[i * 4 + j], ['a', 'a', 'b', 'b'])).toBeCloseTo(3.5, 12);
  });

  it('is Infinity for singleton groups and NaN for a single group', () => {
    expect(dunnIndex(matrix, ['a', 'b', 'c', 'd'])).toBe(Infinity);
    expect(dunnIndex(matrix, ['a', 'a', 'a', 'a'])).toBeNaN();
  });

  it('refuses a matrix of the wrong size', () => {
    expect(() => dunnIndex(matrix, ['a', 'b'])).toThrow(RangeError);
  });
});

describe('distanceHistogram (paper 004 §5, Fig. 2)', () => {
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
