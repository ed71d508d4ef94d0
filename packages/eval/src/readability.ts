import { Readability } from '@mozilla/readability';
import { buildBlockTree, labelBlock, makeExtraction, parseHtml, type Extraction, type Page, type PageMetadata } from '@winnow/dom-blocks';

/**
 * Nesting depth Readability is given. Its scoring walks ancestors and recurses per level: 1,000 nested
 * `<div>`s take seconds, 4,096 overflow the stack. Real articles nest a few dozen levels; Chromium caps
 * the DOM at 512.
 */
export const READABILITY_MAX_DEPTH = 256;

/** Readability's own default `charThreshold` (Readability.js 0.6, `DEFAULT_CHAR_THRESHOLD`), stated. */
export const READABILITY_CHAR_THRESHOLD = 500;

/**
 * Mozilla's Readability 0.6 on linkedom: a peer for comparison, not a winnow algorithm. Its article HTML
 * is re-read into blocks so its output has the same shape as every winnow extractor's.
 */
export function extractWithReadability(page: Page): Extraction {
  const document = parseHtml(page.html, { contentType: page.contentType, maxDepth: READABILITY_MAX_DEPTH });
  const article = new Readability(document, { charThreshold: READABILITY_CHAR_THRESHOLD }).parse();
  if (!article?.content) return makeExtraction([], ['readability: no article found']);
  const tree = buildBlockTree(parseHtml(article.content));
  const blocks = tree.blocks.filter((block) => block.ownText).map((block) => labelBlock(block, 'content', 'peer: kept by Readability 0.6'));
  return { ...makeExtraction(blocks, ['peer: Mozilla Readability 0.6, for comparison']), metadata: readabilityMetadata(article) };
}

/** Readability's own reading of the page's metadata, in the contract's fields (absent fields left out). */
function readabilityMetadata(article: { title?: string | null; byline?: string | null; publishedTime?: string | null; lang?: string | null; siteName?: string | null; excerpt?: string | null }): PageMetadata {
  const entries: [keyof PageMetadata, string | null | undefined][] = [
    ['title', article.title],
    ['author', article.byline],
    ['published', article.publishedTime],
    ['language', article.lang],
    ['siteName', article.siteName],
    ['description', article.excerpt],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [keyof PageMetadata, string] => typeof entry[1] === 'string' && entry[1].trim() !== '').map(([key, value]) => [key, value.trim()]));
}
