import { Readability } from '@mozilla/readability';
import { buildBlockTree, labelBlock, makeExtraction, parseHtml, renderText, type BlockTree, type Extraction, type LabelledBlock, type Page, type PageExtractor, type PageMetadata } from '@winnow/dom-blocks';

/**
 * Nesting depth Readability is given. Its scoring walks ancestors and recurses per level: 1,000 nested
 * `<div>`s take seconds, 4,096 overflow the stack, and a 19 kB fuzz page nested 358 levels took 9.4 s at
 * a cap of 256, 4.4 s at 128. Real articles nest a few dozen levels: no page of the five datasets
 * (3,515 pages) has an element 128 levels deep, one has one 96 deep.
 */
export const READABILITY_MAX_DEPTH = 128;

/** Readability's own default `charThreshold` (Readability.js 0.6, `DEFAULT_CHAR_THRESHOLD`), stated. */
export const READABILITY_CHAR_THRESHOLD = 500;

/** Attribute carrying each block's index in the page's own block tree through Readability into its article. */
const BLOCK_ATTRIBUTE = 'data-winnow-block';

/**
 * True when an element of the document lies `limit` or more levels below the root: the element tree, not
 * the block tree, which leaves out subtrees (`<object>`, `<noscript>`, hidden ones) Readability still walks.
 * Iterative, stops at the first such element.
 */
export function nestedAtLeast(document: Document, limit: number): boolean {
  const root = document.documentElement;
  if (!root) return false;
  const stack: [Element, number][] = [[root, 0]];
  while (stack.length) {
    const [element, depth] = stack.pop() as [Element, number];
    if (depth >= limit) return true;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) stack.push([child, depth + 1]);
  }
  return false;
}

function stamp(tree: BlockTree): void {
  for (const block of tree.blocks) block.element.setAttribute(BLOCK_ATTRIBUTE, String(block.index));
}

/**
 * Mozilla's Readability 0.6 on linkedom: a peer for comparison, not a winnow algorithm. The text is its
 * article, read into blocks as every winnow extractor's text is. The blocks are the page's own blocks:
 * each is stamped with its index before Readability runs, and is content when its stamp reaches the article.
 */
export function extractWithReadability(page: Page): Extraction {
  // One parse serves both: the page's own blocks are stamped, then Readability reads (and rewrites) the
  // same document. Only a page nested deeper than Readability is given is re-parsed with the cap.
  const own = buildBlockTree(parseHtml(page.html, { contentType: page.contentType }));
  stamp(own);
  const deep = nestedAtLeast(own.document, READABILITY_MAX_DEPTH);
  const document = deep ? parseHtml(own.document.documentElement.outerHTML, { maxDepth: READABILITY_MAX_DEPTH }) : own.document;
  let article: ReturnType<Readability['parse']>;
  try {
    article = new Readability(document, { charThreshold: READABILITY_CHAR_THRESHOLD }).parse();
  } catch (cause) {
    // Readability 0.6 throws on some trees it does not expect (a TypeError on a null parent): for a peer
    // run for comparison that is "no article", said in a note, not a failure of the run.
    return makeExtraction([], [`readability: failed on this page (${cause instanceof Error ? cause.message : String(cause)})`]);
  }
  const kept = new Set<number>();
  let text = '';
  if (article?.content) {
    const tree = buildBlockTree(parseHtml(article.content));
    for (const element of tree.document.querySelectorAll(`[${BLOCK_ATTRIBUTE}]`)) kept.add(Number(element.getAttribute(BLOCK_ATTRIBUTE)));
    text = renderText(tree.blocks.filter((block) => block.ownText).map((block) => labelBlock(block, 'content', '')));
  }
  const blocks: LabelledBlock[] = own.blocks
    .filter((block) => block.ownText)
    .map((block) => (kept.has(block.index) ? labelBlock(block, 'content', 'peer: kept by Readability 0.6') : labelBlock(block, 'boilerplate', "peer: not in Readability 0.6's article")));
  const notes = article?.content ? ['peer: Mozilla Readability 0.6, for comparison'] : ['readability: no article found'];
  // `text` is Readability's article as it gives it, which may word a block differently from the page.
  return { blocks, text, notes, unit: 'block', ...(article ? { metadata: readabilityMetadata(article) } : {}) };
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

/** Mozilla's Readability 0.6 on linkedom: a peer for comparison, not a winnow algorithm. */
export const readabilityExtractor: PageExtractor = Object.freeze({
  kind: 'page',
  name: 'readability',
  description: "peer for comparison: Mozilla's Readability 0.6 on linkedom (not a winnow algorithm)",
  peer: true,
  extract: (page: Page) => extractWithReadability(page),
});
