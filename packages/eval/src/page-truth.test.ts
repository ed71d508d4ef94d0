import { makeExtraction } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import type { PageExtractor } from '@winnow/dom-blocks';
import type { Dataset, DatasetPage } from './datasets.js';
import { runHarness } from './harness.js';
import { authorsMatch, datesMatch, titleElementText, titlesMatch } from './page-truth.js';

describe('metadata matching', () => {
  it.each([
    ['Ten  Tips\nfor Tea', 'Ten Tips for Tea', true],
    ['Ten Tips for Tea | Tea Blog', 'Ten Tips for Tea', false],
    ['We’ve “Tea” – Why', 'We\'ve "Tea" - Why', true],
    ['ten tips for tea', 'Ten Tips for Tea', false],
    [undefined, 'Ten Tips for Tea', false],
  ])('title %j against %j: %s', (predicted, truth, expected) => {
    expect(titlesMatch(predicted, truth)).toBe(expected);
  });

  it.each([
    ['By Ann  Lee', 'Ann Lee', true],
    ['ann lee', 'Ann Lee', true],
    ['Ann Lee, Bo Chen', 'Ann Lee', false],
    ['Ann Lee, Bo Chen', 'Bo Chen and Ann Lee', true],
    ['Ann Lee, Bo Chen, Cy Dee', 'Ann Lee, Bo Chen, and Cy Dee', true],
    ['', '', false],
  ])('author %j against %j: %s', (predicted, truth, expected) => {
    expect(authorsMatch(predicted, truth)).toBe(expected);
  });

  it.each([
    ['2024-05-01T09:30:00Z', '2024-05-01', true],
    ['2024-05-01', '2024-05', true],
    ['2024-05-02', '2024-05-01', false],
    [undefined, '2024-05-01', false],
  ])('date %j against %j: %s', (predicted, truth, expected) => {
    expect(datesMatch(predicted, truth)).toBe(expected);
  });

  it.each([
    ['<html><head><title> Tea &amp; Cake\n| Blog </title></head><body><h1>x</h1></body>', 'Tea & Cake | Blog'],
    ['<TITLE lang="en">Caps</TITLE>', 'Caps'],
    ['<p>no title</p>', undefined],
    ['<title>   </title>', undefined],
  ])('reads the <title> element of %j', (html, title) => {
    expect(titleElementText(html)).toBe(title);
  });
});

describe('harness figures from a truth record', () => {
  const encoder = new TextEncoder();
  const page = (id: string, pageType: string, html: string, gold: string, truth?: DatasetPage['truth']): DatasetPage => ({
    id,
    site: id,
    html: encoder.encode(html),
    gold,
    pageType,
    truth,
  });
  const dataset: Dataset = {
    kind: 'wcxb',
    name: 'wcxb-fixture',
    pagesAreSites: true,
    pages: [
      page('a', 'article', '<title>Tea | Blog</title><p>Menu</p><p>tea is good</p>', 'tea is good', {
        title: 'Tea',
        author: 'Ann Lee',
        published: '2024-05-01',
        with: ['tea is good', 'absent'],
        without: ['Menu'],
      }),
      page('b', 'forum', '<title>Cake</title><p>cake cake</p>', 'cake', { title: 'Cake', with: [], without: [] }),
      page('c', 'forum', '<p>nothing</p>', '', { with: [], without: ['nothing'] }),
    ],
  };
  const algorithm: PageExtractor = {
    kind: 'page',
    name: 'fixed',
    description: '',
    extract: (input) => {
      const text = new TextDecoder().decode(input.html as Uint8Array).replace(/<title>.*<\/title>/, '').replace(/<[^>]+>/g, '\n').trim();
      const blocks = text.split(/\n+/).map((line, order) => ({ path: 'HTML.BODY.P', text: line, label: 'content' as const, reason: '', order, tag: 'p' }));
      return { ...makeExtraction(blocks), ...(input.id === 'a' ? { metadata: { title: 'Tea', author: 'by ann lee', published: '2024-05-02' } } : {}) };
    },
  };

  it('reports bag-of-words figures overall and per page type, snippet shares and metadata accuracy', () => {
    const report = runHarness(dataset, algorithm);
    // a: "menu tea is good" against "tea is good": P 3/4, R 1; b: "cake cake" against "cake": P 1/2, R 1;
    // c: text against an empty gold: 0.
    const f1a = (2 * 0.75) / 1.75;
    const f1b = (2 * 0.5) / 1.5;
    expect(report.results.map((result) => result.bag.f1)).toEqual([expect.closeTo(f1a, 12), expect.closeTo(f1b, 12), 0]);
    expect(report.bag.f1).toBeCloseTo((f1a + f1b) / 3, 12);
    expect(report.bag.precision).toBeCloseTo(1.25 / 3, 12);
    expect(report.byType).toEqual({
      article: { pages: 1, precision: 0.75, recall: 1, f1: expect.closeTo(f1a, 12) },
      forum: { pages: 2, precision: 0.25, recall: 0.5, f1: expect.closeTo(f1b / 2, 12) },
    });
    // with: only page a has snippets, half found; without: a has Menu (found), c has "nothing" (found).
    expect(report.snippets).toEqual({ withFound: 0.5, withPages: 1, withoutAvoided: 0, withoutPages: 2 });
    expect(report.metadata).toEqual({
      title: { pages: 2, share: 0.5, titleTagShare: 0.5 },
      author: { pages: 1, share: 1 },
      published: { pages: 1, share: 0 },
    });
  });

  it('reports the bag-of-words figure on datasets with no truth, and no truth figures', () => {
    const plain: Dataset = { kind: 'cetd', name: 'fixture', pages: dataset.pages.map(({ truth: _truth, pageType: _type, ...rest }) => rest) };
    const report = runHarness(plain, algorithm);
    expect(report.bag.f1).toBeGreaterThan(0);
    expect([report.byType, report.snippets, report.metadata]).toEqual([undefined, undefined, undefined]);
  });
});
