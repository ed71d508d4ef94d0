import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { segmentPage, segmentationToJson, TITLE_BLOCK_MODEL } from './segment.js';
import { pageWithLayout } from './test-support/layout.js';
import { headingModel } from './test-support/models.js';


const article = `<html><head><title>t</title></head><body>
  <div class=nav><a href=/>Home</a> <a href=/news>News</a></div>
  <h1>Main story</h1><p>First paragraph of the story.</p><p>Second paragraph.</p>
  <h2>Related</h2><ul><li><a href=/a>Another story</a></li></ul></body></html>`;

describe('segmentPage', () => {
  it('segments with the estimated layout when no layout is given', () => {
    const segmentation = segmentPage(article, undefined, { model: headingModel });
    expect(segmentation.layoutSource).toBe('estimate');
    expect(segmentation.contentBlocks.map((block) => [block.title.text, block.blocks.map((member) => member.text)])).toEqual([
      ['Main story', ['Main story', 'First paragraph of the story.', 'Second paragraph.']],
      ['Related', ['Related', 'Another story']],
    ]);
    expect(segmentation.blocks[0]).toMatchObject({ text: 'Home News', isTitle: false, contentBlock: null });
    expect(segmentation.contentBlocks[0].text).toBe('Main story\nFirst paragraph of the story.\nSecond paragraph.');
  });

  it('uses a given layout', () => {
    const { document, layout } = pageWithLayout(`<body data-box="0 0 1000 400">
      <h2 data-box="0 0 400 30">Left</h2><p data-box="0 40 400 60">l</p>
      <h2 data-box="500 0 400 30">Right</h2><p data-box="500 40 400 60">r</p></body>`);
    const segmentation = segmentPage(document, layout, { model: headingModel });
    expect(segmentation.layoutSource).toBe('test');
    expect(segmentation.contentBlocks.map((block) => block.box)).toEqual([
      { x: 0, y: 0, width: 400, height: 100 },
      { x: 500, y: 0, width: 400, height: 100 },
    ]);
  });

  it('reports a page without title blocks as a result, not an error', () => {
    const segmentation = segmentPage('<p>just text</p>', undefined, { model: headingModel });
    expect(segmentation.contentBlocks).toEqual([]);
    expect(segmentation.notes.join(' ')).toMatch(/no title block/);
  });

  it.each([
    ['an empty body', '<html><body></body></html>'],
    ['only hidden content', '<div style="display:none"><h1>x</h1></div>'],
  ])('copes with %s', (_name, html) => {
    const segmentation = segmentPage(html);
    expect(segmentation.contentBlocks).toEqual([]);
    expect(segmentation.notes.length).toBeGreaterThan(0);
  });

  it('rejects a layout measured on another document', () => {
    const { layout } = pageWithLayout('<body data-box="0 0 10 10"><p>x</p></body>');
    expect(() => segmentPage(parseHtml('<p>a</p><p>b</p><p>c</p>'), layout)).toThrow(/measure the layout on this very Document/);
  });

  it('serialises to JSON without DOM references', () => {
    const json = JSON.parse(JSON.stringify(segmentationToJson(segmentPage(article, undefined, { model: headingModel }))));
    expect(json.contentBlocks).toHaveLength(2);
    expect(json).not.toHaveProperty('minimumBlocks');
  });

  it('ships a valid model that finds marked-up headings', () => {
    expect(TITLE_BLOCK_MODEL.classes).toEqual(['other', 'title']);
    const segmentation = segmentPage(article);
    expect(segmentation.blocks.find((block) => block.text === 'Main story')?.isTitle).toBe(true);
  });
});
