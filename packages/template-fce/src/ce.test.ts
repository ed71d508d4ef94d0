import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { classifyCeUnits, extractCe, labelTrainingPages, learnCe } from './ce.js';
import { DEFAULT_CE_OPTIONS, requiredSimilarPages, resolveCeOptions } from './options.js';
import { cosineNormed, normed, pageBlockTree } from './page-blocks.js';
import { addPage, countSimilarPages, createSimilarityIndex } from './similarity-index.js';
import { sitePage, sitePages, uniqueSentence } from './test-support/site.js';

describe('CE (Nguyen et al. 2009 §II)', () => {
  const model = learnCe(sitePages(10));

  it('drops blocks repeated across the pages and keeps the page-specific ones', () => {
    const extraction = extractCe(model, { id: 'new', html: sitePage(77) });
    expect(extraction.text).toContain(uniqueSentence(77, 0));
    for (const furniture of ['Home', 'Share this page', 'Copyright 2010', 'The news of the example town']) expect(extraction.text).not.toContain(furniture);
    const share = extraction.blocks.find((block) => block.text === 'Share this page Print');
    expect(share?.label).toBe('boilerplate');
    expect(share?.reason).toMatch(/^ce: similar blocks in \d+\+ of 10 pages \(non-content from 2\)$/);
  });

  it('counts pages, not blocks, and honours the page fraction option', () => {
    const tree = pageBlockTree(parseHtml(sitePage(77)));
    const strict = classifyCeUnits(learnCe(sitePages(10), { nonContentPageFraction: 1 }), tree);
    expect(strict.required).toBe(10);
    expect(strict.units.find((unit) => unit.block.ownText === 'Home')?.content).toBe(false);
  });

  it('labels training pages leave-one-out, and a lone page as all content', () => {
    const { pages } = labelTrainingPages(sitePages(4), resolveCeOptions());
    expect(pages[0].find((unit) => unit.text === 'Home')?.content).toBe(false);
    expect(pages[0].find((unit) => unit.text.startsWith(uniqueSentence(0, 0)))?.content).toBe(true);
    const single = labelTrainingPages(sitePages(1), resolveCeOptions());
    expect(single.pages[0].every((unit) => unit.content)).toBe(true);
  });

  it.each([
    [0, 0.2, 1],
    [24, 0.2, 5],
    [25, 0.2, 5],
    [9, 0.5, 5],
    [10, 1, 10],
  ])('requiredSimilarPages(%i pages, %f) = %i', (pages, fraction, required) => {
    expect(requiredSimilarPages(pages, fraction)).toBe(required);
  });

  it('has frozen defaults naming the paper value', () => {
    expect(Object.isFrozen(DEFAULT_CE_OPTIONS)).toBe(true);
    expect(DEFAULT_CE_OPTIONS.similarityThreshold).toBe(0.9);
  });
});

describe('the similarity index gives the brute-force answer', () => {
  // A small deterministic generator: vectors over a few features so that many pairs are similar.
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const vector = () => {
    const entries = new Map<string, number>();
    const size = 1 + Math.floor(random() * 4);
    for (let i = 0; i < size; i++) entries.set(`w:${Math.floor(random() * 6)}`, 1 + Math.floor(random() * 3));
    return normed(entries);
  };
  const pages = Array.from({ length: 12 }, () => Array.from({ length: 8 }, vector));
  const index = createSimilarityIndex();
  for (const page of pages) addPage(index, page);

  it.each([0.5, 0.8, 0.9, 0.99])('threshold %f', (threshold) => {
    for (let query = 0; query < 30; query++) {
      const probe = vector();
      const exclude = query % 12;
      const brute = pages.filter((page, number) => number !== exclude && page.some((other) => cosineNormed(probe, other) > threshold)).length;
      expect(countSimilarPages(index, probe, { threshold, excludePage: exclude })).toBe(brute);
    }
  });
});
