import { describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_OPTIONS, PAPER_THRESHOLDS, clusterStructures, lshBandsFor, minHashSignatures, singleLinkage } from './cluster.js';
import { pageStructure } from './structure.js';
import { docsSite, newsSite } from './test-support/fixtures.js';

describe('singleLinkage (Gottron 2008 §5)', () => {
  // a–b 0.2, b–c 0.3, a–c 0.9, d far from all.
  const distances = [
    [0, 0.2, 0.9, 1],
    [0.2, 0, 0.3, 1],
    [0.9, 0.3, 0, 0.95],
    [1, 1, 0.95, 0],
  ];
  const distance = (i: number, j: number) => distances[i][j];

  it.each([
    [0.1, [[0], [1], [2], [3]]],
    [0.2, [[0, 1], [2], [3]]],
    [0.3, [[0, 1, 2], [3]]], // chaining: a and c join through b although 0.9 apart
    [0.99, [[0, 1, 2, 3]]],
  ])('at threshold %f gives %o', (threshold, clusters) => {
    expect(singleLinkage(4, distance, threshold).clusters).toEqual(clusters);
  });

  it('skips pairs already in one cluster', () => {
    expect(singleLinkage(4, () => 0, 0.5).comparisons).toBe(3);
  });
});

describe('clusterStructures', () => {
  const pages = [...newsSite(), ...docsSite()];
  const structures = pages.map((page) => pageStructure(page.html as string));
  const bySite = [
    [0, 1, 2, 3, 4, 5],
    [6, 7, 8, 9],
  ];

  it.each(['cp', 'cps', 'ctss'] as const)('separates two templates with %s at the paper threshold', (measure) => {
    const clustering = clusterStructures(structures, { measure });
    expect(clustering.method).toBe('exact');
    expect(clustering.threshold).toBe(PAPER_THRESHOLDS[measure]);
    expect(clustering.clusters).toHaveLength(2);
    expect(clustering.clusters).toEqual(bySite);
  });

  it('takes the LSH path above exactLimit and finds the same clusters here', () => {
    const clustering = clusterStructures(structures, { exactLimit: 0 });
    expect(clustering.method).toBe('lsh');
    expect(clustering.clusters).toEqual(bySite);
  });

  it.each([1, 4])('agrees with the exact path on the fixtures with %i rows per band', (lshRows) => {
    const exact = clusterStructures(structures, { measure: 'ctss' });
    expect(clusterStructures(structures, { measure: 'ctss', exactLimit: 0, lshRows, lshBands: 32 }).clusters).toEqual(exact.clusters);
  });

  it('puts everything together at threshold 1 and keeps everything apart at 0 for distinct pages', () => {
    expect(clusterStructures(structures, { threshold: 1 }).clusters).toHaveLength(1);
    expect(clusterStructures(structures, { threshold: 1, exactLimit: 0 }).clusters).toHaveLength(1);
    expect(clusterStructures([structures[0], structures[6]], { threshold: 0 }).clusters).toHaveLength(2);
  });

  it('ignores undefined options and refuses bad ones', () => {
    expect(clusterStructures(structures, { threshold: undefined, measure: undefined }).measure).toBe(DEFAULT_CLUSTER_OPTIONS.measure);
    expect(() => clusterStructures(structures, { threshold: 2 })).toThrow(RangeError);
    expect(() => clusterStructures(structures, { exactLimit: 0, lshBands: 0 })).toThrow(RangeError);
    expect(() => clusterStructures(structures, { exactLimit: 0, lshRecall: 1 })).toThrow(RangeError);
  });

  it('clusters nothing into nothing', () => {
    expect(clusterStructures([]).clusters).toEqual([]);
  });
});

describe('lshBandsFor', () => {
  it.each([
    // threshold, rows, recall, bands: J* = s / (2 − s), bands = ⌈ln(1 − recall) / ln(1 − J*^rows)⌉
    [0.7, 1, 0.9, 12],
    [0.6, 1, 0.9, 9],
    [0.85, 1, 0.9, 28],
    [0.7, 2, 0.9, 64], // capped
    [0, 1, 0.9, 1],
    [1, 1, 0.9, 64],
  ])('threshold %f, %i rows, recall %f: %i bands', (threshold, rows, recall, bands) => {
    expect(lshBandsFor(threshold, rows, recall)).toBe(bands);
  });
});

describe('minHashSignatures', () => {
  it('estimates Jaccard similarity and is deterministic for a seed', () => {
    const a = Uint32Array.from({ length: 400 }, (_, index) => index * 7919);
    const b = Uint32Array.from({ length: 400 }, (_, index) => (index + 200) * 7919); // Jaccard 200/600
    const signatures = minHashSignatures([a, b], 256, 1);
    let equal = 0;
    for (let index = 0; index < 256; index++) if (signatures[index] === signatures[256 + index]) equal++;
    expect(equal / 256).toBeGreaterThan(0.2);
    expect(equal / 256).toBeLessThan(0.47);
    expect(minHashSignatures([a, b], 256, 1)).toEqual(signatures);
  });
});
