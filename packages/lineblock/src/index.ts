export {
  DEFAULT_LINEBLOCK_OPTIONS,
  TUNED_SETTINGS,
  LINE_BREAK_TAGS,
  PAPER_TTR_THRESHOLD,
  PAPER_ATTR_THRESHOLD,
  PAPER_TKD_THRESHOLD,
  PAPER_LAMBDA,
  PAPER_MAX_LINE_GAP,
  resolveLineBlockOptions,
  type LineBlockMode,
  type LineBlockOptions,
  type ThresholdMethod,
} from './options.js';
export { scanLines, parseAttributes, attributesHide, type SourceLine, type ScannedPage, type ScanOptions } from './scan.js';
export { buildLineBlocks, titleKeywords, meanAndDeviation, type LineBlock } from './line-blocks.js';
export {
  extractLineBlocks,
  analyzeLineBlocks,
  classifyLineBlock,
  keepMainRegions,
  lineBlockExtractor,
  lineBlockPaperExtractor,
  type ClassifiedLineBlock,
  type LineBlockAnalysis,
  type LineBlockThresholds,
} from './extract.js';
