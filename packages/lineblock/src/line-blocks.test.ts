import { describe, expect, it } from 'vitest';
import { buildLineBlocks, meanAndDeviation, titleKeywords } from './line-blocks.js';
import { LINE_BREAK_TAGS } from './options.js';
import { scanLines } from './scan.js';

const blocksOf = (html: string, maxLineGap = 1, title = '') => {
  const { lines } = scanLines(html, { lineBreakTags: LINE_BREAK_TAGS, skipHidden: false });
  return buildLineBlocks(lines, titleKeywords(title), maxLineGap);
};

describe('titleKeywords (San & Aye §IV.A)', () => {
  it("tokenizes the paper's example title", () => {
    expect([...titleKeywords('Bladder cancer: Exciting drug break')]).toEqual(['bladder', 'cancer', 'exciting', 'drug', 'break']);
  });

  it('drops words shorter than minKeywordLength', () => {
    expect([...titleKeywords('A tale of two cities', 3)]).toEqual(['tale', 'two', 'cities']);
  });
});

describe('buildLineBlocks (San & Aye §V Steps 2-3)', () => {
  const page = '<div><p>one</p><p>two</p></div><div><ul><li><a href="/">three</a></li></ul></div>';

  it.each([
    // Between the paragraphs sits one empty line (`</p>`); between `two` and `three`, `</p></div><div><ul>`.
    [0, [['one'], ['two'], ['three']]],
    [1, [['one', 'two'], ['three']]],
    [4, [['one', 'two', 'three']]],
  ])('with maxLineGap %i merges %j', (gap, expected) => {
    expect(blocksOf(page, gap).map((block) => block.lines.map((line) => line.text))).toEqual(expected);
  });

  it('computes TTR, ATTR and TKD per block', () => {
    const html = '<p>Bladder cancer drugs: an exciting break for bladder patients.</p><p><a href="/a">Home</a> <a href="/b">News</a></p>';
    const [article, links] = blocksOf(html, 0, 'Bladder cancer: Exciting drug break');
    const text = 'Bladder cancer drugs: an exciting break for bladder patients.';
    expect(article).toMatchObject({ textLength: text.length, anchorLength: 0, tags: 1, ttr: text.length, attr: 0, tkd: 5 });
    // <p>, two <a>, two </a>: 5 tags; all of "Home News" but the space is anchor text.
    expect(links).toMatchObject({ textLength: 9, anchorLength: 8, tags: 5 });
    expect(links.ttr).toBeCloseTo(9 / 5);
    expect(links.attr).toBeCloseTo(8 / 9);
    expect(links.tkd).toBe(0);
  });

  it('counts the tags of empty lines inside a block', () => {
    const [block] = blocksOf('<p>one</p><p>two</p>', 1);
    // <p> one | </p> | <p> two
    expect(block.tags).toBe(3);
  });

  it('gives no blocks for a page without text', () => {
    expect(blocksOf('<div><img src=x></div>')).toEqual([]);
  });
});

describe('meanAndDeviation (San & Aye §IV.B)', () => {
  it.each([
    [[], 0, 0],
    [[5], 5, 0],
    [[2, 4, 4, 4, 5, 5, 7, 9], 5, 2],
  ])('of %j is mean %d, σ %d', (values, mean, deviation) => {
    expect(meanAndDeviation(values)).toEqual({ mean, deviation });
  });
});
