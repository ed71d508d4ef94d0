import { describe, expect, it } from 'vitest';
import { findNeighbours, sameTagRun, sameTagRuns, titleBlockFeatures } from './features.js';
import type { LayoutBlock } from './minimum-blocks.js';
import { layoutMinimumBlocks } from './minimum-blocks.js';
import { pageWithLayout } from './test-support/layout.js';

const twoColumns = `<body data-box="0 0 1000 400">
  <h2 data-box="0 0 400 30">Left title</h2>
  <p data-box="0 40 400 60">Left text</p>
  <p data-box="0 110 400 60">More left</p>
  <h2 data-box="500 0 400 30">Right title</h2>
  <p data-box="500 40 400 60">Right text</p>
  <p data-box="0 300 1000 20">Footer</p>
</body>`;

describe('findNeighbours', () => {
  it('finds the row directly below and above, overlapping horizontally', () => {
    const { document, layout } = pageWithLayout(twoColumns);
    const { blocks } = layoutMinimumBlocks(document, layout);
    expect(blocks.map((block) => block.text)).toEqual(['Left title', 'Left text', 'More left', 'Right title', 'Right text', 'Footer']);
    const { below, above } = findNeighbours(blocks);
    expect(below).toEqual([[1], [2], [5], [4], [5], []]);
    expect(above).toEqual([[], [0], [1], [], [3], [2]]);
  });

  it('groups blocks whose tops are within the row tolerance', () => {
    const { document, layout } = pageWithLayout(`<body data-box="0 0 1000 400">
      <h2 data-box="0 0 1000 30">Title</h2>
      <p data-box="0 40 300 20">A</p><p data-box="350 42 300 20">B</p><p data-box="700 60 300 20">C</p></body>`);
    const { blocks } = layoutMinimumBlocks(document, layout);
    expect(findNeighbours(blocks).below[0]).toEqual([1, 2]);
  });
});

describe('titleBlockFeatures (F1–F9, Sano et al. 2013 §3.2)', () => {
  it('computes the nine features', () => {
    const { document, layout } = pageWithLayout(twoColumns);
    const { blocks } = layoutMinimumBlocks(document, layout);
    const features = titleBlockFeatures(blocks);
    // F1 length, F2 text area ratio, F3 image ratio, F4 h/w, F5 smaller than below, F6 heading, F7, F8, F9
    expect(features[0]).toEqual([10, 1, 0, 30 / 400, 1, 1, 0, 0, 1]);
    expect(features[1]).toEqual([9, 1, 0, 60 / 400, 0, 0, 2, 0, 1]);
    expect(features[2]).toEqual([9, 1, 0, 60 / 400, 0, 0, 1, 1, 1]);
    expect(features[5]).toEqual([6, 1, 0, 20 / 1000, 0, 0, 0, 2, 1]);
  });
});

describe('sameTagRuns', () => {
  it('gives every block the run the walk from it gives, loops included, in one pass', () => {
    // Chains of one tag, a tag change, a shared tail and a loop (boxes that overlap both ways).
    const tags = ['p', 'p', 'p', 'h2', 'p', 'p', 'li', 'li', 'li', 'p'];
    const blocks = tags.map((tag) => ({ tag }) as LayoutBlock);
    const next = [[1], [2], [3], [4], [5], [], [7], [8], [6], [1]];
    expect(sameTagRuns(blocks, next)).toEqual(blocks.map((_, index) => sameTagRun(blocks, next, index)));
    expect(sameTagRuns(blocks, next)).toEqual([2, 1, 0, 0, 1, 0, 2, 2, 2, 2]);
  });

  it('counts 20,000 sibling paragraphs without walking each run from every block', () => {
    const blocks = Array.from({ length: 20_000 }, () => ({ tag: 'p' }) as LayoutBlock);
    const next = blocks.map((_, index) => (index + 1 < blocks.length ? [index + 1] : []));
    const runs = sameTagRuns(blocks, next);
    expect(runs[0]).toBe(19_999);
    expect(runs[19_999]).toBe(0);
  });
});
