import {
  BLOCK_LEVEL_TAGS,
  ELEMENT_NODE,
  TEXT_NODE,
  collapseWhitespace,
  defaultIsSkipped,
  tagOf,
  walkTree,
} from '@winnow/dom-blocks';
import type { Box, ElementLayout, PageLayout } from './layout.js';

export interface EstimateLayoutOptions {
  /** Page width in CSS pixels (a common desktop viewport; the paper used Safari on a desktop, §4.3). */
  viewportWidth: number;
  /** Average glyph width of body text in pixels (16 px serif, the browsers' default font, ≈ 0.5 em). */
  characterWidth: number;
  /** Line height of body text in pixels (browsers' `line-height: normal` for 16 px ≈ 1.15 em). */
  lineHeight: number;
}

/** Defaults model a browser's user-agent style sheet at its default font size (no page CSS). */
export const DEFAULT_ESTIMATE_LAYOUT_OPTIONS: Readonly<EstimateLayoutOptions> = Object.freeze({
  viewportWidth: 1280,
  characterWidth: 8,
  lineHeight: 18,
});

/** Font scale of headings in the HTML user-agent style sheet (HTML Living Standard §15.3.6). */
const HEADING_SCALE: Readonly<Record<string, number>> = Object.freeze({ h1: 2, h2: 1.5, h3: 1.17, h4: 1, h5: 0.83, h6: 0.67 });
/** Left indentation of lists, quotes and definitions in the user-agent style sheet (40 px). */
const INDENTED_TAGS: ReadonlySet<string> = new Set(['ul', 'ol', 'blockquote', 'dd', 'menu', 'dir']);
const INDENT_PX = 40;
/** Size given to an image without `width`/`height` attributes: Chromium's broken-image icon (16 px + border). */
const UNKNOWN_IMAGE_PX = 20;
const TABLE_ROW_TAGS: ReadonlySet<string> = new Set(['tr']);
const TABLE_CELL_TAGS: ReadonlySet<string> = new Set(['td', 'th']);

interface Frame {
  element: Element;
  layout: ElementLayout;
  isBlock: boolean;
  /** Next free y inside the block. */
  cursor: number;
  /** Characters of inline text waiting to be set into lines. */
  pendingCharacters: number;
  /** Largest inline image height waiting on the current line. */
  pendingImageHeight: number;
  scale: number;
  /** For an inline element: the block it flows in, and that block's cursor and pending text when it opened. */
  owner?: Frame;
  startCursor: number;
  startCharacters: number;
  /** For a table row: cells seen so far, cell width and the tallest cell's bottom. */
  cellCount: number;
  cellIndex: number;
  rowBottom: number;
}

