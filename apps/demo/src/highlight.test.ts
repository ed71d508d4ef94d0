import { buildBlockTree, labelBlock, makeExtraction, parseHtml, type LabelledBlock } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { carriesBlockIndices, highlightPage, SHOWN_PAGE_CSP } from './highlight.js';

const PAGE = `<html><head><title>t</title></head><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul></nav>
<article><h1>Storm hits the coast</h1><p>Thousands of homes lost power on Monday night.</p><p>Crews worked through the night to restore it.</p></article>
<footer><p>© Example</p></footer></body></html>`;

function marks(html: string): Record<string, string> {
  const document = parseHtml(html);
  const result: Record<string, string> = {};
  for (const element of document.querySelectorAll('[data-winnow]')) result[element.textContent!.trim()] = element.getAttribute('data-winnow')!;
  return result;
}

/** Labels the page's own blocks: content when `keep` says so. */
function labelled(keep: (text: string) => boolean): LabelledBlock[] {
  return buildBlockTree(parseHtml(PAGE))
    .blocks.filter((block) => block.ownText)
    .map((block) => labelBlock(block, keep(block.ownText) ? 'content' : 'boilerplate', 'test'));
}

describe('highlightPage', () => {
  it('marks blocks by index when the extraction carries the page block indices', () => {
    const extraction = makeExtraction(labelled((text) => text.length > 20));
    const page = highlightPage(PAGE, extraction);
    expect(page.mode).toBe('dom');
    expect({ kept: page.kept, removed: page.removed }).toEqual({ kept: 2, removed: 4 });
    expect(marks(page.html)).toEqual({
      Home: 'boilerplate',
      News: 'boilerplate',
      'Storm hits the coast': 'boilerplate',
      'Thousands of homes lost power on Monday night.': 'content',
      'Crews worked through the night to restore it.': 'content',
      '© Example': 'boilerplate',
    });
  });

  it('falls back to text matching for blocks from another tree (a re-parsed article, lines)', () => {
    // Like Readability: the article re-parsed on its own, so indices and paths do not match the page.
    const article = buildBlockTree(parseHtml('<div><h1>Storm hits the coast</h1><p>Thousands of homes lost power on Monday night.</p></div>'));
    const extraction = makeExtraction(article.blocks.filter((block) => block.ownText).map((block) => labelBlock(block, 'content', 'peer')));
    const page = highlightPage(PAGE, extraction);
    expect(page.mode).toBe('text');
    expect(marks(page.html)).toMatchObject({
      Home: 'boilerplate',
      'Storm hits the coast': 'content',
      'Thousands of homes lost power on Monday night.': 'content',
      'Crews worked through the night to restore it.': 'boilerplate',
    });
  });

  it('matches a long block found inside a kept line, but not a short one', () => {
    const extraction = makeExtraction([
      { path: 'LINE', text: 'Home Crews worked through the night to restore it. More', label: 'content', reason: 'line', order: 0, tag: 'p' },
    ]);
    const result = marks(highlightPage(PAGE, extraction).html);
    expect(result['Crews worked through the night to restore it.']).toBe('content');
    expect(result.Home).toBe('boilerplate');
  });

  it('shows a page with no labelled blocks unmarked', () => {
    const page = highlightPage(PAGE, makeExtraction([], ['nothing found']));
    expect(page).toMatchObject({ kept: 0, removed: 6, mode: 'text' });
  });

  it.each([
    ['scripts', '<script>alert(1)</script>', /<script/i],
    ['noscript', '<noscript><p>enable js</p></noscript>', /noscript|enable js/i],
    ['event handlers', '<p onclick="alert(1)" onmouseover="x()">hi</p>', /onclick|onmouseover/i],
    ['iframes', '<iframe src="https://example.com"></iframe>', /<iframe/i],
    ['frames', '<frameset><frame src="https://example.com"></frameset>', /<frame/i],
    ['objects and embeds', '<object data="x.swf"></object><embed src="y.swf">', /<object|<embed/i],
    ['base', '<base href="https://evil.example/">', /<base/i],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example/">', /refresh/i],
    ['stylesheet links', '<link rel="stylesheet" href="https://cdn.example/x.css">', /<link/i],
    ['javascript: links', '<a href="javascript:alert(1)">x</a>', /javascript:alert/i],
    ['remote images', '<img src="https://tracker.example/p.gif" srcset="https://tracker.example/2x.gif 2x">', /tracker\.example/i],
    ['form actions', '<form action="https://evil.example/"><button formaction="https://evil.example/b">go</button></form>', /evil\.example/i],
    ['svg scripts and links', '<svg><script>alert(1)</script><a href="https://evil.example/"><text>t</text></a></svg>', /<script|[^-]href="https:\/\/evil/i],
    ['the page\'s own marks', '<p data-winnow="content" data-winnow-block="99">fake</p>', /data-winnow-block="99"|<p[^>]*data-winnow="content"/],
  ])('removes %s', (_name, markup, forbidden) => {
    const page = highlightPage(`<html><head>${markup}</head><body>${markup}<p>text</p></body></html>`, makeExtraction([]));
    expect(page.html).not.toMatch(forbidden);
  });

  it('keeps data: images, inline styles and the link targets as data attributes', () => {
    const page = highlightPage('<body><style>p{color:red}</style><img src="data:image/png;base64,iVBORw0KGgo="><a href="/x">x</a></body>', makeExtraction([]));
    expect(page.html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(page.html).toContain('p{color:red}');
    expect(page.html).toContain('data-winnow-href="/x"');
  });

  it('puts the strict policy first in the head', () => {
    const page = highlightPage(PAGE, makeExtraction([]));
    expect(page.html).toMatch(/^<!DOCTYPE html>\n<html><head><meta /);
    expect(page.html).toContain(`content="${SHOWN_PAGE_CSP}"`);
  });

  it('survives pages without head or body, and deep nesting', () => {
    expect(() => highlightPage('just text', makeExtraction([]))).not.toThrow();
    expect(() => highlightPage('<div>'.repeat(20_000) + 'deep', makeExtraction([]))).not.toThrow();
  });
});

describe('carriesBlockIndices', () => {
  const blocks = buildBlockTree(parseHtml(PAGE)).blocks;

  it.each([
    ['the page\'s own blocks', labelled(() => true), true],
    ['no blocks', [], false],
    ['blocks with shifted indices', labelled(() => true).map((block) => ({ ...block, order: block.order + 1 })), false],
  ])('%s → %s', (_name, given, expected) => {
    expect(carriesBlockIndices(blocks, given as LabelledBlock[])).toBe(expected);
  });
});
