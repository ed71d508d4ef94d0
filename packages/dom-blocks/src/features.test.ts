import { describe, expect, it } from 'vitest';
import { buildBlockTree } from './blocks.js';
import { blockFeatures, cosineSimilarity, featureVector } from './features.js';
import { parseHtml } from './parse.js';

const firstBlock = (body: string, tag: string) =>
  buildBlockTree(parseHtml(`<html><body>${body}</body></html>`)).blocks.find((block) => block.tag === tag)!;

describe('block features', () => {
  it('measures text, words, tags and link density', () => {
    const block = firstBlock('<p>Read <a href="/more">more here</a> now</p>', 'p');
    expect(blockFeatures(block)).toEqual({
      textLength: 18,
      wordCount: 4,
      tagCount: 2,
      anchorTextLength: 9,
      linkDensity: 0.5,
      images: 0,
      scripts: 0,
      links: 1,
      forms: 0,
    });
  });

  it('builds sparse vectors of counts and terms', () => {
    const block = firstBlock('<p>news news <a href="/">today</a><img src="x"></p>', 'p');
    expect(Object.fromEntries(featureVector(block))).toEqual({ '#images': 1, '#links': 1, 'w:news': 2, 'w:today': 1 });
  });

  it.each([
    ['identical vectors', { a: 1, b: 2 }, { a: 1, b: 2 }, 1],
    ['orthogonal vectors', { a: 1 }, { b: 1 }, 0],
    ['one empty vector', {}, { a: 1 }, 0],
    ['two empty vectors', {}, {}, 1],
    ['scaled vectors', { a: 1, b: 1 }, { a: 3, b: 3 }, 1],
  ])('cosine of %s', (_name, a, b, expected) => {
    expect(cosineSimilarity(new Map(Object.entries(a)), new Map(Object.entries(b)))).toBeCloseTo(expected, 10);
  });
});
