import { parseHtml } from '@winnow/dom-blocks';
import { indexElements, type Box, type ElementLayout, type PageLayout } from '../layout.js';

/**
 * A hand-made layout: boxes come from each element's `data-box="x y w h"` attribute, display from
 * `data-display` (default: `block` for block tags, else `inline`), visibility from `data-visibility`.
 * Elements without `data-box` and inline display get the union of their descendants' boxes.
 */
export function pageWithLayout(html: string): { document: Document; layout: PageLayout } {
  const document = parseHtml(html);
  const elements = indexElements(document);
  const blockTags = new Set(['html', 'body', 'div', 'p', 'h1', 'h2', 'h3', 'ul', 'li', 'table', 'tr', 'td', 'section']);
  const layouts: Array<ElementLayout | undefined> = elements.map((element) => {
    const tag = element.localName;
    if (tag === 'head' || element.closest('head')) return { x: 0, y: 0, width: 0, height: 0, display: 'none', visibility: 'visible' };
    const box = (element.getAttribute('data-box') ?? '0 0 0 0').split(/\s+/).map(Number);
    const layout: ElementLayout = {
      x: box[0],
      y: box[1],
      width: box[2],
      height: box[3],
      display: element.getAttribute('data-display') ?? (blockTags.has(tag) ? 'block' : 'inline'),
      visibility: element.getAttribute('data-visibility') ?? 'visible',
    };
    const textBoxes: Box[] = [];
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3 && /\S/.test((child as Text).data)) textBoxes.push({ x: box[0], y: box[1], width: box[2], height: box[3] });
    }
    if (textBoxes.length) layout.textBoxes = textBoxes;
    return layout;
  });
  return { document, layout: { elements: layouts, viewportWidth: 1000, source: 'test' } };
}
