import { describe, expect, it } from 'vitest';
import { FEATURE_COUNT, matrixRows } from './features.js';
import { REGION_OUTSIDE_THRESHOLD, decideUnits, mainRegion } from './decide.js';

// Blocks: 0 root; 1 main (child of 0) with units in 2, 3; 4 aside (child of 0) with units in 5, 6.
const blockParents = Int32Array.from([-1, 0, 1, 1, 0, 4, 4]);
const unitBlocks = Int32Array.from([2, 3, 5, 6]);
const words = Uint32Array.from([80, 60, 20, 30]);

describe('mainRegion', () => {
  it('picks the subtree where the sure content outweighs the doubtful', () => {
    const p = Float32Array.from([0.95, 0.9, 0.5, 0.05]);
    expect(Array.from(mainRegion(blockParents, unitBlocks, words, p, 0.4))).toEqual([1, 1, 0, 0]);
  });

  it('takes the whole page when content lies on both sides', () => {
    const p = Float32Array.from([0.95, 0.9, 0.99, 0.05]);
    expect(Array.from(mainRegion(blockParents, unitBlocks, words, p, 0.4))).toEqual([1, 1, 1, 1]);
  });
});

describe('decideUnits', () => {
  const matrix = matrixRows(new Float32Array(3 * FEATURE_COUNT));
  it('keeps a unit outside the main region only at REGION_OUTSIDE_THRESHOLD or above', () => {
    const region = Uint8Array.from([1, 1, 0]);
    const doubtful = decideUnits(matrix, Float32Array.from([0.95, 0.3, REGION_OUTSIDE_THRESHOLD - 0.05]), 0.4, region);
    expect(Array.from(doubtful.content, Boolean)).toEqual([true, false, false]);
    expect(doubtful.reasons[2]).toContain('outside the main region');
    const sure = decideUnits(matrix, Float32Array.from([0.95, 0.3, REGION_OUTSIDE_THRESHOLD + 0.05]), 0.4, region);
    expect(Array.from(sure.content, Boolean)).toEqual([true, false, true]);
    expect(Array.from(decideUnits(matrix, Float32Array.from([0.95, 0.3, 0.5]), 0.4).content, Boolean)).toEqual([true, false, true]);
  });
});
