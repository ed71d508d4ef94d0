import {
  ELEMENT_NODE,
  PAPER_003_BLOCK_TAGS,
  TEXT_NODE,
  buildBlockTree,
  defaultIsBlock,
  defaultIsSkipped,
  minimumBlocks,
  tagOf,
  walkTree,
  type Block,
  type BlockTree,
  type InlineRun,
} from '@winnow/dom-blocks';
import { boxArea, indexElements, isRenderedBox, unionBoxes, type Box, type ElementLayout, type PageLayout } from './layout.js';

/**
 * CSS `display` values whose outer display type is block (CSS Display 3 §2.1: `flex` is `block flex`,
 * `list-item` is `block flow list-item`, ...). Sano et al. 2013 Fig. 2 line 3 tests `display` is `block`; in
 * 2012 that was the only common block-level value, so the test is read as "block-level outer display".
 */
export const BLOCK_DISPLAYS: ReadonlySet<string> = new Set(['block', 'flow-root', 'flex', 'grid', 'list-item', 'table']);

/**
 * `display` values whose outer display type is inline. Sano et al. 2013 §3.1: "an element whose tag is listed
 * in BT can be an inline element when it has an 'inline' value for the display style", so these make
 * even a `div` or `li` inline (a menu of `li { display: inline-block }` is one minimum block).
 */
export const INLINE_DISPLAYS: ReadonlySet<string> = new Set(['inline', 'inline-block', 'inline-flex', 'inline-grid', 'inline-table']);

/** Sano et al. 2013 Fig. 2's tag list `BT` (the same list dom-blocks exports). */
export const TITLE_SEGMENTER_BLOCK_TAGS: ReadonlySet<string> = new Set(PAPER_003_BLOCK_TAGS);

/** A valid minimum block (Sano et al. 2013 §3.1) with what the features and `makeContentBlocks` need. */
export interface LayoutBlock {
  /** Position among the page's valid minimum blocks, in document order (0-based). */
  order: number;
  /** Lower-case tag of the block element, or `#inline` for a run of inline siblings of blocks. */
  tag: string;
  /** Traversal path of the block (`HTML.BODY.DIV.P`); an inline run gets its parent's path + `.#INLINE`. */
  path: string;
  /** Whitespace-collapsed text. */
  text: string;
  box: Box;
  /** Child nodes: elements and non-blank text nodes (F9). */
  childCount: number;
  /** Summed area of the boxes of the text inside (F2's numerator). */
  textArea: number;
  /** Summed area of the images inside (F3's numerator). */
  imageArea: number;
  /** The dom-blocks block: the atomic block itself, or for an inline run the block holding it. */
  block: Block;
  /** The run of inline nodes when this minimum block is not an atomic block. */
  run: InlineRun | null;
}

export interface LayoutBlocks {
  tree: BlockTree;
  blocks: LayoutBlock[];
}

function isBlankText(node: Node): boolean {
  return node.nodeType === TEXT_NODE && !/\S/.test((node as Text).data);
}

/**
 * Sano et al. 2013 §3.1 validity conditions (3) and (4) for a whole subtree: an element displayed `none`, or
 * hidden, has no visible content. Condition (2) (entirely off the page, e.g. skip links at -9999px)
 * hides the content too. Condition (1) (size) only makes the element non-block: a zero-height wrapper
 * of floats still shows its children.
 */
function hidesSubtree(layout: ElementLayout): boolean {
  if (layout.display === 'none' || layout.visibility === 'hidden' || layout.visibility === 'collapse') return true;
  const hasSize = layout.width > 0 && layout.height > 0;
  return hasSize && (layout.y + layout.height <= 0 || layout.x + layout.width <= 0);
}

/**
 * Minimum blocks of Sano et al. 2013 §3.1 with validity from layout: `isBlockLevelNode` of Fig. 2 decides
 * which elements open blocks, invalid content is dropped, and each remaining minimum block gets its
 * box and the areas the features need.
 */
