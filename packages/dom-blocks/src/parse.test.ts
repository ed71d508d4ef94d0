import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buildBlockTree } from './blocks.js';
import { WinnowError } from './errors.js';
import { flattenDeepNesting, normalizeHtml, parseHtml } from './parse.js';
import { extractPlain } from './plain.js';

const bodyText = (html: string | Uint8Array) => buildBlockTree(parseHtml(html)).root.text;

describe('parseHtml', () => {
  it.each([
    ['a fragment', '<p>hello <b>world</b></p><div>two</div>', 'hello world two'],
    ['a document without <html>', '<!DOCTYPE html><head><title>t</title></head><body><p>hi</p></body>', 'hi'],
    ['a document without <body>', '<html><head><title>T</title></head><p>no body tag</p></html>', 'no body tag'],
    ["CleanEval's <text> wrapper", '<text id="http://x.org/" title="x"><html><body><p>inside</p></body></html></text>', 'inside'],
    ['only text', 'just some words', 'just some words'],
    ['an empty string', '', ''],
    ['whitespace', '  \n ', ''],
  ])('reads %s', (_name, html, expected) => {
    expect(bodyText(html)).toBe(expected);
  });

  it('recovers the text behind an unclosed <title>', () => {
    const html = '<html><head><title>Broken title<meta charset="utf-8"></head><body><p>The article text.</p></body></html>';
    const document = parseHtml(html);
    expect(document.title).toBe('Broken title');
    expect(bodyText(html)).toBe('The article text.');
  });

  it('keeps a properly closed title untouched', () => {
    expect(normalizeHtml('<html><head><title>A <b> title</title></head><body>x</body></html>')).toContain('<title>A <b> title</title>');
  });

  it('decodes bytes with the sniffed encoding', () => {
    const bytes = new Uint8Array(iconv.encode('<html><head><meta charset="shift_jis"></head><body><p>日本語</p></body></html>', 'shift_jis'));
    expect(bodyText(bytes)).toBe('日本語');
  });

  it('survives 100,000 levels of nesting without recursion, quickly', () => {
    const depth = 100_000;
    const html = `<html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}<p>after</p></body></html>`;
    const started = performance.now();
    const tree = buildBlockTree(parseHtml(html));
    expect(tree.root.text).toBe('deep after');
    expect(extractPlain({ id: 'deep', html }).text).toContain('deep');
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('flattens only what is nested past the limit, keeping all text', () => {
    const html = `<html><body>${'<section>'.repeat(10)}x${'</section>'.repeat(10)}</body></html>`;
    const flattened = flattenDeepNesting(html, 4);
    expect(flattened.match(/<section>/g)?.length).toBe(2);
    expect(flattened.match(/<\/section>/g)?.length).toBe(2);
    expect(flattened).toContain('x');
  });

  it('parses 20 MB of HTML', () => {
    const paragraph = `<p>${'lorem ipsum dolor sit amet '.repeat(370)}</p>\n`;
    const html = `<html><body>${paragraph.repeat(Math.ceil(20e6 / paragraph.length))}</body></html>`;
    expect(html.length).toBeGreaterThan(20e6);
    const tree = buildBlockTree(parseHtml(html));
    expect(tree.blocks.length).toBeGreaterThan(2000);
  }, 120_000);

  it('refuses input over maxBytes with INPUT_TOO_LARGE', () => {
    expect(() => parseHtml('<p>too big</p>', { maxBytes: 5 })).toThrow(expect.objectContaining({ code: 'INPUT_TOO_LARGE' }));
  });

  it('refuses binary garbage with BINARY_INPUT', () => {
    const garbage = new Uint8Array(4096).map((_, index) => (index * 7919) % 256);
    expect(() => parseHtml(garbage)).toThrow(WinnowError);
    expect(() => parseHtml(garbage)).toThrow(expect.objectContaining({ code: 'BINARY_INPUT' }));
  });
});
