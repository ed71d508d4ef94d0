export { extract, extractWithSiteCounts, learnSite, MAX_SITE_KEYS, DEFAULT_EXTRACT_OPTIONS, type ExtractInput, type ExtractOptions, type LearnSiteOptions } from './extract.js';
export {
  emptySiteModel,
  mergeSiteModels,
  parseSiteModel,
  siteKeys,
  siteModelFromCounts,
  DEFAULT_SITE_OPTIONS,
  SITE_KEY_PREFIXES,
  SITE_MODEL_VERSION,
  type SiteCounter,
  type SiteCounts,
  type SiteModel,
  type SiteOptions,
} from './site.js';
export { MODEL_VERSION, type ExtractModel } from './model.js';
export { winnowExtractor, DEFAULT_SITE_PAGES } from './extractor.js';
export { extractMetadata, normalizeDate } from './metadata.js';
