import { WinnowError, pageBlockIndexer, parseHtml } from '@winnow/dom-blocks';
import { predictC45, validateDecisionTree, type DecisionTree } from './c45.js';
import { makeContentBlocks } from './content-blocks.js';
import { estimateLayout, type EstimateLayoutOptions } from './estimate-layout.js';
import { FEATURE_NAMES, ROW_TOLERANCE_PX, findNeighbours, titleBlockFeatures } from './features.js';
import { indexElements, type Box, type PageLayout } from './layout.js';
import { layoutMinimumBlocks, type LayoutBlock } from './minimum-blocks.js';
import shippedModel from './title-model.json' with { type: 'json' };

/** The title-block tree the package ships (trained by `scripts/train.ts`; see the README for its data). */
export const TITLE_BLOCK_MODEL: DecisionTree = validateDecisionTree(shippedModel, FEATURE_NAMES.length);

export interface TitleSegmenterOptions {
  /** The title-block classifier (Sano et al. 2013 §3.2, a J4.8/C4.5 tree); default: the shipped model. */
  model: DecisionTree;
  /** Row tolerance of `below(n)` / `belowBlocks` in pixels (Sano et al. 2013 §3.2–3.3 leave it open; see `ROW_TOLERANCE_PX`). */
  rowTolerance: number;
  /** Settings of the layout-free estimator, used when no layout is given. */
  estimate: Partial<EstimateLayoutOptions>;
}

export const DEFAULT_TITLE_SEGMENTER_OPTIONS: Readonly<TitleSegmenterOptions> = Object.freeze({
  /** Sano et al. 2013 §3.2: a decision tree of the C4.5 family over F1–F9. */
  model: TITLE_BLOCK_MODEL,
  /** Sano et al. 2013 §3.3 `belowBlocks`: the nearest row below, tops within this many pixels. */
  rowTolerance: ROW_TOLERANCE_PX,
  /** Sano et al. 2013 §3.1 needs rendered boxes; without a browser, `estimateLayout`'s defaults. */
  estimate: Object.freeze({}),
});

/** One valid minimum block of the page, classified (JSON-friendly: no DOM references). */
export interface SegmentedBlock {
  /** Position among the page's minimum blocks in document order. */
  order: number;
  /**
   * Index of the block holding it in the page's own block tree (`buildBlockTree(document)`, default
   * options): the same block for an element and for the inline runs beside its sub-blocks.
   */
  pageBlock: number;
  tag: string;
  path: string;
  text: string;
  box: Box;
  /** F1–F9 (Sano et al. 2013 §3.2), in `FEATURE_NAMES` order. */
  features: number[];
  isTitle: boolean;
  /** Index of the content block holding it, or null when it precedes every title (or lies outside all). */
  contentBlock: number | null;
}

/** A Web content block of Sano et al. 2013 §3.3: a title block and the blocks under it. */
export interface ContentBlock {
  index: number;
  title: SegmentedBlock;
  box: Box;
  /** Members in document order, the title first among them. */
  blocks: SegmentedBlock[];
  /** Members' text, one block a line. */
  text: string;
}

export interface Segmentation {
  blocks: SegmentedBlock[];
  contentBlocks: ContentBlock[];
  /** Where the boxes came from (`chromium`, `estimate`, ...). */
  layoutSource: string;
  /** Elements in the document (DOM nodes of Sano et al. 2013 §4.3 are counted as elements here). */
  elementCount: number;
  notes: string[];
  /** The minimum blocks with their DOM references (not serialised by `segmentationToJson`). */
  minimumBlocks: LayoutBlock[];
}

/** Classifies every minimum block of a page as title block or not (Sano et al. 2013 §3.2). */
export function classifyTitleBlocks(features: readonly number[][], model: DecisionTree): boolean[] {
  const titleLabel = model.classes.indexOf('title');
  if (titleLabel < 0) throw new WinnowError('INVALID_MODEL', 'The model has no `title` class. Retrain it with scripts/train.ts.');
  return features.map((row) => predictC45(model, row) === titleLabel);
}

/**
 * Segments a page by title blocks (Sano et al. 2013): minimum blocks with validity from `layout` (§3.1),
 * F1–F9 and the decision tree (§3.2), `makeContentBlocks` (§3.3). Without a layout the boxes are
 * estimated from markup (`estimateLayout`), which is faster but coarser. A page without title blocks
 * gives no content blocks and a note.
 */
export function segmentPage(
  input: Document | string | Uint8Array,
  layout?: PageLayout,
  options: Partial<TitleSegmenterOptions> = {},
): Segmentation {
  const settings: TitleSegmenterOptions = { ...DEFAULT_TITLE_SEGMENTER_OPTIONS, ...options };
  const document = typeof input === 'string' || input instanceof Uint8Array ? parseHtml(input) : input;
  const pageLayout = layout ?? estimateLayout(document, settings.estimate);
  const elementCount = indexElements(document).length;
  if (pageLayout.elements.length !== elementCount) {
    throw new WinnowError(
      'INVALID_OPTIONS',
      `The layout has ${pageLayout.elements.length} element boxes but the document has ${elementCount} elements: measure the layout on this very Document.`,
    );
  }
  const { blocks } = layoutMinimumBlocks(document, pageLayout);
  const neighbours = findNeighbours(blocks, settings.rowTolerance);
  const features = titleBlockFeatures(blocks, neighbours);
  const isTitle = classifyTitleBlocks(features, settings.model);
  const groups = makeContentBlocks(
    blocks.map((block) => block.box),
    isTitle,
    neighbours,
  );
  const pageBlockOf = pageBlockIndexer(document);
  const segmented: SegmentedBlock[] = blocks.map((block, index) => ({
    order: block.order,
    pageBlock: pageBlockOf(block.block.element),
    tag: block.tag,
    path: block.path,
    text: block.text,
    box: block.box,
    features: features[index],
    isTitle: isTitle[index],
    contentBlock: null,
  }));
  const contentBlocks: ContentBlock[] = groups.map((group, index) => {
    const members = group.members.map((member) => segmented[member]);
    for (const member of members) member.contentBlock = index;
    return {
      index,
      title: segmented[group.title],
      box: group.box,
      blocks: members,
      text: members.map((member) => member.text).filter(Boolean).join('\n'),
    };
  });
  const notes: string[] = [];
  if (!blocks.length) notes.push('no visible minimum blocks: nothing to segment');
  else if (!contentBlocks.length) notes.push('no title block found: the page was not divided into content blocks (Sano et al. 2013 §4.1)');
  if (pageLayout.source === 'estimate') notes.push('layout estimated from markup (no browser): boxes are approximate');
  return { blocks: segmented, contentBlocks, layoutSource: pageLayout.source, elementCount, notes, minimumBlocks: blocks };
}

/** A segmentation as plain JSON data (no DOM references), for `--json` and storage. */
export function segmentationToJson(segmentation: Segmentation): Omit<Segmentation, 'minimumBlocks'> {
  const { minimumBlocks: _dropped, ...rest } = segmentation;
  return rest;
}
