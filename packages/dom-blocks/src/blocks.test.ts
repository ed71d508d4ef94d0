import { describe, expect, it } from 'vitest';
import { buildBlockTree, minimumBlocks } from './blocks.js';
import { parseHtml } from './parse.js';

const treeOf = (body: string) => buildBlockTree(parseHtml(`<html><head><title> The  title </title></head><body>${body}</body></html>`));

// Nguyen et al. 2009, Figure 2: a <p> holding <span>s is one atomic block whose text keeps its order.
const PAPER_000_FIGURE_2 = `<p> On Sept. 27, the US <span class="yshortcuts" id="lw_1223369478_0">House of
Representatives</span> unanimously passed a resolution recognizing <span class="yshortcuts"
id="lw_1223369478_1">The Christian Science Monitor</span> on its centennial.</p>`;

describe('buildBlockTree', () => {
  it('gives traversal paths of block tags (Nguyen et al. 2009 §III)', () => {
    const tree = treeOf('<div><table><tr><td><p>cell text</p></td></tr></table></div>');
    const paragraph = tree.blocks.find((block) => block.tag === 'p');
    expect(paragraph?.path).toBe('HTML.BODY.DIV.TABLE.TBODY.TR.TD.P');
    expect(tree.root.path).toBe('HTML');
    expect(tree.title).toBe('The title');
  });

  it('keeps inline elements inside their block, text in order (Nguyen et al. 2009 Fig. 2)', () => {
    const tree = treeOf(PAPER_000_FIGURE_2);
    const paragraph = tree.blocks.find((block) => block.tag === 'p')!;
    expect(paragraph.atomic).toBe(true);
    expect(paragraph.ownText).toContain('the US House of Representatives unanimously passed');
  });

  it('separates own text from sub-block text (Nguyen et al. 2009 Fig. 3)', () => {
    const tree = treeOf('<div>before <p>inner</p> after</div>');
    const division = tree.blocks.find((block) => block.tag === 'div')!;
    expect(division.ownText).toBe('before after');
    expect(division.text).toBe('before inner after');
    expect(division.atomic).toBe(false);
    expect(division.children.map((child) => child.tag)).toEqual(['p']);
  });

  it('numbers blocks in document order', () => {
    const tree = treeOf('<div><p>a</p><p>b</p></div><ul><li>c</li></ul>');
    expect(tree.blocks.map((block) => block.tag)).toEqual(['html', 'body', 'div', 'p', 'p', 'ul', 'li']);
    expect(tree.blocks.every((block, index) => block.index === index)).toBe(true);
  });

  it('makes inline siblings of blocks minimum blocks (Sano et al. 2013 §3.1)', () => {
    const tree = treeOf('<div>lead <b>bold</b><p>para</p>tail<img src="x.png"></div>');
    const minimum = minimumBlocks(tree);
    expect(minimum.map((block) => block.text)).toEqual(['lead bold', 'para', 'tail']);
    expect(minimum.map((block) => (block.run ? 'inline' : block.block.tag))).toEqual(['inline', 'p', 'inline']);
    expect(tree.blocks.filter((block) => block.minimum).map((block) => block.tag)).toEqual(['p']);
  });

  it('counts links, anchor text, images, scripts and forms', () => {
    const tree = treeOf('<div><a href="/a">Home</a> <a href="/b">News</a> text <img src="i.png"><script>var x;</script><form><input></form></div>');
    const division = tree.blocks.find((block) => block.tag === 'div')!;
    expect(division.own).toMatchObject({ links: 2, images: 1, scripts: 1, anchorTextLength: 8 });
    expect(division.total.forms).toBe(2);
    expect(division.text).toBe('Home News text');
  });

  it('skips scripts, styles and markup-hidden elements', () => {
    const tree = treeOf('<p>shown</p><script>hidden()</script><style>p{}</style><div hidden>no</div><p style="display: none">no</p><noscript>no</noscript>');
    expect(tree.root.text).toBe('shown');
  });

  it('breaks lines at <br>', () => {
    const tree = treeOf('<p>one<br>two</p>');
    expect(tree.blocks.find((block) => block.tag === 'p')!.ownText).toBe('one two');
  });

  it('lists text segments with their DOM paths (Wang et al. 2008, Gottron 2008)', () => {
    const tree = treeOf('<div><p>Hello <a href="/x">link</a></p></div>');
    expect(tree.segments.map(({ path, text, inLink }) => ({ path, text, inLink }))).toEqual([
      { path: 'HTML.BODY.DIV.P', text: 'Hello', inLink: false },
      { path: 'HTML.BODY.DIV.P.A', text: 'link', inLink: true },
    ]);
    expect(tree.segments[0].block.tag).toBe('p');
  });

  it('accepts custom block and skip predicates (for layout-based segmenters)', () => {
    const tree = buildBlockTree(parseHtml('<html><body><span class="b">x</span><p class="gone">y</p></body></html>'), {
      isBlock: (_element, tag) => tag === 'span' || tag === 'body',
      isSkipped: (element) => element.getAttribute('class') === 'gone',
    });
    expect(tree.blocks.map((block) => block.tag)).toEqual(['html', 'body', 'span']);
    expect(tree.root.text).toBe('x');
  });

  it('builds a tree for one element', () => {
    const document = parseHtml('<html><body><main><p>inside</p></main><p>outside</p></body></html>');
    const tree = buildBlockTree(document.querySelector('main')!);
    expect(tree.root.path).toBe('MAIN');
    expect(tree.root.text).toBe('inside');
  });
});
