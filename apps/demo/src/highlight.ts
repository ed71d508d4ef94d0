import { buildBlockTree, countWords, parseHtml, type Block, type Extraction, type LabelledBlock } from '@winnow/dom-blocks';
import { sanitizeDocument } from './sanitize.js';

/**
 * How labelled blocks were found in the page: `dom` when the extractor's blocks carry dom-blocks'
 * block indices (`LabelledBlock.order` with the same path), `text` when they do not (Readability's
 * re-parsed article, lineblock's lines) and the page's blocks were matched by their text instead.
 */
export type HighlightMode = 'dom' | 'text';

export interface HighlightedPage {
  /** The page, made inert, with `data-winnow="content|boilerplate"` on its labelled blocks. */
  html: string;
  mode: HighlightMode;
  /** Blocks of the page marked kept and removed. */
  kept: number;
  removed: number;
}

/**
 * Share of an extraction's labelled blocks that must land on a page block with the same path and text
 * for the extraction to be read by block index. Below it, the blocks come from another tree.
 */
export const DOM_MATCH_SHARE = 0.9;

/** Text matching: a page block whose text is only found inside a kept block counts when at least this long. */
export const MIN_SUBSTRING_MATCH_CHARS = 20;

/** The Content-Security-Policy put inside every shown page, on top of the frame's sandbox and the app's own policy. */
export const SHOWN_PAGE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** Styles of the marks, injected into the shown page. Kept blocks override the grey they inherit. */
export const HIGHLIGHT_CSS = [
  '[data-winnow="boilerplate"]{color:#9ca3af!important;background-color:#f3f4f6!important;text-decoration-color:#d1d5db!important}',
  '[data-winnow="boilerplate"] img{opacity:.35}',
  '[data-winnow="content"]{color:#052e16!important;background-color:#dcfce7!important;outline:2px solid #16a34a!important;outline-offset:-1px}',
  '[data-winnow="content"] img{opacity:1}',
  // A block with sub-blocks is labelled for its own loose text only: outline it, leave its children's colours.
  '[data-winnow][data-winnow-container]{background-color:transparent!important}',
  '[data-winnow="content"][data-winnow-container]{outline:1px dashed #16a34a!important}',
].join('\n');

function blockMatches(block: Block | undefined, labelled: LabelledBlock): boolean {
  if (!block || block.path !== labelled.path) return false;
  const own = block.ownText;
  return own === labelled.text || (labelled.text !== '' && own.includes(labelled.text)) || (own !== '' && labelled.text.includes(own));
}

/** True when most labelled blocks carry the page's own block indices (see `DOM_MATCH_SHARE`). */
export function carriesBlockIndices(blocks: readonly Block[], labelled: readonly LabelledBlock[]): boolean {
  const withText = labelled.filter((block) => block.text);
  if (withText.length === 0) return labelled.length > 0 && labelled.every((block) => blocks[block.order]?.path === block.path);
  const matched = withText.filter((block) => blockMatches(blocks[block.order], block)).length;
  return matched >= DOM_MATCH_SHARE * withText.length;
}

/** Labels of page blocks by index, from an extraction whose blocks carry the page's block indices. */
interface Mark {
  label: LabelledBlock['label'];
  /** Shown as the element's tooltip: why the extractor labelled it so. */
  reason: string;
}

function labelsByIndex(blocks: readonly Block[], labelled: readonly LabelledBlock[]): Map<number, Mark> {
  const labels = new Map<number, Mark>();
  for (const block of labelled) {
    if (!blocks[block.order]) continue;
    // Several minimum blocks may share one element: it is kept when any of them is.
    if (labels.get(block.order)?.label !== 'content') labels.set(block.order, { label: block.label, reason: block.reason });
  }
  return labels;
}

/**
 * Labels of page blocks found by text: a block with text is kept when its text equals a kept block's,
 * or (when long enough to be telling) appears inside the kept text; every other block with text is removed.
 */
function labelsByText(blocks: readonly Block[], labelled: readonly LabelledBlock[]): Map<number, Mark> {
  const keptTexts = labelled.filter((block) => block.label === 'content' && block.text).map((block) => block.text);
  const exact = new Set(keptTexts);
  const joined = keptTexts.join('\n');
  const labels = new Map<number, Mark>();
  for (const block of blocks) {
    const text = block.ownText;
    if (!text) continue;
    const kept = exact.has(text) || (text.length >= MIN_SUBSTRING_MATCH_CHARS && countWords(text) >= 3 && joined.includes(text));
    labels.set(block.index, kept ? { label: 'content', reason: 'its text is in the extracted text' } : { label: 'boilerplate', reason: 'its text is not in the extracted text' });
  }
  return labels;
}

/**
 * Re-parses `html` with dom-blocks, marks the blocks `extraction` kept and removed, makes the page inert
 * (`sanitizeDocument`), adds `SHOWN_PAGE_CSP` and the highlight styles, and serializes it.
 */
export function highlightPage(html: string, extraction: Extraction): HighlightedPage {
  const document = parseHtml(html);
  const tree = buildBlockTree(document);
  const mode: HighlightMode = carriesBlockIndices(tree.blocks, extraction.blocks) ? 'dom' : 'text';
  const labels = mode === 'dom' ? labelsByIndex(tree.blocks, extraction.blocks) : labelsByText(tree.blocks, extraction.blocks);
  // Made inert before marking: the tree's elements stay valid, and the page's own data-winnow-* marks go first.
  sanitizeDocument(document);
  let kept = 0;
  let removed = 0;
  for (const [index, { label, reason }] of labels) {
    const block = tree.blocks[index];
    block.element.setAttribute('data-winnow', label);
    block.element.setAttribute('title', `${label}: ${reason}`.slice(0, 300));
    block.element.setAttribute('data-winnow-block', String(index));
    if (!block.atomic) block.element.setAttribute('data-winnow-container', '');
    if (label === 'content') kept++;
    else removed++;
  }
  const head = document.head ?? document.documentElement.insertBefore(document.createElement('head'), document.documentElement.firstChild);
  const style = document.createElement('style');
  style.textContent = HIGHLIGHT_CSS;
  head.insertBefore(style, head.firstChild);
  const policy = document.createElement('meta');
  policy.setAttribute('http-equiv', 'Content-Security-Policy');
  policy.setAttribute('content', SHOWN_PAGE_CSP);
  head.insertBefore(policy, head.firstChild);
  return { html: `<!DOCTYPE html>\n${document.documentElement.outerHTML}`, mode, kept, removed };
}
