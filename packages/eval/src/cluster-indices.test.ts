import { describe, expect, it } from 'vitest';
import { dunnIndex, randIndex } from './cluster-indices.js';

/** Rand by enumerating pairs, to check the contingency-table version. */
function pairwiseRand(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  let agreements = 0;
  let pairs = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      pairs++;
      if ((a[i] === a[j]) === (b[i] === b[j])) agreements++;
    }
  }
  return agreements / pairs;
}

describe('randIndex (Gottron 2008 §5)', () => {
  it.each([
    ['identical partitions, other names', [1, 1, 2, 2, 3], ['a', 'a', 'b', 'b', 'c']],
    ['everything in one cluster', [0, 0, 0, 0], ['a', 'a', 'b', 'b']],
    ['every item alone', [0, 1, 2, 3], ['a', 'a', 'b', 'b']],
    ['a mixed case', [0, 0, 1, 1, 1, 2], ['x', 'y', 'y', 'y', 'z', 'z']],
  ])('%s', (_name, labels, reference) => {
    expect(randIndex(labels, reference)).toBeCloseTo(pairwiseRand(labels, reference), 12);
  });

  it('is 1 for identical partitions', () => {
    expect(randIndex([1, 1, 2], ['x', 'x', 'y'])).toBe(1);
  });

  it('refuses partitions of different sizes', () => {
    expect(() => randIndex([1], [1, 2])).toThrow(RangeError);
  });
});

describe('dunnIndex (Gottron 2008 §5)', () => {
  const points = [0, 1, 10, 12];
  const distance = (i: number, j: number) => Math.abs(points[i] - points[j]);

  it('divides the smallest gap between groups by the largest spread within a group', () => {
    expect(dunnIndex(['a', 'a', 'b', 'b'], distance)).toBe(9 / 2);
  });

  it('is below 1 when groups overlap', () => {
    expect(dunnIndex(['a', 'b', 'a', 'b'], distance)).toBeLessThan(1);
  });
});
