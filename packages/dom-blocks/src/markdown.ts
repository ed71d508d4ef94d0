import { buildBlockTree, type Block, type BlockTree } from './blocks.js';
import { ELEMENT_NODE, TEXT_NODE } from './walk.js';

/** Options of `renderMarkdownFromDocument`. */
export interface MarkdownOptions {
  /** Keep links as `[text](href)` (resolved against `baseUrl` when given). Default false: their text only. */
  links?: boolean;
  /** Keep images as `![alt](src)`. Default false: left out. */
  images?: boolean;
  /** The page's URL, to make link and image addresses absolute. */
  baseUrl?: string;
}

export const DEFAULT_MARKDOWN_OPTIONS = Object.freeze({ links: false, images: false });

const HEADING = /^h([1-6])$/;
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'iframe', 'svg', 'canvas', 'button', 'select', 'textarea', 'input']);
/** A code block's language from its class (`language-ts`, `lang-python`, `highlight-source-js`). */
const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight-source)-([\w+#.-]+)/i;

interface Context {
  /** Per `Block.index`: 1 for a content block. */
  content: Uint8Array;
  /** Per `Block.index`: 1 for a block that is content or holds content (computed once, bottom-up). */
  holdsContent: Uint8Array;
  options: MarkdownOptions;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** Appends `items` to `target` (a spread `push(...items)` overflows the stack past about 100,000 items). */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]])/g, '\\$1');
}

function address(value: string | null, options: MarkdownOptions): string | undefined {
  if (!value) return undefined;
  try {
    return options.baseUrl ? new URL(value, options.baseUrl).href : value;
  } catch {
    return value;
  }
}

/** True when the block or any block inside it is content. */
function hasContent(block: Block, context: Context): boolean {
  return context.holdsContent[block.index] === 1;
}

/** The content blocks and every block above one: each block is marked once, so linear in the tree. */
function blocksHoldingContent(tree: BlockTree, content: Uint8Array): Uint8Array {
  const holds = new Uint8Array(tree.blocks.length);
  for (let index = 0; index < content.length; index++) {
    if (!content[index]) continue;
    for (let block: Block | null | undefined = tree.blocks[index]; block && !holds[block.index]; block = block.parent) holds[block.index] = 1;
  }
  return holds;
}

const NO_ELEMENTS: ReadonlySet<Element> = new Set();

/**
 * The elements of a block's sub-blocks: the only block elements its inline content reaches, since the
 * walk stops at each (the blocks inside them are theirs).
 */
function subBlockElements(block: Block): ReadonlySet<Element> {
  return block.children.length ? new Set(block.children.map((child) => child.element)) : NO_ELEMENTS;
}

/**
 * Inline Markdown of an element's own content: the elements in `subBlocks` left out (they render on their
 * own); with `subBlocks` null, everything (a table cell's content, sub-blocks included).
 */
function inline(element: Element, context: Context, subBlocks: ReadonlySet<Element> | null): string {
  let out = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === TEXT_NODE) {
      out += escapeInline(collapse(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    const tag = child.localName;
    if (SKIPPED.has(tag)) continue;
    if (subBlocks?.has(child)) continue;
    if (tag === 'br') {
      out += '  \n';
      continue;
    }
    if (tag === 'img') {
      const src = address(child.getAttribute('src'), context.options);
      if (context.options.images && src) out += `![${escapeInline(collapse(child.getAttribute('alt') ?? ''))}](${src})`;
      continue;
    }
    const text = inline(child, context, subBlocks);
    if (text.trim() === '') {
      out += text;
      continue;
    }
    if (tag === 'a' && context.options.links) {
      const href = address(child.getAttribute('href'), context.options);
      out += href && !href.startsWith('javascript:') ? `[${text.trim()}](${href})` : text;
    } else if (tag === 'strong' || tag === 'b') out += `**${text.trim()}**`;
    else if (tag === 'em' || tag === 'i') out += `*${text.trim()}*`;
    else if (tag === 'code' || tag === 'kbd' || tag === 'samp') out += `\`${(child.textContent ?? '').replace(/`/g, '\u02cb')}\``;
    else out += text;
  }
  return out;
}

const tidy = (text: string) => text.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();

function codeBlock(element: Element): string {
  const code = element.querySelector('code');
  const language = LANGUAGE_CLASS.exec(`${element.getAttribute('class') ?? ''} ${code?.getAttribute('class') ?? ''}`)?.[1] ?? '';
  const text = (element.textContent ?? '').replace(/^\n/, '').replace(/\s+$/, '');
  const fence = /```/.test(text) ? '~~~~' : '```';
  return `${fence}${language}\n${text}\n${fence}`;
}

