import type { Block } from './blocks.js';
import type { BlockLabel, Extraction, LabelledBlock } from './types.js';

export type RenderFormat = 'text' | 'markdown' | 'html' | 'json';
export const RENDER_FORMATS: readonly RenderFormat[] = Object.freeze(['text', 'markdown', 'html', 'json']);

function contentBlocks(blocks: readonly LabelledBlock[]): LabelledBlock[] {
  return blocks.filter((block) => block.label === 'content' && block.text);
}

/** Content blocks in document order as plain text, one paragraph a line. */
export function renderText(blocks: readonly LabelledBlock[]): string {
  return contentBlocks(blocks)
    .map((block) => block.text)
    .join('\n');
}

const HEADING = /^h([1-6])$/;

/** Content blocks as Markdown: headings, list items, quotes and preformatted text keep their kind. */
export function renderMarkdown(blocks: readonly LabelledBlock[]): string {
  const lines: string[] = [];
  let previousTag = '';
  for (const block of contentBlocks(blocks)) {
    const heading = HEADING.exec(block.tag);
    const isItem = block.tag === 'li' || block.tag === 'dt' || block.tag === 'dd';
    if (lines.length && !(isItem && previousTag === block.tag)) lines.push('');
    if (heading) lines.push(`${'#'.repeat(Number(heading[1]))} ${block.text}`);
    else if (isItem) lines.push(`- ${block.text}`);
    else if (block.tag === 'blockquote') lines.push(`> ${block.text}`);
    else if (block.tag === 'pre') lines.push('```', block.text, '```');
    else lines.push(escapeMarkdown(block.text));
    previousTag = block.tag;
  }
  return lines.join('\n');
}

function escapeMarkdown(text: string): string {
  // Only what would change the meaning of a paragraph's first characters.
  return text.replace(/^([#>*+-]|\d+\.)(\s)/, '\\$1$2');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const HTML_KEPT_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'pre', 'blockquote', 'li', 'dt', 'dd', 'figcaption', 'caption']);

/** The list element each list-item tag needs around it in HTML. */
const LIST_OF: Readonly<Record<string, string>> = Object.freeze({ li: 'ul', dt: 'dl', dd: 'dl' });

/** Content blocks as a small, safe HTML fragment (text escaped; headings, lists and quotes kept). */
export function renderHtml(blocks: readonly LabelledBlock[]): string {
  const out: string[] = [];
  let openList: string | undefined;
  for (const block of contentBlocks(blocks)) {
    const tag = HTML_KEPT_TAGS.has(block.tag) ? block.tag : 'p';
    const list = LIST_OF[tag];
    if (openList && openList !== list) out.push(`</${openList}>`);
    if (list && openList !== list) out.push(`<${list}>`);
    openList = list;
    out.push(`<${tag}>${escapeHtml(block.text)}</${tag}>`);
  }
  if (openList) out.push(`</${openList}>`);
  return out.join('\n');
}

/**
 * Renders an extraction in one of the shared formats. Markdown is the extraction's own (`markdown`,
 * rendered from the page's document) when it has one, else built from its blocks.
 */
export function renderExtraction(extraction: Extraction, format: RenderFormat): string {
  switch (format) {
    case 'text':
      return extraction.text;
    case 'markdown':
      return extraction.markdown ?? renderMarkdown(extraction.blocks);
    case 'html':
      return renderHtml(extraction.blocks);
    case 'json':
      return JSON.stringify(extraction, null, 2);
  }
}

/** A labelled copy of a block (its own text, Nguyen et al. 2009 Fig. 3), ready for an `Extraction`. */
export function labelBlock(block: Block, label: BlockLabel, reason: string): LabelledBlock {
  return { path: block.path, text: block.ownText, label, reason, order: block.index, tag: block.tag };
}

/**
 * Builds an `Extraction` from labelled blocks: sorts them into document order (stable: blocks sharing an
 * `order` keep theirs) and renders the text. `unit` says what the blocks are (see `Extraction.unit`).
 */
export function makeExtraction(blocks: LabelledBlock[], notes: string[] = [], unit: Extraction['unit'] = 'block'): Extraction {
  const ordered = [...blocks].sort((a, b) => a.order - b.order);
  return { blocks: ordered, text: renderText(ordered), notes, unit };
}
