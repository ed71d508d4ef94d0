export { indexElements, type Box, type ElementLayout, type PageLayout } from './layout.js';
export { estimateLayout, DEFAULT_ESTIMATE_LAYOUT_OPTIONS, type EstimateLayoutOptions } from './estimate-layout.js';
export { FEATURE_NAMES, ROW_TOLERANCE_PX } from './features.js';
export type { DecisionNode, DecisionTree } from './c45.js';
export {
  segmentPage,
  segmentationToJson,
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
  CHROMIUM_FLAGS,
  DEFAULT_CHROMIUM_LAYOUT_OPTIONS,
  type ChromiumLayoutOptions,
  type ChromiumLayoutSession,
} from './chromium.js';
export { extractLargestContentBlock, segmentationToExtraction, largestContentBlock, titleSegmenterExtractor } from './extract.js';
