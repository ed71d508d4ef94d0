import { describe, expect, it } from 'vitest';
import { LINE_BREAK_TAGS } from './options.js';
import { attributesHide, parseAttributes, scanLines } from './scan.js';

const scan = (html: string, skipHidden = false) => scanLines(html, { lineBreakTags: LINE_BREAK_TAGS, skipHidden });
const texts = (html: string, skipHidden = false) => scan(html, skipHidden).lines.filter((line) => line.text).map((line) => line.text);

describe('scanLines: Step 1, filtering (San & Aye §V)', () => {
  it.each([
    ['head', '<html><head><meta charset="utf-8"><link rel=x>head text?</head><body><p>kept</p></body></html>', ['kept']],
    ['script', '<p>a<script>if (a < b) { document.write("<p>no</p>") }</script>b</p>', ['ab']],
    ['style', '<style>p > a { color: red }</style><p>kept</p>', ['kept']],
    ['upper-case raw text', '<SCRIPT type="x">var s = "</scr" + "ipt>";</SCRIPT><p>kept</p>', ['kept']],
    ['comment', '<p>a<!-- <p>hidden</p> -->b</p>', ['ab']],
    ['empty comments', '<p>a<!-->b<!--->c</p>', ['abc']],
    ['doctype and processing instruction', '<!DOCTYPE html><?xml version="1.0"?><p>kept</p>', ['kept']],
    ['noscript', '<noscript><p>enable scripts</p></noscript><p>kept</p>', ['kept']],
    ['nested svg', '<svg><g><svg><text>no</text></svg><text>no</text></g></svg><p>kept</p>', ['kept']],
    ['select', '<select><option>one<option>two</select><p>kept</p>', ['kept']],
    ['template', '<template><p>later</p></template><p>kept</p>', ['kept']],
    ['iframe', '<iframe src=x>fallback</iframe><p>kept</p>', ['kept']],
    ['self-closing svg', '<p>a<svg/>b</p>', ['ab']],
  ])('filters %s', (_name, html, expected) => {
    expect(texts(html)).toEqual(expected);
  });

  it('ends the head at the first tag that cannot be in it, as a browser does', () => {
    expect(texts('<head><title>T</title><div>body text</div>')).toEqual(['body text']);
  });

  it('reads the first <title> (outside svg) for the title keywords', () => {
    expect(scan('<html><head><title> Bladder cancer: &amp; Exciting\n drug break </title></head><body><svg><title>no</title></svg><title>second</title></body>').title).toBe(
      'Bladder cancer: & Exciting drug break',
    );
    expect(scan('<p>no title</p>').title).toBe('');
  });

  it('keeps the visible text of textarea and xmp', () => {
    expect(texts('<textarea>type &lt;here&gt;</textarea>')).toEqual(['type <here>']);
  });

  it.each([
    ['hidden attribute', '<div hidden><p>no</p></div><p>kept</p>'],
    ['display:none', '<div style="color: red; display : none !important"><p>no</p><div>no</div></div><p>kept</p>'],
    ['visibility:hidden', "<span style='visibility:hidden'>no</span><p>kept</p>"],
  ])('drops elements hidden by %s when skipHidden is on', (_name, html) => {
    expect(texts(html, true)).toEqual(['kept']);
    expect(texts(html, false)).not.toEqual(['kept']);
  });

  it.each([
    ['an unclosed hidden <li>', '<ul><li hidden>no<li>kept</ul>', ['kept']],
    ['a hidden <li> closed by its list', '<ul><li><a>kept</a><li hidden>no</ul><p>kept too</p>', ['kept', 'kept too']],
    ['a hidden <li> with a nested list', '<ul><li hidden>no<ul><li>no</li></ul></li><li>kept</li></ul>', ['kept']],
    ['a hidden <p> closed by a <div>', '<p style="display:none">no<div>kept</div>', ['kept']],
    ['a hidden <td>', '<table><tr><td hidden>no<td>kept</table>', ['kept']],
  ])('ends the skip where a browser closes %s', (_name, html, expected) => {
    expect(texts(html, true)).toEqual(expected);
  });

  it('does not take a class named "hidden" for the hidden attribute', () => {
    expect(texts('<div class="a hidden"><p>kept</p></div>', true)).toEqual(['kept']);
  });
});

