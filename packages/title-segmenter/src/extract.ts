import { countWords, parseHtml, renderText, type Extraction, type LabelledBlock, type Page, type PageExtractor } from '@winnow/dom-blocks';
import type { PageLayout } from './layout.js';
import { segmentPage, type Segmentation, type TitleSegmenterOptions } from './segment.js';

/** The content block with the most words: the page's main content (Sano et al. 2013 §1's use of segmentation). */
export function largestContentBlock(segmentation: Segmentation): number | null {
  let best: number | null = null;
  let bestWords = 0;
  for (const content of segmentation.contentBlocks) {
    const words = countWords(content.text);
    if (words > bestWords) {
      best = content.index;
      bestWords = words;
    }
  }
  return best;
}

/** Labels a segmentation for the shared `Extraction` shape: the chosen content block is content. */
export function segmentationToExtraction(segmentation: Segmentation, chosen: number | null = largestContentBlock(segmentation)): Extraction {
  const blocks: LabelledBlock[] = segmentation.blocks.map((block) => ({
    path: block.path,
    text: block.text,
    label: chosen !== null && block.contentBlock === chosen ? 'content' : 'boilerplate',
    reason:
      block.contentBlock === null
        ? 'in no content block'
        : block.contentBlock === chosen
          ? `largest content block "${segmentation.contentBlocks[chosen].title.text.slice(0, 40)}"`
          : `content block ${block.contentBlock + 1} is not the largest`,
    order: block.pageBlock,
    tag: block.tag === '#inline' ? 'p' : block.tag,
  }));
  const notes = [...segmentation.notes];
  if (chosen === null) notes.push('no content block: no main content found');
  // In minimum-block order already; inline runs share their block's index, so no sort by `order`.
  return { blocks, text: renderText(blocks), notes, unit: 'block' };
}

/**
 * Main content by title-block segmentation: the largest content block. Without a `layout` the boxes
 * are estimated from markup (no browser), which keeps this synchronous and fast.
 */
export function extractLargestContentBlock(page: Page, layout?: PageLayout, options: Partial<TitleSegmenterOptions> = {}): Extraction {
  const document = parseHtml(page.html, page.contentType ? { contentType: page.contentType } : {});
  return segmentationToExtraction(segmentPage(document, layout, options));
}

/** Title-block segmentation (Sano et al. 2013) on the extractor contract: the largest content block, layout estimated from markup. */
export const titleSegmenterExtractor: PageExtractor<TitleSegmenterOptions> = Object.freeze({
  kind: 'page',
  name: 'title-segmenter',
  description: 'title-block segmentation (Sano et al.): content blocks under title blocks, the largest one as main content (layout estimated from markup; `winnow segment` uses Chromium)',
  extract: (page: Page, options?: Partial<TitleSegmenterOptions>) => extractLargestContentBlock(page, undefined, options),
});
