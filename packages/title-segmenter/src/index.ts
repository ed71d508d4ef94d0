export { indexElements, unionBoxes, boxArea, isRenderedBox, type Box, type ElementLayout, type PageLayout } from './layout.js';
export { estimateLayout, DEFAULT_ESTIMATE_LAYOUT_OPTIONS, type EstimateLayoutOptions } from './estimate-layout.js';
export { layoutMinimumBlocks, BLOCK_DISPLAYS, INLINE_DISPLAYS, TITLE_SEGMENTER_BLOCK_TAGS, type LayoutBlock, type LayoutBlocks } from './minimum-blocks.js';
export { titleBlockFeatures, findNeighbours, FEATURE_NAMES, HEADING_TAGS, ROW_TOLERANCE_PX, type Neighbours } from './features.js';
export {
  trainC45,
  predictC45,
  treeShape,
  validateDecisionTree,
  addedErrors,
  binaryScores,
  crossValidateC45,
  type BinaryScores,
  normalQuantile,
  DEFAULT_C45_OPTIONS,
  type C45Options,
  type DecisionNode,
  type DecisionTree,
} from './c45.js';
export { makeContentBlocks, type ContentBlockIndices } from './content-blocks.js';
export {
  segmentPage,
  segmentationToJson,
  classifyTitleBlocks,
  TITLE_BLOCK_MODEL,
  DEFAULT_TITLE_SEGMENTER_OPTIONS,
  type TitleSegmenterOptions,
  type Segmentation,
  type SegmentedBlock,
  type ContentBlock,
} from './segment.js';
export {
  launchChromiumLayout,
  measureLayoutWithChromium,
  chromiumAvailable,
  chromiumUnavailableReason,
  serializeForLayout,
  CHROMIUM_FLAGS,
  ELEMENT_INDEX_ATTRIBUTE,
  NO_NETWORK_POLICY,
  DEFAULT_CHROMIUM_LAYOUT_OPTIONS,
  type ChromiumLayoutOptions,
  type ChromiumLayoutSession,
} from './chromium.js';
export { extractLargestContentBlock, segmentationToExtraction, largestContentBlock } from './extract.js';
