import { buildBlockTree } from './blocks.js';
import { parseHtml } from './parse.js';
import { labelBlock, makeExtraction } from './render.js';
import type { Extraction, Page, PageExtractor } from './types.js';

/**
 * The baseline every paper compares with: all visible text of the page (scripts, styles, the head and
 * markup-hidden elements left out), every block with text labelled content.
 */
export function extractPlain(page: Page): Extraction {
  const document = parseHtml(page.html, { contentType: page.contentType });
  const tree = buildBlockTree(document);
  const blocks = tree.blocks.filter((block) => block.ownText).map((block) => labelBlock(block, 'content', 'plain: all visible text'));
  return makeExtraction(blocks, blocks.length ? [] : ['the page has no visible text']);
}

/** The `plain` baseline on the extractor contract. */
export const plainExtractor: PageExtractor = Object.freeze({
  kind: 'page',
  name: 'plain',
  description: 'all visible text of the page (the baseline every paper compares with)',
  extract: (page: Page) => extractPlain(page),
});
