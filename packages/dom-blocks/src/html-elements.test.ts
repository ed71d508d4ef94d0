import { describe, expect, it } from 'vitest';
import { parseHtml } from './parse.js';
import { IMPLICITLY_CLOSED_BY, IMPLIED_END_TAGS, RAW_TEXT_ELEMENTS, VOID_ELEMENTS, markupHides } from './html-elements.js';

describe('markupHides', () => {
  it.each([
    [false, 'display:none', true],
    [false, 'color: red; display : none !important;', true],
    [false, 'visibility: hidden', true],
    [false, 'display: none-ish', false],
    [false, 'display: block; --x: display:none', false],
    [false, 'visibility: visible', false],
    [false, null, false],
    [true, null, true],
    [true, 'display: block', true],
  ])('hidden=%s style=%j → %s', (hidden, style, expected) => {
    expect(markupHides(hidden, style)).toBe(expected);
  });
});

describe('element sets agree with the parser', () => {
  it('a void element gets no children even when markup puts some after it', () => {
    for (const tag of VOID_ELEMENTS) {
      if (['frame', 'base', 'link', 'meta', 'basefont', 'bgsound'].includes(tag)) continue; // head-only or frameset-only
      const body = parseHtml(`<html><body><div id="x"><${tag}>text</div></body></html>`).querySelector('#x')!;
      expect(body.firstElementChild?.childNodes.length ?? 0, tag).toBe(0);
    }
  });

  it('a raw-text element keeps a "<" as text', () => {
    for (const tag of ['script', 'style', 'textarea', 'title', 'xmp']) {
      expect(RAW_TEXT_ELEMENTS.has(tag)).toBe(true);
      const document = parseHtml(`<html><head></head><body><${tag}>a <b>c</b></${tag}></body></html>`);
      expect(document.querySelector(tag)?.querySelector('b') ?? null, tag).toBeNull();
    }
  });

  it('every element with an implied end tag is closed by the next start tag of its list', () => {
    expect([...IMPLIED_END_TAGS].sort()).toEqual(['dd', 'dt', 'li', 'optgroup', 'option', 'p', 'td', 'th', 'tr']);
    expect(IMPLICITLY_CLOSED_BY.get('p')?.has('div')).toBe(true);
    const document = parseHtml('<html><body><ul><li>one<li>two</ul><p>first<p>second</body></html>');
    expect(Array.from(document.querySelectorAll('li'), (item) => item.textContent)).toEqual(['one', 'two']);
    expect(Array.from(document.querySelectorAll('p'), (item) => item.textContent)).toEqual(['first', 'second']);
  });
});
