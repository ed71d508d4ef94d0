import { buildBlockTree, parseHtml, type Block, type BlockTree, type Page } from '@winnow/dom-blocks';
import type { SegmentTableOptions } from './options.js';

/** What identifies a text segment in the table: its DOM path and its text (Wang et al. 2008 §2). */
export interface SegmentKey {
  /** Tags of all the ancestor elements, e.g. `HTML.BODY.DIV.P.A`. */
  path: string;
  /** Whitespace-collapsed text of the text node. */
  text: string;
}

/** One text node of the page. */
export interface PageSegment extends SegmentKey {
  /** Its length in characters, the weight of the template ratio (Wang et al. 2008 §2.3). */
  length: number;
  /** Index of its layout block in `SegmentedPage.layoutBlocks`. */
  layoutBlock: number;
  /** Index of its key in `SegmentedPage.keys` (equal segments of one page share a key). */
  key: number;
}

/** A block of template detection: an element with a layout tag (Wang et al. 2008 §2.1). */
export interface LayoutBlock {
  /** The block of the block tree (its element has a layout tag, or it is the root). */
  block: Block;
  /** Indices into `SegmentedPage.segments` of the segments directly in this layout block. */
  segments: number[];
}

export interface SegmentedPage {
  tree: BlockTree;
  /** Layout blocks in document order. */
  layoutBlocks: LayoutBlock[];
  /** For each block of `tree.blocks` (by index), the index of the layout block it belongs to. */
  layoutOfBlock: Int32Array;
  /** Every text segment of the page in document order. */
  segments: PageSegment[];
  /** The distinct keys of the page, in order of first occurrence: what the table is expanded with. */
  keys: SegmentKey[];
}

/** Anything a page can be segmented from. */
export type SegmentInput = Page | Document | string | Uint8Array;

function toDocument(input: SegmentInput): Document {
  if (typeof input === 'string' || input instanceof Uint8Array) return parseHtml(input);
  if ('documentElement' in input) return input;
  return parseHtml(input.html, { contentType: input.contentType });
}

/**
 * Page segmentation of Wang et al. 2008 §2.1: the page is divided into blocks at layout tags, and each block
 * into text segments (text nodes). Blocks nest: a segment belongs to its nearest enclosing layout block,
 * so a layout block's segments are its own, without those of the layout blocks inside it.
 */
export function segmentPage(input: SegmentInput, options: Pick<SegmentTableOptions, 'layoutTags'>): SegmentedPage {
  const tree = buildBlockTree(toDocument(input));
  const layoutTags = new Set(options.layoutTags.map((tag) => tag.toLowerCase()));
  const layoutBlocks: LayoutBlock[] = [];
  const layoutOfBlock = new Int32Array(tree.blocks.length);
  // Blocks come in document order, parents before children, so a parent's layout block is known.
  for (const block of tree.blocks) {
    if (!block.parent || layoutTags.has(block.tag)) {
      layoutOfBlock[block.index] = layoutBlocks.length;
      layoutBlocks.push({ block, segments: [] });
    } else {
      layoutOfBlock[block.index] = layoutOfBlock[block.parent.index];
    }
  }
  const segments: PageSegment[] = [];
  const keys: SegmentKey[] = [];
  const keyIndex = new Map<string, number>();
  for (const segment of tree.segments) {
    const identity = `${segment.path}\u0000${segment.text}`;
    let key = keyIndex.get(identity);
    if (key === undefined) {
      key = keys.length;
      keyIndex.set(identity, key);
      keys.push({ path: segment.path, text: segment.text });
    }
    const layoutBlock = layoutOfBlock[segment.block.index];
    layoutBlocks[layoutBlock].segments.push(segments.length);
    segments.push({ path: segment.path, text: segment.text, length: segment.text.length, layoutBlock, key });
  }
  return { tree, layoutBlocks, layoutOfBlock, segments, keys };
}
