import { readPageEvidence, type ArticleSignals } from './metadata.js';

export { ARTICLE_TYPES, type ArticleSignals } from './metadata.js';

/**
 * Reads the page's article declarations: Open Graph's `og:type` and schema.org types (JSON-LD and
 * microdata). `extract` reads them with the metadata in one pass (`readPageEvidence`); never throws.
 */
export function articleSignals(document: Document): ArticleSignals {
  return readPageEvidence(document).article;
}