function numericAttribute(element: Element, name: string): number | undefined {
  const value = Number.parseFloat(element.getAttribute(name) ?? '');
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function countCells(row: Element): number {
  let count = 0;
  for (let child = row.firstElementChild; child; child = child.nextElementSibling) if (TABLE_CELL_TAGS.has(tagOf(child))) count++;
  return Math.max(1, count);
}

/**
 * A layout-free estimate of the page's boxes from markup alone: block elements stack top to bottom at
 * the width of their parent (lists and quotes indented), table cells share their row's width, text is
 * set in lines of `characterWidth`-wide glyphs, headings scaled as the user-agent style sheet does, and
 * inline elements and text get the lines they would take. No CSS is read, so floats, columns, fixed
 * widths and hidden-by-stylesheet content are invisible to it: it is the fallback when no browser is
 * available, and the package reports how much worse segmentation gets with it (README).
 */
export function estimateLayout(document: Document, options: Partial<EstimateLayoutOptions> = {}): PageLayout {
  const settings = { ...DEFAULT_ESTIMATE_LAYOUT_OPTIONS, ...options };
  const elements: Array<ElementLayout | undefined> = [];
  const root = document.documentElement;
  if (!root) return { elements, viewportWidth: settings.viewportWidth, source: 'estimate' };
  const stack: Frame[] = [];

  /** Sets waiting inline text of a block into lines and moves its cursor down. */
  const flush = (frame: Frame): void => {
    const width = Math.max(1, frame.layout.width);
    const characterWidth = settings.characterWidth * frame.scale;
    if (frame.pendingCharacters > 0) {
      const lines = Math.ceil((frame.pendingCharacters * characterWidth) / width);
      frame.cursor += Math.max(lines * settings.lineHeight * frame.scale, frame.pendingImageHeight);
    } else if (frame.pendingImageHeight > 0) {
      frame.cursor += frame.pendingImageHeight;
    }
    frame.pendingCharacters = 0;
    frame.pendingImageHeight = 0;
  };

  const nearestBlock = (): Frame | undefined => {
    for (let index = stack.length - 1; index >= 0; index--) if (stack[index].isBlock) return stack[index];
    return undefined;
  };

  /** Box of a run of `characters` starting where the block's pending inline text ends. */
  const inlineBox = (block: Frame, characters: number): Box => {
    const width = Math.max(1, block.layout.width);
    const characterWidth = settings.characterWidth * block.scale;
    const lineHeight = settings.lineHeight * block.scale;
    const startOffset = block.pendingCharacters * characterWidth;
    const startLine = Math.floor(startOffset / width);
    const endLine = Math.floor((startOffset + Math.max(1, characters) * characterWidth - 1) / width);
    const x = endLine === startLine ? block.layout.x + (startOffset % width) : block.layout.x;
    return {
      x,
      y: block.cursor + startLine * lineHeight,
      width: endLine === startLine ? Math.max(1, characters * characterWidth) : width,
      height: (endLine - startLine + 1) * lineHeight,
    };
  };

  walkTree(root, {
    enter(node) {
      if (node.nodeType === TEXT_NODE) {
        const text = collapseWhitespace((node as Text).data);
        const block = nearestBlock();
        if (!text || !block || !stack.length) return false;
        const parentFrame = stack[stack.length - 1];
        if (parentFrame.layout.display === 'none') return false;
        const box = inlineBox(block, text.length + 1);
        (parentFrame.layout.textBoxes ??= []).push(box);
        block.pendingCharacters += text.length + 1;
        return false;
      }
      if (node.nodeType !== ELEMENT_NODE) return false;
      const element = node as Element;
      const tag = tagOf(element);
      const parent = stack[stack.length - 1];
      // Hidden subtrees still get an entry per element, so indices stay aligned with `indexElements`.
      if ((element !== root && defaultIsSkipped(element, tag)) || parent?.layout.display === 'none') {
        const layout: ElementLayout = { x: 0, y: 0, width: 0, height: 0, display: 'none', visibility: 'visible' };
        elements.push(layout);
        stack.push({ element, layout, isBlock: false, cursor: 0, pendingCharacters: 0, pendingImageHeight: 0, scale: 1, cellCount: 1, cellIndex: 0, rowBottom: 0, startCursor: 0, startCharacters: 0 });
        return true;
      }
      const isBlock = element === root || BLOCK_LEVEL_TAGS.has(tag);
      const block = nearestBlock();
      let layout: ElementLayout;
      let scale = HEADING_SCALE[tag] ?? parent?.scale ?? 1;
      if (isBlock) {
        if (block) flush(block);
        let x = block ? block.layout.x : 0;
        let width = block ? block.layout.width : settings.viewportWidth;
        let y = block ? block.cursor : 0;
        if (block && block === parent && TABLE_ROW_TAGS.has(tagOf(block.element)) && TABLE_CELL_TAGS.has(tag)) {
          const cellWidth = block.layout.width / block.cellCount;
          x = block.layout.x + cellWidth * block.cellIndex;
          width = cellWidth;
          y = block.layout.y;
          block.cellIndex++;
        } else if (INDENTED_TAGS.has(tag)) {
          x += INDENT_PX;
          width = Math.max(1, width - INDENT_PX);
        }
        layout = { x, y, width, height: 0, display: TABLE_CELL_TAGS.has(tag) ? 'table-cell' : tag === 'li' ? 'list-item' : 'block', visibility: 'visible' };
      } else {
        const owner = block as Frame;
        if (tag === 'img') {
          const width = Math.min(numericAttribute(element, 'width') ?? UNKNOWN_IMAGE_PX, owner.layout.width);
          const height = numericAttribute(element, 'height') ?? UNKNOWN_IMAGE_PX;
          const position = inlineBox(owner, Math.ceil(width / settings.characterWidth));
          layout = { x: position.x, y: owner.cursor, width, height, display: 'inline', visibility: 'visible' };
          owner.pendingCharacters += Math.ceil(width / (settings.characterWidth * owner.scale));
          owner.pendingImageHeight = Math.max(owner.pendingImageHeight, height);
        } else if (tag === 'br') {
          // A line break ends the current line; on an empty line it adds one.
          if (owner.pendingCharacters === 0 && owner.pendingImageHeight === 0) owner.cursor += settings.lineHeight * owner.scale;
          flush(owner);
          layout = { x: owner.layout.x, y: owner.cursor, width: 0, height: settings.lineHeight, display: 'inline', visibility: 'visible' };
        } else {
          // Sized when it closes (`leave`), from where its text started and ended in the block's lines.
          const box = inlineBox(owner, 1);
          layout = { ...box, display: 'inline', visibility: 'visible' };
        }
        scale = owner.scale;
      }
      elements.push(layout);
      stack.push({
        element,
        layout,
        isBlock,
        cursor: layout.y,
        pendingCharacters: 0,
        pendingImageHeight: 0,
        scale,
        cellCount: TABLE_ROW_TAGS.has(tag) ? countCells(element) : 1,
        cellIndex: 0,
        rowBottom: layout.y,
        owner: isBlock ? undefined : block,
        startCursor: block?.cursor ?? 0,
        startCharacters: block?.pendingCharacters ?? 0,
      });
      return true;
    },
    leave(node) {
      if (node.nodeType !== ELEMENT_NODE) return;
      const frame = stack[stack.length - 1];
      if (!frame || frame.element !== node) return;
      stack.pop();
      if (!frame.isBlock) {
        const owner = frame.owner;
        if (!owner || frame.layout.display === 'none' || tagOf(frame.element) === 'img' || tagOf(frame.element) === 'br') return;
        const width = Math.max(1, owner.layout.width);
        const characterWidth = settings.characterWidth * owner.scale;
        const lineHeight = settings.lineHeight * owner.scale;
        if (owner.cursor === frame.startCursor) {
          // Still in the same run of lines: from its first character to its last.
          Object.assign(frame.layout, inlineBox({ ...owner, pendingCharacters: frame.startCharacters }, owner.pendingCharacters - frame.startCharacters));
        } else {
          // A line break or block inside it: it spans from its first line to the current one, full width.
          const endLines = Math.ceil((owner.pendingCharacters * characterWidth) / width);
          const top = frame.layout.y;
          Object.assign(frame.layout, { x: owner.layout.x, width, height: Math.max(lineHeight, owner.cursor + endLines * lineHeight - top) });
        }
        return;
      }
      flush(frame);
      const isRow = TABLE_ROW_TAGS.has(tagOf(frame.element));
      const bottom = isRow ? Math.max(frame.rowBottom, frame.cursor) : frame.cursor;
      frame.layout.height = Math.max(0, bottom - frame.layout.y);
      const parent = nearestBlock();
      if (!parent) return;
      if (TABLE_CELL_TAGS.has(tagOf(frame.element)) && TABLE_ROW_TAGS.has(tagOf(parent.element))) {
        parent.rowBottom = Math.max(parent.rowBottom, frame.layout.y + frame.layout.height);
        parent.cursor = Math.max(parent.cursor, parent.rowBottom);
      } else {
        parent.cursor = frame.layout.y + frame.layout.height;
      }
    },
  });
  return { elements, viewportWidth: settings.viewportWidth, source: 'estimate' };
}
