import { describe, expect, it } from 'vitest';
import { makeExtraction, renderExtraction, renderHtml, renderMarkdown, renderText } from './render.js';
import type { LabelledBlock } from './types.js';

const block = (order: number, tag: string, text: string, label: LabelledBlock['label'] = 'content'): LabelledBlock => ({
  path: `HTML.BODY.${tag.toUpperCase()}`,
  text,
  label,
  reason: 'test',
  order,
  tag,
});

const blocks = [
  block(3, 'p', 'First paragraph & more.'),
  block(1, 'h1', 'The <Title>'),
  block(2, 'div', 'Navigation', 'boilerplate'),
  block(4, 'li', 'one'),
  block(5, 'li', 'two'),
  block(6, 'pre', 'code()'),
];

describe('rendering', () => {
  it('keeps content blocks in document order, one paragraph a line', () => {
    const extraction = makeExtraction(blocks, ['a note']);
    expect(extraction.text).toBe('The <Title>\nFirst paragraph & more.\none\ntwo\ncode()');
    expect(extraction.blocks.map((item) => item.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(extraction.notes).toEqual(['a note']);
  });

  it('renders Markdown with headings, lists and code', () => {
    expect(renderMarkdown(makeExtraction(blocks).blocks)).toBe('# The <Title>\n\nFirst paragraph & more.\n\n- one\n- two\n\n```\ncode()\n```');
  });

  it('renders escaped HTML', () => {
    expect(renderHtml(makeExtraction(blocks).blocks)).toBe(
      '<h1>The &#60;Title&#62;</h1>\n<p>First paragraph &#38; more.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<pre>code()</pre>',
    );
  });

  it('wraps definition terms and descriptions in a <dl>', () => {
    const definitions = [block(1, 'dt', 'term'), block(2, 'dd', 'meaning'), block(3, 'li', 'item'), block(4, 'p', 'after')];
    expect(renderHtml(makeExtraction(definitions).blocks)).toBe('<dl>\n<dt>term</dt>\n<dd>meaning</dd>\n</dl>\n<ul>\n<li>item</li>\n</ul>\n<p>after</p>');
  });

  it('renders nothing for an extraction without content', () => {
    const empty = makeExtraction([block(1, 'p', 'menu', 'boilerplate')]);
    expect(renderText(empty.blocks)).toBe('');
    expect(renderExtraction(empty, 'json')).toContain('"label": "boilerplate"');
  });

  it("renders an extraction's own Markdown when it has one, else Markdown from its blocks", () => {
    const extraction = makeExtraction([block(1, 'h2', 'Title'), block(2, 'p', 'Body')]);
    expect(renderExtraction(extraction, 'markdown')).toBe('## Title\n\nBody');
    const own = { ...extraction, markdown: '## Title\n\n| a | b |\n| --- | --- |' };
    expect(renderExtraction(own, 'markdown')).toBe('## Title\n\n| a | b |\n| --- | --- |');
    expect(JSON.parse(renderExtraction(own, 'json')).markdown).toBe(own.markdown);
  });
});
