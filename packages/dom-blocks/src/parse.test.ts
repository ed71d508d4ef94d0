import iconv from 'iconv-lite';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { buildBlockTree } from './blocks.js';
import { WinnowError } from './errors.js';
import { MAX_DOM_DEPTH, parseHtml, parseHtmlFragment } from './parse.js';
import { extractPlain } from './plain.js';
import { dumpLinkedom, dumpParse5, visibleWordsLinkedom, visibleWordsParse5 } from './test-support/trees.js';

const bodyText = (html: string | Uint8Array) => buildBlockTree(parseHtml(html)).root.text;

/** One fixture per family of markup that a non-standard parser gets wrong, with the text a browser shows. */
const FAMILIES: [family: string, html: string, text: string][] = [
  [
    'head never closed',
    '<html><head><meta http-equiv="Content-Type" content="text/html"><p>text one</p><title>t</title><p>text two</p>',
    'text one text two',
  ],
  [
    'stray tags in head',
    '<html><head><title>T</title><span>Lead in a span.</span><link rel="x"><meta name="a"><div>Article.</div></head><body><p>More.</p></body></html>',
    'Lead in a span. Article. More.',
  ],
  // RCDATA runs to the end of the input: the rest of the page is the title's (or the textarea's) text.
  ['unclosed <title>', '<html><head><title>Broken title<meta charset="utf-8"></head><body><p>Hidden.</p></body></html>', ''],
  ['unclosed <textarea>', '<body><p>Before.</p><textarea>typed <b>text</b></p><p>after</p>', 'Before. typed <b>text</b></p><p>after</p>'],
  ['table foster parenting', '<table><tr><td>cell</td></tr>fostered <b>bold</b><tr><td>two</td></tr></table>', 'fostered bold cell two'],
  ['<frameset>', '<html><head><title>F</title></head><frameset><frame src="a.html"><noframes><p>No frames.</p></noframes></frameset></html>', ''],
  ['<noscript> in head and body (scripting on)', '<head><noscript><p>Enable JS</p></noscript></head><body><noscript>Also hidden</noscript><p>Shown.</p>', 'Shown.'],
  ['CDATA in HTML and in SVG', '<div><![CDATA[not text]]>after</div><svg><text><![CDATA[svg text]]></text></svg><p>end</p>', 'after end'],
  ['SVG and MathML foreign content', '<p>x<svg><circle r="1"/><p>broke out</p></svg><math><mi>m</mi></math>y</p>', 'x broke out y'],
  ['misnested formatting elements (adoption agency)', '<p><b>one <i>two</b> three</i> four</p><b>five<p>six</b> seven</p>', 'one two three four five six seven'],
];

/** Snippets whose whole tree (elements, namespaces, attributes, text, comments) must equal parse5's. */
const TREES: string[] = [
  ...FAMILIES.map(([, html]) => html),
  '<!DOCTYPE html><!-- before --><html lang="en"><head></head><body>x</body></html><!-- after -->',
  '<p>a&amp;b<!-- c -->d</p>e',
  '<table>a<tr>b<td>c</td>d</tr>e</table>f',
  '<table><caption>c</caption><colgroup><col></colgroup><tbody><tr><td>1<td>2</table>',
  '<template><p>in template</p><td>cell</td></template><p>after</p>',
  '<svg xlink:href="x" viewBox="0 0 1 1"><foreignObject><div>html inside</div></foreignObject><clipPath/></svg>',
  '<math><annotation-xml encoding="text/html"><p>html</p></annotation-xml><mi>x</mi></math>',
  '<a href="1">one<div>two<a href="2">three</a></div></a>',
  '<b><b><b><b>deep</b></b></b></b><p>1<b>2<p>3</b>4',
  '<ul><li>one<li>two<ul><li>three</ul></ul><dl><dt>t<dd>d</dl>',
  '<select><option>a<option>b</select><p>x</p>',
  '<html><body><p>one</body><p>after body</p></html><p>after html</p>',
  '<body a="1"><body b="2"><html c="3">x',
  '<pre>\nfirst newline dropped</pre><listing>\nx</listing>',
  '<plaintext><p>all text',
  '<text id="http://x.org/"><html><body><p>inside</p></body></html></text>',
  '\u0000<p>nul\u0000here</p>',
  '<script>if (a < b) { document.write("<p>") }</script><p>after</p>',
  '<form><form><input name="x"></form></form>',
  '<frameset><frame><frameset><frame></frameset></frameset>',
];