export function layoutMinimumBlocks(document: Document, layout: PageLayout): LayoutBlocks {
  const elements = indexElements(document);
  const layoutOf = new Map<Element, ElementLayout | undefined>();
  for (let index = 0; index < elements.length; index++) layoutOf.set(elements[index], layout.elements[index]);

  // Boxes of text nodes, matched to the renderer's per-element list of non-blank text children.
  const textBoxOf = new Map<Node, Box>();
  for (const element of elements) {
    const boxes = layoutOf.get(element)?.textBoxes;
    if (!boxes?.length) continue;
    let position = 0;
    for (let child = element.firstChild; child && position < boxes.length; child = child.nextSibling) {
      if (child.nodeType !== TEXT_NODE || isBlankText(child)) continue;
      textBoxOf.set(child, boxes[position++]);
    }
  }

  const tree = buildBlockTree(document, {
    isSkipped(element, tag) {
      if (defaultIsSkipped(element, tag)) return true;
      const elementLayout = layoutOf.get(element);
      return elementLayout !== undefined && hidesSubtree(elementLayout);
    },
    isBlock(element, tag) {
      const elementLayout = layoutOf.get(element);
      // No box from the renderer (it restructured the markup): fall back on the tag.
      if (!elementLayout) return defaultIsBlock(element, tag);
      if (!isRenderedBox(elementLayout)) return false; // Fig. 2 line 1
      if (BLOCK_DISPLAYS.has(elementLayout.display)) return true; // line 3
      if (INLINE_DISPLAYS.has(elementLayout.display)) return false; // §3.1: display is considered before the tag
      return TITLE_SEGMENTER_BLOCK_TAGS.has(tag); // line 5 (table parts, `display: contents`, ...)
    },
  });

  const imageBox = (element: Element): Box | undefined => {
    const box = layoutOf.get(element);
    return box && isRenderedBox(box) && box.display !== 'none' ? box : undefined;
  };

  // Sums text and image areas below a node, skipping what the renderer hides.
  const measure = (node: Node, into: { textArea: number; imageArea: number; boxes: Box[] }): void => {
    walkTree(node, {
      enter(current) {
        if (current.nodeType === TEXT_NODE) {
          const box = textBoxOf.get(current);
          if (box) {
            into.textArea += boxArea(box);
            into.boxes.push(box);
          }
          return false;
        }
        if (current.nodeType !== ELEMENT_NODE) return false;
        const element = current as Element;
        const tag = tagOf(element);
        if (current !== node && defaultIsSkipped(element, tag)) return false;
        const elementLayout = layoutOf.get(element);
        if (elementLayout && hidesSubtree(elementLayout)) return false;
        if (tag === 'img') {
          const box = imageBox(element);
          if (box) into.imageArea += boxArea(box);
        }
        if (elementLayout && isRenderedBox(elementLayout)) into.boxes.push(elementLayout);
        return true;
      },
    });
  };

  const blocks: LayoutBlock[] = [];
  for (const minimum of minimumBlocks(tree)) {
    const measured = { textArea: 0, imageArea: 0, boxes: [] as Box[] };
    let box: Box | undefined;
    let childCount = 0;
    if (minimum.run) {
      for (const node of minimum.run.nodes) {
        if (isBlankText(node)) continue;
        childCount++;
        measure(node, measured);
      }
      box = unionBoxes(measured.boxes);
    } else {
      const element = minimum.block.element;
      for (let child = element.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === ELEMENT_NODE || (child.nodeType === TEXT_NODE && !isBlankText(child))) childCount++;
      }
      measure(element, measured);
      const own = layoutOf.get(element);
      box = own && isRenderedBox(own) ? own : unionBoxes(measured.boxes);
    }
    // Invalid (unrendered) or empty minimum blocks take no part in segmentation (§3.1).
    if (!box || !isRenderedBox(box)) continue;
    if (!minimum.text && measured.imageArea === 0) continue;
    blocks.push({
      order: blocks.length,
      tag: minimum.run ? '#inline' : minimum.block.tag,
      path: minimum.run ? `${minimum.block.path}.#INLINE` : minimum.block.path,
      text: minimum.text,
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
      childCount,
      textArea: measured.textArea,
      imageArea: measured.imageArea,
      block: minimum.block,
      run: minimum.run,
    });
  }
  return { tree, blocks };
}
