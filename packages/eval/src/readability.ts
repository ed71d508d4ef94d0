import { Readability } from '@mozilla/readability';
import { buildBlockTree, labelBlock, makeExtraction, parseHtml, type Extraction, type Page } from '@winnow/dom-blocks';

/**
 * Mozilla's Readability 0.6 on linkedom: a peer for comparison, not a winnow algorithm. Its article HTML
 * is re-read into blocks so its output has the same shape as every winnow extractor's.
 */
export function extractWithReadability(page: Page): Extraction {
  const document = parseHtml(page.html, { contentType: page.contentType });
  const article = new Readability(document, { charThreshold: 500 }).parse();
  if (!article?.content) return makeExtraction([], ['readability: no article found']);
  const tree = buildBlockTree(parseHtml(article.content));
  const blocks = tree.blocks.filter((block) => block.ownText).map((block) => labelBlock(block, 'content', 'peer: kept by Readability 0.6'));
  return makeExtraction(blocks, ['peer: Mozilla Readability 0.6, for comparison']);
}
