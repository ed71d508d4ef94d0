import { describe, expect, it } from 'vitest';
import { buildBlockTree } from './blocks.js';
import { renderMarkdownFromDocument, renderMarkdownFromTree, type MarkdownOptions } from './markdown.js';
import { parseHtml } from './parse.js';

/** Markdown of a page with every block content, or only blocks whose text matches `keep`. */
function markdown(html: string, options: MarkdownOptions = {}, keep?: RegExp): string {
  const document = parseHtml(`<!doctype html><html><head><title>t</title></head><body>${html}</body></html>`);
  const blocks = buildBlockTree(document).blocks.filter((block) => !keep || keep.test(block.ownText)).map((block) => block.index);
  return renderMarkdownFromDocument(document, blocks, options);
}

describe('renderMarkdownFromDocument', () => {
  it.each([
    ['headings and paragraphs', '<h1>Title</h1><p>One <b>bold</b> and <em>soft</em> word.</p><h3>Sub</h3>', '# Title\n\nOne **bold** and *soft* word.\n\n### Sub'],
    ['an unordered list', '<ul><li>one</li><li>two</li></ul>', '- one\n- two'],
    ['an ordered list with start', '<ol start="3"><li>three</li><li>four</li></ol>', '3. three\n4. four'],
    ['a nested list', '<ul><li>fruit<ul><li>apple</li><li>pear</li></ul></li><li>tea</li></ul>', '- fruit\n   - apple\n   - pear\n- tea'],
    [
      'a table with header',
      '<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>Tea</td><td>3 | 4</td></tr><tr><td>Cake</td></tr></tbody></table>',
      '| Name | Price |\n| --- | --- |\n| Tea | 3 \\| 4 |\n| Cake |  |',
    ],
    ['fenced code keeping whitespace and language', '<pre><code class="language-ts">if (a) {\n    b();\n}</code></pre>', '```ts\nif (a) {\n    b();\n}\n```'],
    ['a blockquote', '<blockquote><p>Quoted</p><p>twice</p></blockquote>', '> Quoted\n> \n> twice'],
    ['inline code and escapes', '<p>Call <code>run()</code> with *stars*</p>', 'Call `run()` with \\*stars\\*'],
    ['links and images left out by default', '<p>See <a href="/a">the docs</a> <img src="x.png" alt="X"></p>', 'See the docs'],
  ])('%s', (_name, html, expected) => {
    expect(markdown(html)).toBe(expected);
  });

  it('renders 140,000 sibling paragraphs without overflowing the stack', () => {
    // A spread `push(...chunks)` of more than about 125,000 items overflowed the stack here.
    expect(markdown('<p>w</p>'.repeat(140_000)).split('\n\n')).toHaveLength(140_000);
  }, 120_000);

  it('keeps links and images when asked, resolved against the page URL', () => {
    expect(markdown('<p>See <a href="/a">the docs</a> <img src="x.png" alt="X"></p>', { links: true, images: true, baseUrl: 'https://e.org/p/' })).toBe(
      'See [the docs](https://e.org/a) ![X](https://e.org/p/x.png)',
    );
  });

  it('renders only content blocks', () => {
    expect(markdown('<nav><ul><li>Home</li><li>About</li></ul></nav><h2>Story</h2><p>Body text</p><footer><p>© 2024</p></footer>', {}, /Story|Body/)).toBe(
      '## Story\n\nBody text',
    );
  });

  it('renders from a block tree already built, as from its document', () => {
    const document = parseHtml('<html><body><nav><p>Menu</p></nav><article><h2>Story</h2><ul><li>one<ul><li>deep</li></ul></li></ul><p>Body</p></article></body></html>');
    const tree = buildBlockTree(document);
    const kept = tree.blocks.filter((block) => /Story|deep|Body/.test(block.ownText)).map((block) => block.index);
    expect(renderMarkdownFromTree(tree, kept)).toBe('## Story\n\n-\n   - deep\n\nBody');
    expect(renderMarkdownFromTree(tree, kept)).toBe(renderMarkdownFromDocument(document, kept));
  });
});
