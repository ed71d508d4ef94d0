import { parseHtml } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { hashString } from './hash.js';
import { DEFAULT_STRUCTURE_OPTIONS, pageStructure, structureSet } from './structure.js';

describe('pageStructure', () => {
  it('collects the distinct root-to-leaf paths (Gottron 2008 §4.1), text leaves included', () => {
    const structure = pageStructure('<html><head></head><body><div><p>a</p><p>b</p><p><b>c</b></p><br></div></body></html>');
    // html/head, html/body/div/p/#text, html/body/div/p/b/#text, html/body/div/br
    expect(structure.paths.length).toBe(4);
  });

  it('is blind to text and attributes: same template, different content gives the same sets', () => {
    const a = pageStructure('<html><body><div class="x"><p>one</p></div></body></html>');
    const b = pageStructure('<html><body><div id="y"><p>two words</p></div></body></html>');
    expect(b).toEqual(a);
  });

  it.each([
    ['a whitespace-only text node', '<html><body><div> \n </div></body></html>', '<html><body><div></div></body></html>'],
    ['a comment', '<html><body><div><!-- note --></div></body></html>', '<html><body><div></div></body></html>'],
  ])('ignores %s', (_name, withIt, without) => {
    expect(pageStructure(withIt)).toEqual(pageStructure(without));
  });

  it('tells sibling order apart in the tag sequence (CTSS) but not in the paths (CP)', () => {
    const a = pageStructure('<html><body><div><p>x</p><ul><li>y</li></ul></div></body></html>', { shingleLength: 3 });
    const b = pageStructure('<html><body><div><ul><li>y</li></ul><p>x</p></div></body></html>', { shingleLength: 3 });
    expect(b.paths).toEqual(a.paths);
    expect(b.tagShingles).not.toEqual(a.tagShingles);
  });

  it('reads the markup of a noscript, which the parser keeps as text, as the elements it is', () => {
    const structure = pageStructure('<html><body><div><noscript><a href="x"><img src="y"></a></noscript></div></body></html>');
    const asMarkup = pageStructure(parseHtml('<html><body><div><span><a href="x"><img src="y"></a></span></div></body></html>'));
    const asText = pageStructure('<html><body><div><noscript>a</noscript></div></body></html>');
    // html/head, html/body/div/noscript/a/img: one path each, and not noscript/#text.
    expect(structure.paths.length).toBe(2);
    expect(structure.paths).not.toEqual(asText.paths);
    expect(structure.tagShingles.length).toBe(asMarkup.tagShingles.length);
  });

  it('shingles paths into runs of shingleLength tags (CPS), a short path being its own shingle', () => {
    const html = '<html><body><div><div><div><p>x</p></div></div></div></body></html>';
    // Two paths: html/head (the parser adds the head, as a browser does), short, its own shingle; and
    // html/body/div/div/div/p/#text, 7 tags.
    expect(pageStructure(html, { shingleLength: 3 }).pathShingles.length).toBe(1 + (7 - 3 + 1));
    expect(pageStructure(html, { shingleLength: 7 }).pathShingles.length).toBe(1 + 1);
    expect(pageStructure(html, { shingleLength: 8 }).pathShingles.length).toBe(1 + 1);
    expect(pageStructure(`<html><head></head>${html.slice(6)}`, { shingleLength: 3 }).pathShingles.length).toBe(1 + 5);
  });

  it('accepts a Document, an Element, a string or bytes', () => {
    const html = '<html><body><p>x</p></body></html>';
    const fromString = pageStructure(html);
    expect(pageStructure(parseHtml(html))).toEqual(fromString);
    expect(pageStructure(new TextEncoder().encode(html))).toEqual(fromString);
    expect(pageStructure(parseHtml(html).documentElement)).toEqual(fromString);
  });

  it('gives sorted, duplicate-free hash sets', () => {
    const structure = pageStructure('<html><body>' + '<p>x</p>'.repeat(50) + '</body></html>');
    for (const set of [structure.paths, structure.pathShingles, structure.tagShingles]) {
      expect(Array.from(set)).toEqual([...new Set(set)].sort((a, b) => a - b));
    }
    expect(structureSet(structure, 'cp')).toBe(structure.paths);
    expect(structureSet(structure, 'cps')).toBe(structure.pathShingles);
    expect(structureSet(structure, 'ctss')).toBe(structure.tagShingles);
  });

  it('handles an empty page and 20,000 nested elements without recursion', () => {
    expect(pageStructure('').paths.length).toBeGreaterThan(0);
    const depth = 20_000;
    const document = parseHtml(`<html><body>${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}</body></html>`);
    const started = performance.now();
    const deep = pageStructure(document);
    // html/head, and the divs down to the text: nesting stops at 512 (MAX_DOM_DEPTH), deeper divs are left out.
    expect(deep.paths.length).toBe(2);
    expect(deep.pathShingles.length).toBeLessThanOrEqual(8); // a chain of identical windows
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses a shingle length that is not a positive integer', () => {
    expect(() => pageStructure('<p>x</p>', { shingleLength: 0 })).toThrow(RangeError);
    expect(() => pageStructure('<p>x</p>', { shingleLength: 2.5 })).toThrow(RangeError);
  });

  it('names the paper section behind its default', () => {
    expect(DEFAULT_STRUCTURE_OPTIONS.shingleLength).toBe(8);
    expect(Object.isFrozen(DEFAULT_STRUCTURE_OPTIONS)).toBe(true);
  });

  it('hashes strings deterministically', () => {
    expect(hashString('div')).toBe(hashString('div'));
    expect(hashString('div')).not.toBe(hashString('dvi'));
  });
});
