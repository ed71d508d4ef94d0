import { buildBlockTree, htmlToString, parseHtml, runExtractor, tokenizeWords, type Page } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, DEFAULT_ALGORITHM, algorithmNames, getAlgorithm } from './index.js';

/** A small site: three articles under one template, inline runs beside sub-blocks included. */
function sitePage(index: number, title: string, paragraphs: string[]): Page {
  return {
    id: `site/${index}.html`,
    site: 'site',
    html: `<html><head><title>${title} - The Gazette</title></head><body>
<div id="top"><span>The Gazette</span><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></div>
<div class="article"><h1>${title}</h1>Filed by <b>staff</b><p>${paragraphs.join('</p><p>')}</p>and more below</div>
<div id="foot"><p>&copy; The Gazette. All rights reserved.</p><p>Contact us at the newsroom.</p></div></body></html>`,
  };
}

const SITE = [
  sitePage(1, 'Storm hits the coast', ['Thousands of homes lost power on Monday night as the storm reached the coast.', 'Crews from three counties worked through the night.']),
  sitePage(2, 'Council votes on budget', ['The council approved the budget by seven votes to two after a long debate.', 'Taxes stay unchanged for a second year.']),
  sitePage(3, 'School opens new library', ['The new library holds twelve thousand books and a reading garden.', 'Pupils helped choose the first titles on the shelves.']),
];

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

  it.each(ALGORITHMS.map((algorithm) => [algorithm.name]))('%s labels the page\'s own blocks (or lines with their source offsets)', (name) => {
    const algorithm = getAlgorithm(name);
    const target = SITE[2];
    const [run] = runExtractor(algorithm, [target], { training: { pages: SITE.slice(0, 2) } });
    const extraction = run.extraction!;
    expect(extraction.blocks.length).toBeGreaterThan(0);
    if (extraction.unit === 'line') {
      const html = htmlToString(target.html);
      for (const line of extraction.blocks) {
        expect(line.source).toBeDefined();
        // The line's words are exactly those between its offsets (tags and character references left out).
        const source = html.slice(line.source!.start, line.source!.end).replace(/<[^>]*>|&#?\w+;/g, ' ');
        expect(tokenizeWords(source)).toEqual(tokenizeWords(line.text));
      }
      return;
    }
    const blocks = buildBlockTree(parseHtml(target.html)).blocks;
    for (const block of extraction.blocks) {
      const pageBlock = blocks[block.order];
      expect(pageBlock, `${name}: no page block ${block.order} for "${block.text}"`).toBeDefined();
      expect(tokenizeWords(pageBlock.text)).toEqual(expect.arrayContaining(tokenizeWords(block.text)));
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
