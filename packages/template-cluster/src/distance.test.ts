import { describe, expect, it } from 'vitest';
import { distanceAt, distanceMatrix, intersectionSize, setDistance, structuralDistance } from './distance.js';
import { pageStructure } from './structure.js';

const set = (...values: number[]) => Uint32Array.from(values).sort();

describe('set distance (Gottron 2008 §4, formulas 1–3)', () => {
  it.each([
    [set(1, 2, 3), set(1, 2, 3), 3, 0],
    [set(1, 2, 3, 4), set(1, 2), 2, 0.5],
    [set(1, 2), set(3, 4), 0, 1],
    [set(1, 2, 3, 4, 5), set(4, 5, 6), 2, 0.6],
    [set(), set(), 0, 0],
    [set(), set(7), 0, 1],
  ])('%o vs %o: |∩| = %i, d = %f', (a, b, intersection, distance) => {
    expect(intersectionSize(a, b)).toBe(intersection);
    expect(setDistance(a, b)).toBeCloseTo(distance, 12);
    expect(setDistance(b, a)).toBeCloseTo(distance, 12);
  });

  it('divides by the larger set, not the union (formula 1)', () => {
    // |∩| = 2, max = 4, union = 5: 1 − 2/4 = 0.5, where Jaccard would give 0.6.
    expect(setDistance(set(1, 2, 3, 4), set(1, 2, 5))).toBe(0.5);
  });

  it('compares two pages under each measure and fills a symmetric matrix', () => {
    const pages = [
      pageStructure('<html><body><div><p>a</p><p>b</p></div></body></html>', { shingleLength: 2 }),
      pageStructure('<html><body><div><p>a</p></div></body></html>', { shingleLength: 2 }),
      pageStructure('<html><body><table><tr><td>a</td></tr></table></body></html>', { shingleLength: 2 }),
    ];
    expect(structuralDistance(pages[0], pages[1], 'cp')).toBe(0);
    expect(structuralDistance(pages[0], pages[1], 'ctss')).toBeGreaterThan(0);
    for (const measure of ['cp', 'cps', 'ctss'] as const) {
      const matrix = distanceMatrix(pages, measure);
      expect(matrix.size).toBe(3);
      for (let i = 0; i < 3; i++) {
        expect(distanceAt(matrix, i, i)).toBe(0);
        for (let j = 0; j < 3; j++) expect(distanceAt(matrix, i, j)).toBe(distanceAt(matrix, j, i));
      }
      expect(distanceAt(matrix, 0, 2)).toBeGreaterThan(distanceAt(matrix, 0, 1));
    }
  });
});
