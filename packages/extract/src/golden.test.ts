import path from 'node:path';
import { parseHtml } from '@winnow/dom-blocks';
import { bagScores, loadGoldenPages } from '@winnow/eval';
import { describe, expect, it } from 'vitest';
import { extract } from './index.js';
import { extractMetadata } from './metadata.js';

/*
 * Golden pages, one folder per page under test/fixtures (Readability's test-pages layout): small pages
 * of each WCXB page type written for these tests, with the main content and metadata a reader expects.
 */
const pages = loadGoldenPages(path.join(import.meta.dirname, '..', 'test', 'fixtures'));

/** Lowest WCXB bag-of-words F1 of the extracted text against `expected.txt` on any golden page. */
const GOLDEN_MIN_F1 = 0.95;

describe('golden pages', () => {
  it('cover every WCXB page type', () => {
    expect(new Set(pages.map((page) => page.pageType))).toEqual(new Set(['article', 'collection', 'documentation', 'forum', 'listing', 'product', 'service']));
  });

  it.each(pages)('$slug: main content', (page) => {
    const text = extract({ id: page.slug, html: page.html, url: page.url }).text;
    expect(bagScores(text, page.expectedText).f1, text).toBeGreaterThanOrEqual(GOLDEN_MIN_F1);
  });

  it.each(pages.filter((page) => page.expectedMetadata))('$slug: metadata', (page) => {
    expect(extractMetadata(parseHtml(page.html), page.url)).toEqual(page.expectedMetadata);
  });
});
