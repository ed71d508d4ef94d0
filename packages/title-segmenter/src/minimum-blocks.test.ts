import { describe, expect, it } from 'vitest';
import { layoutMinimumBlocks } from './minimum-blocks.js';
import { pageWithLayout } from './test-support/layout.js';

function summary(html: string): Array<[string, string]> {
  const { document, layout } = pageWithLayout(html);
  return layoutMinimumBlocks(document, layout).blocks.map((block) => [block.tag, block.text]);
}

describe('layoutMinimumBlocks (Sano et al. 2013 §3.1, Fig. 2)', () => {
  it('takes atomic blocks and inline siblings of blocks as minimum blocks', () => {
    expect(
      summary(`<body data-box="0 0 1000 300">
        <div data-box="0 0 1000 100"><h1 data-box="0 0 500 40">Title</h1><p data-box="0 50 500 20">Body text</p></div>
        <div data-box="0 100 1000 100">Loose <b data-box="40 100 40 20">bold</b> words<p data-box="0 130 500 20">Para</p></div>
      </body>`),
    ).toEqual([
      ['h1', 'Title'],
      ['p', 'Body text'],
      ['#inline', 'Loose bold words'],
      ['p', 'Para'],
    ]);
  });

  it.each([
    ['display none', `<div data-box="0 0 100 20" data-display="none">Hidden</div>`],
    ['visibility hidden', `<div data-box="0 0 100 20" data-visibility="hidden">Hidden</div>`],
    ['entirely left of the page', `<div data-box="-9999 0 100 20">Skip link</div>`],
    ['entirely above the page', `<div data-box="0 -500 100 20">Above</div>`],
    ['no size at all', `<p data-box="0 0 0 0"></p>`],
  ])('drops invalid blocks: %s', (_name, markup) => {
    expect(summary(`<body data-box="0 0 1000 300">${markup}<p data-box="0 100 100 20">Kept</p></body>`)).toEqual([['p', 'Kept']]);
  });

  it('makes a span displayed as block a block (line 3 before line 5) and a div displayed inline not', () => {
    expect(
      summary(`<body data-box="0 0 1000 300"><div data-box="0 0 1000 100">
        <span data-box="0 0 200 20" data-display="block">Span block</span>
        <p data-box="0 30 200 20">Para</p></div>
        <div data-box="0 100 1000 20"><div data-box="0 100 50 20" data-display="inline">inline div</div> tail</div></body>`),
    ).toEqual([
      ['span', 'Span block'],
      ['p', 'Para'],
      ['div', 'inline div tail'],
    ]);
  });

  it('keeps the visible children of a zero-height wrapper (floats)', () => {
    expect(
      summary(`<body data-box="0 0 1000 300"><div data-box="0 0 1000 0"><p data-box="0 0 400 20">Left</p><p data-box="500 0 400 20">Right</p></div></body>`),
    ).toEqual([
      ['p', 'Left'],
      ['p', 'Right'],
    ]);
  });

  it('sums text and image areas and counts child nodes', () => {
    const { document, layout } = pageWithLayout(
      `<body data-box="0 0 1000 300"><div data-box="0 0 100 100">Text <img data-box="0 0 50 50"><i data-box="50 0 10 10">x</i></div></body>`,
    );
    const [block] = layoutMinimumBlocks(document, layout).blocks;
    expect(block.childCount).toBe(3);
    expect(block.imageArea).toBe(2500);
    expect(block.textArea).toBe(100 * 100 + 10 * 10);
  });
});
