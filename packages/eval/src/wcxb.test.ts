import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readability } from '@mozilla/readability';
import { extractPlain, parseHtml } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { bagScores, meanBagScores } from './bag.js';
import { defaultDatasetsDir, loadDataset } from './datasets.js';
import { missingData } from './gate.js';
import { READABILITY_CHAR_THRESHOLD, READABILITY_MAX_DEPTH } from './readability.js';

/*
 * The WCXB measure against the figures the wcxb-dev README gives for this machine (WCXB, Murrough
 * Foley 2026): all visible text 0.697 over the 1,358 pages. The README's Readability figures were
 * taken on linkedom's own tree (documentation pages 0.884); parseHtml now builds the tree a browser
 * builds, on which Mozilla Readability 0.6's `article.textContent` scores 0.901 on the same 89
 * documentation pages, so that is the figure checked here (the bag measure itself is pinned by the
 * all-text figure, which no tree difference moves). Readability's other page types are not checked:
 * a run over all 1,358 pages takes too long for a test.
 */
const root = path.join(defaultDatasetsDir(), 'wcxb-dev');
const present = existsSync(path.join(root, 'manifest.tsv'));

/** Each figure is a mean of page F1 over many pages: allowed difference from the README's. */
const TOLERANCE = 0.005;

describe('WCXB bag-of-words figures on wcxb-dev', () => {
  it('all visible text: 0.697 over all pages', (context) => {
    if (!present) return missingData('WCXB figures', root, context);
    const pages = loadDataset(root).pages;
    expect(pages).toHaveLength(1358);
    const scores = pages.map((page) => bagScores(extractPlain({ id: page.id, html: page.html }).text, page.gold));
    expect(Math.abs(meanBagScores(scores).f1 - 0.697)).toBeLessThanOrEqual(TOLERANCE);
  }, 1_200_000);

  it("Readability's article text: 0.901 on documentation pages (the standard's tree)", (context) => {
    if (!present) return missingData('WCXB figures', root, context);
    const pages = loadDataset(path.join(root, 'documentation')).pages;
    const scores = pages.map((page) => {
      const document = parseHtml(page.html, { maxDepth: READABILITY_MAX_DEPTH });
      const article = new Readability(document, { charThreshold: READABILITY_CHAR_THRESHOLD }).parse();
      return bagScores(article?.textContent ?? '', page.gold);
    });
    expect(pages).toHaveLength(89);
    expect(Math.abs(meanBagScores(scores).f1 - 0.901)).toBeLessThanOrEqual(TOLERANCE);
  }, 600_000);
});