describe('scanLines: Step 2, lines (San & Aye §IV.A)', () => {
  it('breaks lines at block tags and <br>, not at inline tags or newlines', () => {
    expect(texts('<div>one <b>two</b>\nthree<br>four<p>five</p>six</div>')).toEqual(['one two three', 'four', 'five', 'six']);
  });

  it('counts every tag of a line, the block tag that opens it included', () => {
    const { lines } = scan('<p>some <a href="/x">link</a> text</p>');
    expect(lines.map((line) => [line.text, line.tags])).toEqual([
      ['', 0],
      ['some link text', 3],
      ['', 1],
    ]);
  });

  it('measures anchor text of links with href only', () => {
    const { lines } = scan('<p>read <a href="/a">this link</a> and <a name="x">an anchor</a></p>');
    const line = lines.find((entry) => entry.text)!;
    expect(line.text).toBe('read this link and an anchor');
    expect(line.anchorLength).toBe('this link'.length);
  });

  it('decodes character references', () => {
    expect(texts('<p>caf&eacute; &amp; cr&#232;me &#x2014; &lt;b&gt; AT&T&nbsp;x</p>')).toEqual(['café & crème — <b> AT&T x']);
  });

  it('gives each line the tag and path of the innermost open block', () => {
    const lines = scan('<html><body><div><h2>Head</h2><ul><li>one<li>two</ul><p>para<div>inner</div></div></body></html>').lines.filter((line) => line.text);
    expect(lines.map((line) => `${line.tag} ${line.path}`)).toEqual([
      'h2 HTML.BODY.DIV.H2',
      'li HTML.BODY.DIV.UL.LI',
      'li HTML.BODY.DIV.UL.LI',
      'p HTML.BODY.DIV.P',
      'div HTML.BODY.DIV.DIV',
    ]);
  });

  it('treats a < that opens no tag as text', () => {
    expect(texts('<p>a < b and c<>d </ e</p>')).toEqual(['a < b and c<>d']);
  });
});

describe('scanLines: robustness', () => {
  it.each([
    ['empty input', ''],
    ['text only', 'just text'],
    ['an unclosed comment', '<p>a</p><!-- never closed <p>b</p>'],
    ['an unclosed script', '<p>a</p><script>never closed'],
    ['an unclosed attribute quote', '<p>a</p><a href="never closed><p>b</p>'],
    ['a tag cut off by the end', '<p>a</p><div class="x'],
    ['stray end tags', '</div></p></li></body></html><p>a</p>'],
  ])('survives %s', (_name, html) => {
    expect(() => scan(html)).not.toThrow();
  });

  // Inputs that make backtracking regular expressions or naive tag matching explode; each is scanned
  // in linear time (the timeout is a hang guard on a shared machine, not a speed measurement).
  it.each([
    ['a sea of <', '<'.repeat(200_000)],
    ['unterminated start tags', '<a '.repeat(60_000)],
    ['unterminated attribute values', '<a b="'.repeat(30_000)],
    ['opened comments', '<!--'.repeat(50_000)],
    ['unterminated end tags', '</x'.repeat(60_000)],
    ['ampersands', '&'.repeat(200_000)],
    ['many paragraphs', '<p>x</p>'.repeat(30_000)],
  ])('scans %s without blowing up', (_name, html) => {
    expect(() => scan(html)).not.toThrow();
  }, 20_000);

  it('caps paths of 50,000 nested blocks at MAX_BLOCK_DEPTH without recursion', () => {
    const deep = scan('<div>'.repeat(50_000) + 'deep' + '</div>'.repeat(50_000)).lines.find((line) => line.text)!;
    expect(deep.text).toBe('deep');
    expect(deep.path.split('.').length).toBe(512);
  }, 20_000);
});

describe('attributes', () => {
  it('parses quoted, unquoted and bare attributes', () => {
    expect([...parseAttributes(' href="/a b" data-x=1 hidden CLASS=\'c\' /')]).toEqual([
      ['href', '/a b'],
      ['data-x', '1'],
      ['hidden', ''],
      ['class', 'c'],
    ]);
  });

  it.each([
    [' hidden', true],
    [' style="display:none"', true],
    [' style="display: block" class="none"', false],
    [' aria-hidden="true"', false],
    [' data-state="hidden"', false],
  ])('attributesHide(%j) is %s', (source, expected) => {
    expect(attributesHide(source)).toBe(expected);
  });
});
