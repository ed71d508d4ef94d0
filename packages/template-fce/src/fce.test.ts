import { describe, expect, it } from 'vitest';
import { isWinnowError, parseHtml, type Page } from '@winnow/dom-blocks';
import { buildTemplate, detectFce, extractFce, fceExtraction } from './fce.js';
import { extractCe, learnCe } from './ce.js';
import { pageBlockTree, templatePath } from './page-blocks.js';
import { makeTemplate, type FceTemplate } from './template.js';
import { FIGURE_2_PARAGRAPH, sitePage, sitePages, uniqueSentence } from './test-support/site.js';

const PHRASE = 'the US House of Representatives';

function templateOf(paths: string[], nonContent: FceTemplate['nonContent'] = [], nonContentPaths?: string[]): FceTemplate {
  return makeTemplate({
    site: 'test',
    params: { similarityThreshold: 0.9, nonContentPageFraction: 0.2, extraBlockTags: [], collapseRepeatedTags: false, pageCount: 5 },
    paths,
    nonContent,
    ...(nonContentPaths ? { nonContentPaths } : {}),
  });
}

/** Training pages whose article paragraphs carry yshortcuts spans, as on the paper's Yahoo! page. */
function yahooLikePages(count: number): Page[] {
  return Array.from({ length: count }, (_, page) => ({
    id: `${page}.html`,
    site: 'news.example',
    html: sitePage(page, { paragraph: `<p>${uniqueSentence(page, 50)} <span class="yshortcuts">${uniqueSentence(page, 51)}</span> ${uniqueSentence(page, 52)}</p>` }),
  }));
}

