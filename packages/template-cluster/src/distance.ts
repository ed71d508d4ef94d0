import { type DistanceMeasure, type PageStructure, structureSet } from './structure.js';

/** |a ∩ b| of two sorted, duplicate-free hash sets, by one merge pass (linear in |a| + |b|). */
export function intersectionSize(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let count = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      count++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return count;
}

/**
 * 1 − |A ∩ B| / max(|A|, |B|): the form shared by formulas (1), (2) and (3) of Gottron 2008 §4.
 * Two empty sets are identical (distance 0).
 */
export function setDistance(a: Uint32Array, b: Uint32Array): number {
  const largest = Math.max(a.length, b.length);
  if (largest === 0) return 0;
  return 1 - intersectionSize(a, b) / largest;
}

/** d_CP, d_CPS or d_CTSS between two pages (Gottron 2008 §4, formulas 1–3). */
export function structuralDistance(a: PageStructure, b: PageStructure, measure: DistanceMeasure): number {
  return setDistance(structureSet(a, measure), structureSet(b, measure));
}

/** A symmetric distance matrix, row-major (`values[i * size + j]`), zero on the diagonal. */
export interface DistanceMatrix {
  size: number;
  values: Float64Array;
}

export function distanceAt(matrix: DistanceMatrix, i: number, j: number): number {
  return matrix.values[i * matrix.size + j];
}

/** Every pairwise distance of the pages under one measure (n(n−1)/2 set comparisons; Gottron 2008 §5, Fig. 1). */
export function distanceMatrix(structures: readonly PageStructure[], measure: DistanceMeasure): DistanceMatrix {
  const size = structures.length;
  const sets = structures.map((structure) => structureSet(structure, measure));
  const values = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const distance = setDistance(sets[i], sets[j]);
      values[i * size + j] = distance;
      values[j * size + i] = distance;
    }
  }
  return { size, values };
}
