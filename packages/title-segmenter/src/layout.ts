import { ELEMENT_NODE, walkTree } from '@winnow/dom-blocks';

/** A rectangle in page coordinates (CSS pixels, origin at the top left of the page; Sano et al. 2013 §3.1). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a renderer says about one element: its border box and computed `display` / `visibility`. */
export interface ElementLayout extends Box {
  /** Computed `display` (`block`, `inline`, `none`, `flex`, ...). */
  display: string;
  /** Computed `visibility` (`visible`, `hidden`, `collapse`). */
  visibility: string;
  /**
   * Boxes of the element's direct text children that hold non-blank text, in child order (used for
   * feature F2 and for the boxes of inline runs). Omitted when the element has no such child.
   */
  textBoxes?: Box[];
}

/**
 * The layout of one page: per element, in document order over all elements of the document
 * (`indexElements`), its box, or `undefined` when the renderer has no box for it. This is the core's
 * only contact with rendering, so boxes may come from Chromium (`measureLayoutWithChromium`), from
 * the markup-based estimator (`estimateLayout`), or from anywhere else.
 */
export interface PageLayout {
  /** `elements[i]` belongs to the i-th element of `indexElements(document)`. */
  elements: Array<ElementLayout | undefined>;
  /** Width of the viewport the page was laid out in. */
  viewportWidth: number;
  /** Where the boxes come from (`chromium`, `estimate`, ...), for notes. */
  source: string;
}

/**
 * Every element of the document in document order (the stable element index shared by the layout
 * providers and the core). Iterative, so deep documents cannot overflow the stack.
 */
export function indexElements(document: Document): Element[] {
  const elements: Element[] = [];
  const root = document.documentElement;
  if (!root) return elements;
  walkTree(root, {
    enter(node) {
      if (node.nodeType !== ELEMENT_NODE) return false;
      elements.push(node as Element);
      return true;
    },
  });
  return elements;
}

export function boxArea(box: Box): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

/** The smallest box holding all the given boxes, or `undefined` when there are none. */
export function unionBoxes(boxes: Iterable<Box | undefined>): Box | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    if (!box || box.width <= 0 || box.height <= 0) continue;
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  if (left === Infinity) return undefined;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Sano et al. 2013 §3.1 validity, conditions (1) and (2): at least 1×1 px and not entirely above or left of the page. */
export function isRenderedBox(box: Box): boolean {
  return box.width >= 1 && box.height >= 1 && box.y + box.height > 0 && box.x + box.width > 0;
}