function cell(element: Element, context: Context): string {
  return tidy(inline(element, context, null)).replace(/\n/g, ' ').replace(/\|/g, '\\|');
}

/** A GFM table: the first row is the header (GFM needs one); rows padded to the widest. */
function table(element: Element, context: Context): string {
  const rows = Array.from(element.querySelectorAll('tr')).map((row) =>
    Array.from(row.children)
      .filter((child) => child.localName === 'td' || child.localName === 'th')
      .map((child) => cell(child, context)),
  );
  const body = rows.filter((row) => row.length > 0);
  if (body.length === 0) return '';
  const width = body.reduce((widest, row) => Math.max(widest, row.length), 0);
  const line = (row: string[]) => `| ${[...row, ...Array(width - row.length).fill('')].join(' | ')} |`;
  return [line(body[0]), `| ${Array(width).fill('---').join(' | ')} |`, ...body.slice(1).map(line)].join('\n');
}

function list(block: Block, context: Context, depth: number): string[] {
  const ordered = block.tag === 'ol';
  const lines: string[] = [];
  let number = Number(block.element.getAttribute('start') ?? '1') || 1;
  for (const child of block.children) {
    if (!hasContent(child, context)) continue;
    const indent = '   '.repeat(depth);
    if (child.tag !== 'li') {
      append(lines, renderBlock(child, context, depth).map((chunk) => chunk.replace(/^/gm, indent)));
      continue;
    }
    const marker = ordered ? `${number++}.` : '-';
    const text = context.content[child.index] ? tidy(inline(child.element, context, subBlockElements(child))) : '';
    lines.push(`${indent}${marker} ${text}`.trimEnd());
    for (const sub of child.children) {
      if (!hasContent(sub, context)) continue;
      if (sub.tag === 'ul' || sub.tag === 'ol') append(lines, list(sub, context, depth + 1));
      else append(lines, renderBlock(sub, context, depth + 1).map((chunk) => chunk.replace(/^/gm, '   '.repeat(depth + 1))));
    }
  }
  return lines.length ? [lines.join('\n')] : [];
}

/** Markdown chunks (paragraphs) of a block and the blocks inside it. */
function renderBlock(block: Block, context: Context, depth = 0): string[] {
  if (!hasContent(block, context)) return [];
  const { element, tag } = block;
  if (tag === 'pre') return [codeBlock(element)];
  if (tag === 'table') {
    const rendered = table(element, context);
    return rendered ? [rendered] : [];
  }
  if (tag === 'ul' || tag === 'ol') return list(block, context, depth);
  const chunks: string[] = [];
  if (context.content[block.index]) {
    const text = tidy(inline(element, context, subBlockElements(block)));
    if (text) {
      const heading = HEADING.exec(tag);
      if (heading) chunks.push(`${'#'.repeat(Number(heading[1]))} ${text.replace(/\n/g, ' ')}`);
      else chunks.push(text.replace(/^([#>+-]|\d+\.)(\s)/, '\\$1$2'));
    }
  }
  for (const child of block.children) append(chunks, renderBlock(child, context, depth));
  if (tag === 'blockquote') return chunks.length ? [chunks.join('\n\n').replace(/^/gm, '> ')] : [];
  return chunks;
}

/**
 * The content blocks of a page as GitHub Flavored Markdown, rendered from the DOM so structure survives:
 * headings, nested and ordered lists, tables, fenced code blocks (whitespace and `language-*` class
 * kept), blockquotes, emphasis and inline code, and optionally links and images. `contentBlocks` are
 * `Block.index`es of `buildBlockTree(document)` (an `Extraction`'s content blocks with `unit: 'block'`).
 */
export function renderMarkdownFromDocument(document: Document, contentBlocks: Iterable<number>, options: MarkdownOptions = {}): string {
  return renderMarkdownFromTree(buildBlockTree(document), contentBlocks, options);
}

/**
 * `renderMarkdownFromDocument` on a block tree already built (the one an extractor labelled), so the
 * page is not walked into blocks twice. `contentBlocks` are `Block.index`es of `tree`. Linear in the
 * size of the content rendered plus one pass over the tree's blocks.
 */
export function renderMarkdownFromTree(tree: BlockTree, contentBlocks: Iterable<number>, options: MarkdownOptions = {}): string {
  const content = new Uint8Array(tree.blocks.length);
  for (const index of contentBlocks) if (index >= 0 && index < content.length) content[index] = 1;
  const context: Context = { content, holdsContent: blocksHoldingContent(tree, content), options: { ...DEFAULT_MARKDOWN_OPTIONS, ...options } };
  return renderBlock(tree.root, context).join('\n\n');
}