describe('parseHtml', () => {
  it.each(FAMILIES)('gives the browser’s text: %s', (_family, html, text) => {
    expect(bodyText(html)).toBe(text);
    expect(visibleWordsLinkedom(parseHtml(html))).toEqual(visibleWordsParse5(parse(html)));
  });

  it.each(TREES)('builds the tree parse5 builds: %j', (html) => {
    expect(dumpLinkedom(parseHtml(html))).toEqual(dumpParse5(parse(html)));
  });

  it('puts the whole page after an unclosed head into <body>', () => {
    const html = '<html><head><meta http-equiv="Content-Type" content="text/html"><p>text one</p><title>t</title><p>text two</p>';
    expect(extractPlain({ id: 'snippet', html }).text).toBe('text one\ntext two');
    const document = parseHtml(html);
    expect([...document.body.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['text one', 'text two']);
    expect(document.head.querySelector('p')).toBeNull();
  });

  it('gives linkedom nodes that work as a DOM', () => {
    const document = parseHtml('<!DOCTYPE html><title>T</title><p class="a b" id="x">one <b>two</b></p><svg><foreignObject/></svg>');
    expect(document.doctype?.name).toBe('html');
    expect(document.title).toBe('T');
    expect(document.querySelector('#x')?.textContent).toBe('one two');
    expect(document.querySelectorAll('.b')).toHaveLength(1);
    expect(document.getElementById('x')?.classList.contains('a')).toBe(true);
    expect(document.querySelector('foreignObject')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    const paragraph = document.querySelector('p') as Element;
    paragraph.setAttribute('data-k', 'v');
    paragraph.append(document.createTextNode(' three'));
    expect(paragraph.getAttribute('data-k')).toBe('v');
    expect(paragraph.textContent).toBe('one two three');
    expect(document.body.innerHTML).toContain('<svg>');
    expect(() => paragraph.addEventListener('click', () => {})).toThrow(/event listeners/);
  });

  it('merges adjacent character tokens into one text node', () => {
    const paragraph = parseHtml('<p>a &amp; b\n  c</p>').querySelector('p') as Element;
    expect(paragraph.childNodes).toHaveLength(1);
    expect(paragraph.firstChild?.nodeValue).toBe('a & b\n  c');
  });

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

  it('decodes bytes with the sniffed encoding', () => {
    const bytes = new Uint8Array(iconv.encode('<html><head><meta charset="shift_jis"></head><body><p>日本語</p></body></html>', 'shift_jis'));
    expect(bodyText(bytes)).toBe('日本語');
  });

  it('caps nesting at MAX_DOM_DEPTH, keeping every word', () => {
    const depth = 200_000;
    const html = `<body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}<p>after</p>`;
    const started = performance.now();
    const document = parseHtml(html);
    let deepest = 0;
    let node: Node | null = document.querySelector('div');
    for (let level = 1; node; level++) {
      deepest = level;
      node = (node as Element).firstElementChild;
    }
    expect(deepest).toBeLessThanOrEqual(MAX_DOM_DEPTH);
    expect(buildBlockTree(document).root.text).toBe('deep after');
    expect(performance.now() - started).toBeLessThan(40_000);
  }, 60_000);

  it('nests no deeper than maxDepth, leaving deeper elements out and keeping their content in order', () => {
    const html = `<section>a${'<section><p>b</p>'.repeat(9)}c${'</section>'.repeat(9)}d</section>`;
    const document = parseHtml(html, { maxDepth: 4 });
    // html (1) > body (2) > section (3) > section (4); deeper sections and paragraphs are left out.
    expect(document.querySelectorAll('section')).toHaveLength(2);
    expect(document.querySelectorAll('section section section, section section p')).toHaveLength(0);
    expect(document.body.textContent).toBe(`a${'b'.repeat(9)}cd`);
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

describe('parseHtmlFragment', () => {
  it('parses markup as a fragment with scripting off: the content of a noscript is elements', () => {
    const fragment = parseHtmlFragment('<a href="x"><img src="y"></a>tail<noscript><p>z</p></noscript>');
    const parts = [...fragment.childNodes].map((node) => (node as Element).outerHTML ?? node.textContent);
    expect(parts).toEqual(['<a href="x"><img src="y"></a>', 'tail', '<noscript><p>z</p></noscript>']);
    // parseHtml reads as a browser with scripting on: the same noscript holds one text node.
    expect(parseHtml('<noscript><p>z</p></noscript>').querySelector('noscript')?.childNodes.length).toBe(1);
  });
});
