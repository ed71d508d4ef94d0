import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { detectTemplates } from './detect.js';
import { DEFAULT_SEGMENT_TABLE_OPTIONS, resolveOptions } from './options.js';
import { segmentPage } from './segment.js';

const options = resolveOptions();

const PAGE = `<html><body>
<div id="nav"><a href="/">Home</a> | <a href="/a">About</a></div>
<div id="main"><h1>Title</h1><p>First <b>bold</b> words.</p>
  <table><tr><td>Cell one</td><td>Cell two</td></tr></table>
  <p>Home</p>
</div>
<div><a href="/">Home</a></div>
</body></html>`;

describe('segmentPage (Wang et al. 2008 §2.1)', () => {
  it('cuts blocks at layout tags and segments at text nodes', () => {
    const page = segmentPage(PAGE, options);
    const blocks = page.layoutBlocks.filter((block) => block.segments.length).map((block) => [block.block.tag, block.segments.map((index) => page.segments[index].text)]);
    expect(blocks).toEqual([
      ['div', ['Home', '|', 'About']],
      ['div', ['Title', 'First', 'bold', 'words.', 'Home']],
      ['td', ['Cell one']],
      ['td', ['Cell two']],
      ['div', ['Home']],
    ]);
    // The table, its tbody (the parser adds it, as a browser does) and its row hold no text of their own:
    // their cells are blocks of their own.
    expect(page.layoutBlocks.map((block) => block.block.tag)).toEqual(['html', 'body', 'div', 'div', 'table', 'tbody', 'tr', 'td', 'td', 'div']);
  });

  it('keys segments by DOM path and text: equal text on another path is another segment', () => {
    const page = segmentPage(PAGE, options);
    const homes = page.segments.filter((segment) => segment.text === 'Home');
    expect(homes.map((segment) => segment.path)).toEqual(['HTML.BODY.DIV.A', 'HTML.BODY.DIV.P', 'HTML.BODY.DIV.A']);
    // The first and last "Home" share path and text: one key, counted once per page.
    expect(homes[0].key).toBe(homes[2].key);
    expect(homes[1].key).not.toBe(homes[0].key);
    expect(page.keys.length).toBe(page.segments.length - 1);
  });

  it('takes a Page, a Document, a string or bytes', () => {
    const fromString = segmentPage(PAGE, options).keys;
    expect(segmentPage(parseHtml(PAGE), options).keys).toEqual(fromString);
    expect(segmentPage(new TextEncoder().encode(PAGE), options).keys).toEqual(fromString);
    expect(segmentPage({ id: 'x', html: PAGE }, options).keys).toEqual(fromString);
  });

  it('honours layoutTags: with only body, the page is one block', () => {
    const page = segmentPage(PAGE, { layoutTags: ['body'] });
    expect(page.layoutBlocks.filter((block) => block.segments.length)).toHaveLength(1);
  });

  it('survives a page without text and a deeply nested page', () => {
    expect(segmentPage('<html><body></body></html>', options).segments).toEqual([]);
    const deep = `${'<div>'.repeat(20000)}deep${'</div>'.repeat(20000)}`;
    expect(segmentPage(deep, options).segments.map((segment) => segment.text)).toEqual(['deep']);
  });
});

describe('detectTemplates (Wang et al. 2008 §2.3)', () => {
  // One layout block, segments of lengths 7 and 3: ratio 0.7 when only the first is a template segment.
  const page = segmentPage('<html><body><div><p>aaaaaaa</p><p>bbb</p></div></body></html>', options);
  const lengths = page.segments.map((segment) => segment.length);

  it.each([
    [[5, 5], 1, true],
    [[5, 4], 0.7, false], // the ratio must be larger than 0.7
    [[4, 5], 0.3, false],
    [[4, 4], 0, false],
    [[9, 1], 0.7, false],
  ])('DFs %j give ratio %f, template %s', (dfs, ratio, template) => {
    expect(lengths).toEqual([7, 3]);
    const result = detectTemplates(page, dfs, DEFAULT_SEGMENT_TABLE_OPTIONS);
    const verdict = result.layoutBlocks.find((block) => block.tag === 'div');
    expect(verdict?.ratio).toBeCloseTo(ratio, 10);
    expect(verdict?.template).toBe(template);
    expect(result.extraction.blocks.every((block) => block.label === (template ? 'boilerplate' : 'content'))).toBe(true);
  });

  it('labels every block by its layout block and renders the content in order', () => {
    const segmented = segmentPage(PAGE, options);
    const dfs = segmented.keys.map((key) => (key.text === 'Home' || key.text === 'About' || key.text === '|' ? 9 : 1));
    const { extraction } = detectTemplates(segmented, dfs, options);
    expect(extraction.text).toBe('Title\nFirst bold words.\nCell one\nCell two\nHome');
    expect(extraction.blocks.filter((block) => block.label === 'boilerplate').map((block) => block.text)).toEqual(['Home | About', 'Home']);
    expect(extraction.blocks[0].reason).toMatch(/template ratio 1\.00 > 0\.7/);
  });

  it('says so when every block is a template', () => {
    const segmented = segmentPage(PAGE, options);
    const { extraction } = detectTemplates(segmented, segmented.keys.map(() => 5), options);
    expect(extraction.text).toBe('');
    expect(extraction.notes.join()).toMatch(/no main content/);
  });
});
