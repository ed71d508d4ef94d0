import { describe, expect, it } from 'vitest';
import { ALGORITHMS, DEFAULT_ALGORITHM, algorithmNames, getAlgorithm } from './index.js';

describe('the algorithm registry', () => {
  it('lists every algorithm once, with the baselines', () => {
    const names = algorithmNames();
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['plain', 'readability', 'lineblock', 'lineblock-paper', 'fce', 'ce', 'segment-table', 'cluster', 'title-segmenter', 'winnow']));
    expect(names).toContain(DEFAULT_ALGORITHM);
  });

  it('gives site algorithms a default number of training pages', () => {
    for (const algorithm of ALGORITHMS) {
      // winnow's own extractor also works with no pages of the site (its single-page model alone).
      if (algorithm.kind === 'site' && algorithm.name !== 'winnow') expect(algorithm.defaultTrainPages).toBeGreaterThan(0);
      expect(algorithm.description.length).toBeGreaterThan(10);
    }
  });

  it('runs every page algorithm on a small page', () => {
    const page = { id: 'x', html: '<html><head><title>Storm</title></head><body><nav><a href="/">Home</a></nav><article><h1>Storm</h1><p>The storm hit the coast on Monday night and thousands of homes lost power, officials said.</p></article></body></html>' };
    for (const algorithm of ALGORITHMS) {
      if (algorithm.kind !== 'page') continue;
      const extraction = algorithm.extract(page);
      expect(Array.isArray(extraction.blocks)).toBe(true);
      expect(typeof extraction.text).toBe('string');
    }
  });

  it('refuses an unknown name with UNKNOWN_ALGORITHM and the list of known ones', () => {
    expect(() => getAlgorithm('nope')).toThrow(expect.objectContaining({ code: 'UNKNOWN_ALGORITHM', message: expect.stringContaining('plain') }));
  });
});

// Importing the entry loads every algorithm package: allow for a loaded runner.
it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "ALGORITHMS",
      "DEFAULT_ALGORITHM",
      "algorithmNames",
      "getAlgorithm",
    ]
  `);
}, 30_000);
