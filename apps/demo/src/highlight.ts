import { buildBlockTree, htmlToString, pageBlockIndexer, parseHtml, type Block, type Extraction, type LabelledBlock } from '@winnow/dom-blocks';
import { sanitizeDocument } from './sanitize.js';

/**
 * How labelled blocks were found in the page, by identity, never by text: `block` when the extraction's
 * blocks are the page's own (`LabelledBlock.order` is the block's index in its block tree), `line` when
 * they are source lines (each line's `source` offsets name where it starts in the HTML).
 */
export type HighlightMode = Extraction['unit'];

export interface HighlightedPage {
  /** The page, made inert, with `data-winnow="content|boilerplate"` on its labelled blocks. */
  html: string;
  mode: HighlightMode;
  /** Blocks of the page marked kept and removed. */
  kept: number;
  removed: number;
}

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

/** Shown as the element's tooltip: why the extractor labelled it so. */
interface Mark {
  label: LabelledBlock['label'];
  reason: string;
}

/** Adds a label to a page block: several labelled units may share one block, which is kept when any of them is. */
function addMark(labels: Map<number, Mark>, index: number, block: LabelledBlock): void {
  if (labels.get(index)?.label !== 'content') labels.set(index, { label: block.label, reason: block.reason });
}

/** Labels of page blocks by index: `LabelledBlock.order` is the block's index in the page's block tree. */
function labelsByIndex(blocks: readonly Block[], labelled: readonly LabelledBlock[]): Map<number, Mark> {
  const labels = new Map<number, Mark>();
  for (const block of labelled) if (blocks[block.order]) addMark(labels, block.order, block);
  return labels;
}

/** Element inserted where each line starts, so the parsed page says which block holds the line. */
const LINE_MARK_TAG = 'winnow-line';

/**
 * The page's HTML with an empty `<winnow-line data-line="i">` where each labelled line's text starts
 * (its `source.start`): an inline element of no block, so the page's blocks stay as they were.
 */
function withLineMarks(page: string, labelled: readonly LabelledBlock[]): string {
  // Offsets count in the decoded string, without a byte order mark.
  const html = htmlToString(page);
  const starts = labelled
    .map((block, index) => ({ index, start: block.source?.start ?? -1 }))
    .filter(({ start }) => start >= 0 && start <= html.length)
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const pieces: string[] = [];
  let position = 0;
  for (const { index, start } of starts) {
    pieces.push(html.slice(position, start), `<${LINE_MARK_TAG} data-line="${index}"></${LINE_MARK_TAG}>`);
    position = start;
  }
  pieces.push(html.slice(position));
  return pieces.join('');
}

/** Labels of page blocks from lines: each line labels the block holding its start mark; the marks are then removed. */
function labelsByLine(document: Document, blocks: readonly Block[], labelled: readonly LabelledBlock[]): Map<number, Mark> {
  const blockOf = pageBlockIndexer(document);
  const labels = new Map<number, Mark>();
  for (const mark of [...document.querySelectorAll(LINE_MARK_TAG)]) {
    const line = labelled[Number(mark.getAttribute('data-line'))];
    const index = blockOf(mark);
    if (line && blocks[index]) addMark(labels, index, line);
    mark.remove();
  }
  return labels;
}

/**
 * Re-parses `html` with dom-blocks, marks the blocks `extraction` kept and removed (by block index, or
 * for lines by where they start), makes the page inert
 * (`sanitizeDocument`), adds `SHOWN_PAGE_CSP` and the highlight styles, and serializes it.
 */
export function highlightPage(html: string, extraction: Extraction): HighlightedPage {
  const mode: HighlightMode = extraction.unit;
  const document = parseHtml(mode === 'line' ? withLineMarks(html, extraction.blocks) : html);
  const tree = buildBlockTree(document);
  const labels = mode === 'line' ? labelsByLine(document, tree.blocks, extraction.blocks) : labelsByIndex(tree.blocks, extraction.blocks);
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