describe('Nguyen et al. 2009 Figure 1/2: content stays intact and in order', () => {
  const target: Page = { id: 'figure.html', html: sitePage(99, { paragraph: FIGURE_2_PARAGRAPH }) };

  it.each([
    ['dom-blocks block tags', [] as string[]],
    ['span as a block, as in Figure 2', ['span']],
  ])('FastCE keeps the phrase whole (%s)', (_name, extraBlockTags) => {
    const template = buildTemplate(yahooLikePages(8), { extraBlockTags });
    const text = extractFce(template, target).text;
    expect(text).toContain(PHRASE);
    const positions = ['On Sept. 27', 'House of Representatives', 'unanimously passed', 'The Christian Science Monitor', 'Rep. Lamar Smith', 'It was cosponsored by 40 other members of Congress.'].map((part) =>
      text.indexOf(part),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain('Share this page');
    expect(text).not.toContain('Copyright 2010');
  });

  it('CE with span blocks splits the paragraph as in Figure 3, so the phrase is lost', () => {
    const model = learnCe(yahooLikePages(8), { extraBlockTags: ['span'] });
    const text = extractCe(model, target).text;
    expect(text).toContain('On Sept. 27, the US unanimously passed a resolution recognizing on its centennial.');
    expect(text).toContain('House of Representatives');
    expect(text).not.toContain(PHRASE);
  });
});

it.each([
  ['HTML.BODY.DIV.DIV.DIV.SECTION.SECTION.P', 'HTML.BODY.DIV.SECTION.P'],
  ['HTML.BODY.DL.DD.DL.DD.P', 'HTML.BODY.DL.DD.DL.DD.P'],
  ['HTML.BODY.DIVX.DIV.DIV', 'HTML.BODY.DIVX.DIV'],
  ['HTML', 'HTML'],
])('templatePath collapses %s to %s', (path, collapsed) => {
  expect(templatePath(path, true)).toBe(collapsed);
  expect(templatePath(path, false)).toBe(path);
});

describe('detection rules of §III', () => {
  const html = `<html><body>
    <div id="a"><p>alpha paragraph</p><div class="inner"><p>beta inside wrapper</p></div><ul><li>gamma item</li></ul> tail of a</div>
    <div id="b"><p>delta unrelated</p></div>
  </body></html>`;
  const tree = () => pageBlockTree(parseHtml(html));

  it.each([
    // paths in P, expected content text, expected missing text
    [['HTML.BODY.DIV', 'HTML.BODY.DIV.P', 'HTML.BODY.DIV.DIV', 'HTML.BODY.DIV.DIV.P', 'HTML.BODY.DIV.UL', 'HTML.BODY.DIV.UL.LI'], ['alpha', 'beta', 'gamma', 'tail of a', 'delta'], []],
    // rule 2, first case: UL is not in P and none of its sub-blocks is: left out.
    [['HTML.BODY.DIV', 'HTML.BODY.DIV.P', 'HTML.BODY.DIV.DIV', 'HTML.BODY.DIV.DIV.P'], ['alpha', 'beta', 'tail of a'], ['gamma']],
    // rule 2, second case: the inner DIV is not in P but its P is, so it is kept.
    [['HTML.BODY.DIV', 'HTML.BODY.DIV.P', 'HTML.BODY.DIV.DIV.P'], ['alpha', 'beta', 'tail of a'], ['gamma']],
    // only paths in P start an extraction: nothing at DIV level, only the direct paragraphs.
    [['HTML.BODY.DIV.P'], ['alpha', 'delta'], ['beta', 'gamma', 'tail of a']],
  ])('paths %j extract the right blocks in paper mode', (paths, present, absent) => {
    const page = tree();
    const extraction = fceExtraction(page, detectFce(templateOf(paths), page, { mode: 'paper', minCoverage: 0 }));
    expect(extraction.notes).toEqual([]);
    for (const text of present) expect(extraction.text).toContain(text);
    for (const text of absent) expect(extraction.text).not.toContain(text);
  });

  it('keeps document order and labels every text block with a reason', () => {
    const page = tree();
    const extraction = fceExtraction(page, detectFce(templateOf(['HTML.BODY.DIV', 'HTML.BODY.DIV.P', 'HTML.BODY.DIV.DIV.P']), page, { mode: 'paper', minCoverage: 0 }));
    expect(extraction.text.split('\n')).toEqual(['alpha paragraph', 'beta inside wrapper', 'tail of a', 'delta unrelated']);
    // `order` names the page's own block holding each unit (an inline tail shares its block's index).
    for (const block of extraction.blocks) expect(page.blocks[block.order]).toMatchObject({ path: block.path, text: expect.stringContaining(block.text) });
    expect(extraction.unit).toBe('block');
    expect(extraction.blocks.filter((block) => block.label === 'boilerplate').map((block) => block.reason)).toEqual([
      'fce: sub-block without template paths (§III rule 2)',
    ]);
  });

  it('drops an extracted block similar to a stored non-content block of its path', () => {
    const page = tree();
    const template = templateOf(['HTML.BODY.DIV.P'], [{ path: 'HTML.BODY.DIV.P', text: 'delta unrelated', vector: { 'w:delta': 1, 'w:unrelated': 1 } }]);
    for (const mode of ['paper', 'parts'] as const) {
      const detection = detectFce(template, page, { mode, minCoverage: 0 });
      expect(fceExtraction(page, detection).text).toBe('alpha paragraph');
      expect(detection.comparisons).toBe(2);
    }
  });

  it('parts mode leaves out the own text of a kept wrapper whose path is not in the template', () => {
    const page = tree();
    const template = templateOf(['HTML.BODY', 'HTML.BODY.DIV.P']);
    expect(fceExtraction(page, detectFce(template, page, { mode: 'paper', minCoverage: 0 })).text).toContain('tail of a');
    expect(fceExtraction(page, detectFce(template, page, { mode: 'parts', minCoverage: 0 })).text).not.toContain('tail of a');
  });
});

describe('contentSiblings: unseen paths beside content (parts mode)', () => {
  const html = `<html><body>
    <div id="a"><p>alpha paragraph</p><div class="inner"><p>beta inside wrapper</p></div><ul><li>gamma item</li></ul> tail of a</div>
    <div id="b"><p>delta unrelated</p></div>
  </body></html>`;
  const tree = () => pageBlockTree(parseHtml(html));
  const lines = (template: FceTemplate, options: Parameters<typeof detectFce>[2] = {}) => {
    const page = tree();
    return fceExtraction(page, detectFce(template, page, { minCoverage: 0, ...options })).text.split('\n');
  };

  it.each([
    // template, options, expected lines
    ['no other paths seen', templateOf(['HTML.BODY.DIV.P'], [], []), {}, ['alpha paragraph', 'beta inside wrapper', 'gamma item', 'delta unrelated']],
    ['the list item path seen as non-content', templateOf(['HTML.BODY.DIV.P'], [], ['HTML.BODY.DIV.UL.LI']), {}, ['alpha paragraph', 'beta inside wrapper', 'delta unrelated']],
    ['the wrapper path seen as non-content (no region opens there)', templateOf(['HTML.BODY.DIV.P'], [], ['HTML.BODY.DIV.DIV']), {}, ['alpha paragraph', 'gamma item', 'delta unrelated']],
    ['similar to a stored non-content block', templateOf(['HTML.BODY.DIV.P'], [{ path: 'HTML.BODY.DIV.P', text: 'gamma item', vector: { 'w:gamma': 1, 'w:item': 1 } }], []), {}, ['alpha paragraph', 'beta inside wrapper', 'delta unrelated']],
    ['contentSiblings: false (§III)', templateOf(['HTML.BODY.DIV.P'], [], []), { contentSiblings: false }, ['alpha paragraph', 'delta unrelated']],
    ['paper mode', templateOf(['HTML.BODY.DIV.P'], [], []), { mode: 'paper' as const }, ['alpha paragraph', 'delta unrelated']],
    ['a template without nonContentPaths', templateOf(['HTML.BODY.DIV.P']), {}, ['alpha paragraph', 'delta unrelated']],
  ])('%s', (_name, template, options, expected) => {
    expect(lines(template, options)).toEqual(expected);
  });

  it('labels the kept and dropped siblings with a reason, and never adds a parent\'s own text', () => {
    const page = tree();
    const template = templateOf(['HTML.BODY.DIV.P'], [{ path: 'HTML.BODY.DIV.P', text: 'gamma item', vector: { 'w:gamma': 1, 'w:item': 1 } }], []);
    const extraction = fceExtraction(page, detectFce(template, page, { minCoverage: 0 }));
    const reasonOf = (text: string) => extraction.blocks.find((block) => block.text === text)?.reason;
    expect(reasonOf('beta inside wrapper')).toBe('fce: beside a content block, at a path not in the template, unlike every stored non-content block');
    expect(reasonOf('gamma item')).toBe('fce: beside a content block, at a path not in the template, similar to a stored non-content block');
    expect(extraction.text).not.toContain('tail of a');
  });

  it('buildTemplate records the paths that were never content', () => {
    const template = buildTemplate(sitePages(10));
    expect(template.nonContentPaths).toContain('HTML.BODY.DIV.UL.LI');
    expect(template.nonContentPaths?.some((path) => template.paths.includes(path))).toBe(false);
  });

  it('refuses a non-boolean contentSiblings with INVALID_OPTIONS', () => {
    const page = tree();
    expect(() => detectFce(templateOf(['HTML.BODY.DIV.P']), page, { contentSiblings: 'yes' as never })).toThrowError(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});

describe('fallback when the template does not fit the page', () => {
  const template = buildTemplate(sitePages(10));
  const otherLayout = `<html><body><table><tr><td><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li></ul></td>
    <td><h3>A page of another section</h3><blockquote>${uniqueSentence(5, 60)}</blockquote><blockquote>${uniqueSentence(5, 61)}</blockquote></td></tr></table></body></html>`;

  it('falls back to the text unlike stored non-content blocks, with a note', () => {
    const tree = pageBlockTree(parseHtml(otherLayout));
    const detection = detectFce(template, tree);
    expect(detection.coverage).toBe(0);
    expect(detection.fallback).toBe(true);
    const extraction = fceExtraction(tree, detection);
    expect(extraction.text).toContain(uniqueSentence(5, 61));
    expect(extraction.notes[0]).toMatch(/covers 0% of this page's text: fell back/);
  });

  it('does not fall back with minCoverage 0 (the paper) or on a page of the template', () => {
    const tree = pageBlockTree(parseHtml(otherLayout));
    expect(fceExtraction(tree, detectFce(template, tree, { minCoverage: 0 })).text).toBe('');
    const own = pageBlockTree(parseHtml(sitePage(50)));
    expect(detectFce(template, own).fallback).toBe(false);
    expect(detectFce(template, own).coverage).toBeGreaterThan(0.5);
  });
});

describe('FastCE on a small site', () => {
  const template = buildTemplate(sitePages(10));

  it('learns the article paths and the repeated blocks sharing them', () => {
    expect(template.site).toBe('example.test');
    expect(template.params.pageCount).toBe(10);
    // Paths are stored with runs of one tag collapsed (DIV.DIV -> DIV) unless asked otherwise.
    expect(template.paths).toContain('HTML.BODY.DIV.P');
    expect(template.paths).not.toContain('HTML.BODY.DIV.UL.LI');
    const full = buildTemplate(sitePages(10), { collapseRepeatedTags: false });
    expect(full.paths).toContain('HTML.BODY.DIV.DIV.P');
    expect(full.paths).not.toContain('HTML.BODY.DIV.P');
    // The share line sits at an article path (HTML.BODY.DIV.DIV.P) and repeats: stored as non-content.
    expect(template.nonContent.map((entry) => entry.text)).toContain('Share this page Print');
  });

  it.each(['paper', 'parts'] as const)('extracts headline and paragraphs of a new page, nothing else (%s mode)', (mode) => {
    const extraction = extractFce(template, { id: 'new', html: sitePage(42) }, { mode });
    const lines = extraction.text.split('\n');
    expect(lines[0]).toMatch(/^Headline of story 42: \w+ news$/);
    expect(lines.slice(1)).toEqual([0, 1, 2, 3].map((sentence) => `${uniqueSentence(42, sentence)} ${uniqueSentence(42, sentence + 10)}`));
    expect(extraction.notes).toEqual([]);
  });

  it('notes a template learned from one page', () => {
    const single = buildTemplate(sitePages(1));
    expect(extractFce(single, { id: 'x', html: sitePage(3) }).notes[0]).toMatch(/learned from 1 page/);
  });

  it('returns a result, not an exception, for pages without content', () => {
    for (const html of ['', '<html><body></body></html>', 'just text']) {
      const extraction = extractFce(template, { id: 'empty', html });
      expect(extraction.text === '' || typeof extraction.text === 'string').toBe(true);
    }
    expect(extractFce(template, { id: 'empty', html: '' }).notes).toContain('fce: no content block found');
  });

  it('survives deep nesting without recursion', () => {
    const html = `<html><body>${'<div>'.repeat(20000)}deep${'</div>'.repeat(20000)}</body></html>`;
    expect(() => extractFce(template, { id: 'deep', html })).not.toThrow();
    expect(() => buildTemplate([{ id: 'deep', html }, { id: 'deep2', html }])).not.toThrow();
  });

  it('reports progress while building', () => {
    const seen: string[] = [];
    buildTemplate(sitePages(3), {}, (progress) => seen.push(`${progress.phase} ${progress.done}/${progress.total}`));
    expect(seen).toEqual(['parse 1/3', 'parse 2/3', 'parse 3/3', 'compare 1/3', 'compare 2/3', 'compare 3/3']);
  });

  it('refuses a bad option with INVALID_OPTIONS', () => {
    expect(() => buildTemplate(sitePages(2), { similarityThreshold: 2 })).toThrowError(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    try {
      extractFce(template, { id: 'x', html: sitePage(1) }, { mode: 'fast' as never });
      expect.unreachable();
    } catch (error) {
      expect(isWinnowError(error) && error.code).toBe('INVALID_OPTIONS');
    }
  });
});
