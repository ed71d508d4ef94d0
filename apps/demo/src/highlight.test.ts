import { buildBlockTree, labelBlock, makeExtraction, parseHtml, type Extraction, type LabelledBlock } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { highlightPage, SHOWN_PAGE_CSP } from './highlight.js';

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

/** Lines as lineblock gives them: each text found in the page, labelled, with its source offsets. */
function extractLineBlocksLike(html: string, kept: readonly string[]): Extraction {
  const blocks: LabelledBlock[] = ['Home', 'Storm hits the coast', 'Thousands of homes lost power on Monday night.'].map((text, order) => {
    const start = html.indexOf(text);
    return { path: '', text, label: kept.includes(text) ? 'content' : 'boilerplate', reason: 'line', order, tag: 'p', source: { start, end: start + text.length } };
  });
  return makeExtraction(blocks, [], 'line');
}

/** Labels the page's own blocks: content when `keep` says so. */
function labelled(keep: (text: string) => boolean): LabelledBlock[] {
  return buildBlockTree(parseHtml(PAGE))
    .blocks.filter((block) => block.ownText)
    .map((block) => labelBlock(block, keep(block.ownText) ? 'content' : 'boilerplate', 'test'));
}

describe('highlightPage', () => {
  it('marks blocks by index: an extraction labels the page\'s own blocks', () => {
    const extraction = makeExtraction(labelled((text) => text.length > 20));
    const page = highlightPage(PAGE, extraction);
    expect(page.mode).toBe('block');
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

  it('marks the blocks holding lines by their source offsets', () => {
    const extraction = extractLineBlocksLike(PAGE, ['Storm hits the coast', 'Thousands of homes lost power on Monday night.']);
    const page = highlightPage(PAGE, extraction);
    expect(page.mode).toBe('line');
    expect(marks(page.html)).toEqual({
      Home: 'boilerplate',
      'Storm hits the coast': 'content',
      'Thousands of homes lost power on Monday night.': 'content',
    });
    expect(page.html).not.toContain('winnow-line');
  });

  it('marks a block content when any of the units in it is (minimum blocks sharing an element)', () => {
    const storm = labelled(() => true).find((block) => block.text === 'Storm hits the coast')!;
    const extraction = makeExtraction([{ ...storm, label: 'boilerplate' }, { ...storm, label: 'content' }, { ...storm, label: 'boilerplate' }]);
    expect(marks(highlightPage(PAGE, extraction).html)).toEqual({ 'Storm hits the coast': 'content' });
  });

  it('shows a page with no labelled blocks unmarked', () => {
    const page = highlightPage(PAGE, makeExtraction([], ['nothing found']));
    expect(page).toMatchObject({ kept: 0, removed: 0, mode: 'block' });
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
