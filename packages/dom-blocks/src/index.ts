export type { Page, BlockLabel, LabelledBlock, Extraction, PageMetadata, ExtractorInfo, PageExtractor, SiteExtractor, Extractor, PageTraining, SiteFolderTraining } from './types.js';
export { runExtractor, groupBySite, hasSiteFolderTraining, type RunExtractorOptions, type ExtractorRun, type Training } from './run-extractor.js';
export { WinnowError, isWinnowError, type WinnowErrorCode } from './errors.js';
export { decodeHtml, decodeBytes, looksBinary, DEFAULT_DECODE_OPTIONS, BINARY_CONTROL_BYTE_RATIO, type DecodeOptions, type DecodedHtml } from './decode.js';
export { parseHtml, parseHtmlFragment, htmlToString, MAX_DOM_DEPTH, DEFAULT_PARSE_OPTIONS, type ParseOptions } from './parse.js';
export {
  VOID_ELEMENTS,
  RAW_TEXT_ELEMENTS,
  CLOSES_PARAGRAPH,
  IMPLICITLY_CLOSED_BY,
  IMPLIED_END_TAGS,
  HIDDEN_STYLE_PATTERN,
  markupHides,
} from './html-elements.js';
export { walkTree, tagOf, ELEMENT_NODE, TEXT_NODE, type TreeVisitor } from './walk.js';
export {
  buildBlockTree,
  minimumBlocks,
  isHiddenByMarkup,
  defaultIsBlock,
  defaultIsSkipped,
  BLOCK_LEVEL_TAGS,
  PAPER_003_BLOCK_TAGS,
  HTML5_BLOCK_TAGS,
  SKIPPED_TAGS,
  MAX_BLOCK_DEPTH,
  type Block,
  type BlockCounts,
  type BlockTree,
  type BlockTreeOptions,
  type InlineRun,
  type MinimumBlock,
  type TextSegment,
} from './blocks.js';
export { pageBlockIndexer } from './block-index.js';
export { blockFeatures, featureVector, cosineSimilarity, type BlockFeatures, type FeatureScope } from './features.js';
export { tokenizeWords, countWords, collapseWhitespace } from './tokenize.js';
export {
  renderText,
  renderMarkdown,
  renderHtml,
  renderExtraction,
  escapeHtml,
  labelBlock,
  makeExtraction,
  RENDER_FORMATS,
  type RenderFormat,
} from './render.js';
export { extractPlain, plainExtractor } from './plain.js';
export { renderMarkdownFromDocument, renderMarkdownFromTree, DEFAULT_MARKDOWN_OPTIONS, type MarkdownOptions } from './markdown.js';
