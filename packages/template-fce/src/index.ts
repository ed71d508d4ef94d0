export {
  DEFAULT_CE_OPTIONS,
  DEFAULT_FCE_OPTIONS,
  DEFAULT_FCE_DETECTION_OPTIONS,
  PAPER_SIMILARITY_THRESHOLD,
  NON_CONTENT_PAGE_FRACTION,
  MIN_TEMPLATE_COVERAGE,
  type CeOptions,
  type FceOptions,
  type FceBuildOptions,
  type FceDetectionMode,
  type FceDetectionOptions,
} from './options.js';
export { learnCe, classifyCeUnits, extractCe, ceExtraction, type CeModel, type CeClassification, type CeUnitLabel } from './ce.js';
export {
  buildTemplate,
  detectFce,
  fceExtraction,
  extractFce,
  TEMPLATE_TEXT_PREVIEW,
  type BuildProgress,
  type FceDetection,
  type FceExtractedBlock,
} from './fce.js';
export {
  FCE_TEMPLATE_VERSION,
  parseTemplate,
  validateTemplate,
  serializeTemplate,
  mergeTemplates,
  compileTemplate,
  type FceTemplate,
  type FceTemplateParams,
  type FceNonContentBlock,
  type TemplateValidation,
  type CompiledTemplate,
} from './template.js';
export { pageBlockTree } from './page-blocks.js';
export { ceExtractor, fceExtractor } from './extractors.js';
