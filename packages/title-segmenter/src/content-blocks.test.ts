import { describe, expect, it } from 'vitest';
import { makeContentBlocks } from './content-blocks.js';
import { findNeighbours } from './features.js';
import { layoutMinimumBlocks } from './minimum-blocks.js';
import { pageWithLayout } from './test-support/layout.js';

function groups(html: string, titles: string[]): string[][] {
  const { document, layout } = pageWithLayout(html);
  const { blocks } = layoutMinimumBlocks(document, layout);
  const result = makeContentBlocks(
    blocks.map((block) => block.box),
    blocks.map((block) => titles.includes(block.text)),
    findNeighbours(blocks),
  );
  return result.map((group) => group.members.map((member) => blocks[member].text));
}

describe('makeContentBlocks (Sano et al. 2013 Fig. 3)', () => {
  it('groups each title with the blocks below it until the next title', () => {
    expect(
      groups(
        `<body data-box="0 0 1000 400"><p data-box="0 0 1000 20">Menu</p>
          <h1 data-box="0 30 600 30">One</h1><p data-box="0 70 600 20">a</p><p data-box="0 100 600 20">b</p>
          <h2 data-box="0 130 600 30">Two</h2><p data-box="0 170 600 20">c</p></body>`,
        ['One', 'Two'],
      ),
    ).toEqual([
      ['One', 'a', 'b'],
      ['Two', 'c'],
    ]);
  });

  it('keeps columns apart and takes in blocks inside the bounding box', () => {
    expect(
      groups(
        `<body data-box="0 0 1000 400">
          <h2 data-box="0 0 400 30">Left</h2><p data-box="0 40 400 100">l1</p>
          <p data-box="0 150 190 20">l2a</p><p data-box="210 150 190 20">l2b</p>
          <h2 data-box="500 0 400 30">Right</h2><p data-box="500 40 400 60">r1</p>
          <h2 data-box="0 300 1000 30">Bottom</h2><p data-box="0 340 1000 20">z</p></body>`,
        ['Left', 'Right', 'Bottom'],
      ),
    ).toEqual([
      ['Left', 'l1', 'l2a', 'l2b'],
      ['Right', 'r1'],
      ['Bottom', 'z'],
    ]);
  });

  it('sweeps blocks beside the walked column into the box (Fig. 3 lines 34–39)', () => {
    expect(
      groups(
        `<body data-box="0 0 1000 400">
          <h2 data-box="0 0 800 30">Title</h2><p data-box="0 40 300 200">tall</p><p data-box="400 40 100 20">side</p>
          <h2 data-box="0 300 800 30">Next</h2></body>`,
        ['Title', 'Next'],
      ),
    ).toEqual([
      ['Title', 'tall', 'side'],
      ['Next'],
    ]);
  });

  it('gives no content block without a title block', () => {
    expect(groups(`<body data-box="0 0 1000 400"><p data-box="0 0 100 20">x</p></body>`, [])).toEqual([]);
  });
});
