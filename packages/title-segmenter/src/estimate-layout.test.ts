import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { estimateLayout } from './estimate-layout.js';
import { indexElements } from './layout.js';

function boxesByTag(html: string): Record<string, unknown> {
  const document = parseHtml(html);
  const layout = estimateLayout(document);
  const elements = indexElements(document);
  expect(layout.elements).toHaveLength(elements.length);
  const result: Record<string, unknown> = {};
  elements.forEach((element, index) => {
    const id = element.getAttribute('id');
    if (id) {
      const { x, y, width, height, display } = layout.elements[index]!;
      result[id] = { x, y, width, height, display };
    }
  });
  return result;
}

describe('estimateLayout (layout-free boxes)', () => {
  it('stacks blocks, indents lists and sets text in lines', () => {
    expect(
      boxesByTag(`<body><h1 id=h>Title</h1><p id=p>${'word '.repeat(200)}</p><ul id=u><li id=l>item</li></ul></body>`),
    ).toEqual({
      h: { x: 0, y: 0, width: 1280, height: 36, display: 'block' },
      p: { x: 0, y: 36, width: 1280, height: 18 * 7, display: 'block' },
      u: { x: 40, y: 162, width: 1240, height: 18, display: 'block' },
      l: { x: 40, y: 162, width: 1240, height: 18, display: 'list-item' },
    });
  });

  it('puts table cells side by side', () => {
    const boxes = boxesByTag(`<table id=t><tr id=r><td id=a>left</td><td id=b>right<br>two</td></tr></table><p id=after>x</p>`);
    expect(boxes.a).toMatchObject({ x: 0, y: 0, width: 640 });
    expect(boxes.b).toMatchObject({ x: 640, y: 0, width: 640, height: 36 });
    expect(boxes.r).toMatchObject({ height: 36 });
    expect(boxes.after).toMatchObject({ y: 36 });
  });

  it('gives hidden and skipped elements display none, their descendants too', () => {
    const boxes = boxesByTag(`<div id=d hidden><p id=inner>x</p></div><script id=s>var a</script><p id=v>visible</p>`);
    expect(boxes.d).toMatchObject({ display: 'none' });
    expect(boxes.inner).toMatchObject({ display: 'none' });
    expect(boxes.s).toMatchObject({ display: 'none' });
    expect(boxes.v).toMatchObject({ y: 0, display: 'block' });
  });

  it('sizes images from their attributes', () => {
    expect(boxesByTag(`<p><img id=i width=300 height=200></p>`).i).toMatchObject({ width: 300, height: 200, display: 'inline' });
  });

  it('handles deep nesting without recursion', () => {
    const depth = 5000;
    const document = parseHtml(`${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`);
    const layout = estimateLayout(document);
    // dom-blocks' parser nests elements at most 512 deep (Chromium's cap); the layout covers every element.
    expect(layout.elements.length).toBe(indexElements(document).length);
    expect(layout.elements.length).toBeGreaterThan(500);
  });
});
