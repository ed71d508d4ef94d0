import { markupHides } from './html-elements.js';
import { collapseWhitespace } from './tokenize.js';
import { CDATA_SECTION_NODE, ELEMENT_NODE, TEXT_NODE, tagOf, walkTree } from './walk.js';

/** Block-level tags of Sano et al. 2013 (Sano et al.), Fig. 2, the list `BT`. */
export const PAPER_003_BLOCK_TAGS: readonly string[] = Object.freeze([
  'p', 'blockquote', 'pre', 'div', 'noscript', 'hr', 'address', 'fieldset', 'legend',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption',
  'thead', 'tbody', 'colgroup', 'col', 'tr', 'th', 'td',
]);

/** HTML5 sectioning and grouping elements that browsers display as blocks (HTML Living Standard §15.3). */
export const HTML5_BLOCK_TAGS: readonly string[] = Object.freeze([
  'html', 'body', 'article', 'section', 'main', 'nav', 'aside', 'header', 'footer', 'figure', 'figcaption',
  'details', 'summary', 'dialog', 'form', 'menu', 'dir', 'hgroup', 'search', 'tfoot', 'center', 'listing',
  'xmp', 'plaintext', 'optgroup', 'frameset', 'frame',
]);

/** Every tag that opens a block: Sano et al. 2013's list plus the HTML5 block elements. */
export const BLOCK_LEVEL_TAGS: ReadonlySet<string> = new Set([...PAPER_003_BLOCK_TAGS, ...HTML5_BLOCK_TAGS]);

/**
 * Elements whose content is never visible text: scripts, styles, the head, embedded media and form
 * pickers. `noscript`, `noframes` and `noembed` are skipped because pages are read as a browser with
 * scripting, frames and plugins shows them: their content is raw text there (HTML §13.2.6.4.7) that a
 * browser does not render (HTML §15.3.1).
 */
export const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'head', 'script', 'style', 'noscript', 'noframes', 'noembed', 'template', 'svg', 'math', 'iframe', 'object', 'embed',
  'canvas', 'select', 'datalist', 'audio', 'video', 'map', 'title', 'meta', 'link', 'base',
]);

/**
 * Blocks nested deeper than this are not opened (their text joins the block at this depth). Chromium's
 * HTML tree builder caps DOM depth at 512 the same way; the cap keeps traversal paths bounded on
 * pathological input (100,000 nested `<div>`s).
 */
export const MAX_BLOCK_DEPTH = 512;

/** Counts over part of a block: its own content (sub-blocks removed), or all of it. */
export interface BlockCounts {
  /** Elements, the block's own element included. */
  tags: number;
  images: number;
  scripts: number;
  /** `<a href>` elements. */
  links: number;
  /** `form`, `input`, `textarea`, `select` and `button` elements. */
  forms: number;
  /** Characters of whitespace-collapsed text inside links. */
  anchorTextLength: number;
}

/** A run of inline content between the sub-blocks of a block: a minimum block of Sano et al. 2013 §3.1. */
export interface InlineRun {
  /** The block whose inline children these are. */
  parent: Block;
  /** The nodes of the run that are direct children of the parent's element, in document order. */
  nodes: Node[];
  /** Its text, whitespace collapsed. */
  text: string;
}

export interface Block {
  /** Position in document order among all blocks of the page (the root is 0). */
  index: number;
  element: Element;
  /** Lower-case tag name. */
  tag: string;
  /** Traversal path of block tags from the root, e.g. `HTML.BODY.DIV.P` (Nguyen et al. 2009 §III). */
  path: string;
  /** Depth in the block tree (the root is 0). */
  depth: number;
  parent: Block | null;
  /** Sub-blocks in document order. */
  children: Block[];
  /** No sub-blocks (Nguyen et al. 2009 §II "atomic block"); the element minimum blocks of Sano et al. 2013 §3.1. */
  atomic: boolean;
  /**
   * A minimum block of Sano et al. 2013 §3.1: a block element without block elements inside (the same as
   * `atomic`). The other minimum blocks are the inline runs of non-atomic blocks (`inlineRuns`).
   */
  readonly minimum: boolean;
  /** Inline content between sub-blocks, each a minimum block of Sano et al. 2013 §3.1 (empty when atomic). */
  inlineRuns: InlineRun[];
  /** All the text of the block, sub-blocks included, whitespace collapsed. Computed on first access. */
  readonly text: string;
  /** The block's text without its sub-blocks (Nguyen et al. 2009 Fig. 3), whitespace collapsed. */
  ownText: string;
  /** Counts over the block's own content. */
  own: BlockCounts;
  /** Counts over the whole block, sub-blocks included. */
  total: BlockCounts;
}

/** A text node with its DOM path (Wang et al. 2008 §2 and Gottron 2008 §6). */
export interface TextSegment {
  /** Tags of all the ancestor elements from the root, upper-case, e.g. `HTML.BODY.DIV.P.A`. */
  path: string;
  /** Whitespace-collapsed text (never empty). */
  text: string;
  node: Text;
  /** The innermost block holding the segment. */
  block: Block;
  /** True when an `<a href>` encloses the segment. */
  inLink: boolean;
}

/** A minimum block (Sano et al. 2013 §3.1): an atomic block, or a run of inline siblings of sub-blocks. */
export interface MinimumBlock {
  /** The atomic block, or for an inline run the block whose children the run's nodes are. */
  block: Block;
  /** The run, when this minimum block is inline content rather than an atomic block. */
  run: InlineRun | null;
  text: string;
}

export interface BlockTree {
  document: Document;
  root: Block;
  /** Every block in document order (`blocks[i].index === i`). */
  blocks: Block[];
  /** Every non-empty visible text node in document order. */
  segments: TextSegment[];
  /** The page's `<title>`, whitespace collapsed. */
  title: string;
}

export interface BlockTreeOptions {
  /** Decides whether an element opens a block; default: its tag is in `BLOCK_LEVEL_TAGS`. */
  isBlock?: (element: Element, tag: string) => boolean;
  /** Decides whether an element and its content are skipped; default: `SKIPPED_TAGS` or hidden. */
  isSkipped?: (element: Element, tag: string) => boolean;
  /** See `MAX_BLOCK_DEPTH`. */
  maxDepth?: number;
}

const FORM_TAGS: ReadonlySet<string> = new Set(['form', 'input', 'textarea', 'select', 'button']);

/** True when markup alone hides the element: `hidden`, `display:none` or `visibility:hidden` inline. */
export function isHiddenByMarkup(element: Element): boolean {
  return markupHides(element.hasAttribute('hidden'), element.getAttribute('style'));
}

export function defaultIsBlock(_element: Element, tag: string): boolean {
  return BLOCK_LEVEL_TAGS.has(tag);
}

export function defaultIsSkipped(element: Element, tag: string): boolean {
  return SKIPPED_TAGS.has(tag) || isHiddenByMarkup(element);
}

function emptyCounts(): BlockCounts {
  return { tags: 0, images: 0, scripts: 0, links: 0, forms: 0, anchorTextLength: 0 };
}

function addCounts(into: BlockCounts, from: BlockCounts): void {
  into.tags += from.tags;
  into.images += from.images;
  into.scripts += from.scripts;
  into.links += from.links;
  into.forms += from.forms;
  into.anchorTextLength += from.anchorTextLength;
}

/** An inline run that knows where it starts among the page's text pieces, to order minimum blocks without DOM calls. */
class InlineRunNode implements InlineRun {
  constructor(
    readonly parent: Block,
    readonly nodes: Node[],
    readonly text: string,
    readonly position: number,
  ) {}
}

class BlockNode implements Block {
  index: number;
  element: Element;
  tag: string;
  path: string;
  depth: number;
  parent: Block | null;
  children: Block[] = [];
  atomic = true;
  inlineRuns: InlineRun[] = [];
  ownText = '';
  own: BlockCounts = emptyCounts();
  total: BlockCounts = emptyCounts();
  /** Range of the page's text pieces this block covers, for `text`. */
  start = 0;
  end = 0;
  ownParts: string[] = [];
  run: { nodes: Node[]; parts: string[]; position: number } | null = null;
  /** Paths of this block's children by tag, so that siblings share one string (pages repeat tags a lot). */
  childPaths: Map<string, string> | null = null;
  #pieces: string[];
  #text: string | undefined;

  constructor(index: number, element: Element, tag: string, parent: BlockNode | null, pieces: string[]) {
    this.index = index;
    this.element = element;
    this.tag = tag;
    this.parent = parent;
    this.depth = parent ? parent.depth + 1 : 0;
    this.path = parent ? parent.childPath(tag) : tag.toUpperCase();
    this.#pieces = pieces;
  }

  childPath(tag: string): string {
    this.childPaths ??= new Map();
    let path = this.childPaths.get(tag);
    if (path === undefined) {
      path = `${this.path}.${tag.toUpperCase()}`;
      this.childPaths.set(tag, path);
    }
    return path;
  }

  get minimum(): boolean {
    return this.atomic;
  }

  get text(): string {
    if (this.#text === undefined) this.#text = collapseWhitespace(this.#pieces.slice(this.start, this.end).join(''));
    return this.#text;
  }

  closeRun(): void {
    const run = this.run;
    this.run = null;
    if (!run) return;
    const text = collapseWhitespace(run.parts.join(''));
    if (text || run.nodes.some((node) => node.nodeType === ELEMENT_NODE && tagOf(node as Element) === 'img')) {
      this.inlineRuns.push(new InlineRunNode(this, run.nodes, text, run.position));
    }
  }
}

/**
 * Builds the block tree of a document (or of one element) in one iterative pass: blocks with their
 * paths, text, own text, counts and inline runs, and the page's text segments.
 */
export function buildBlockTree(source: Document | Element, options: BlockTreeOptions = {}): BlockTree {
  const isBlock = options.isBlock ?? defaultIsBlock;
  const isSkipped = options.isSkipped ?? defaultIsSkipped;
  const maxDepth = options.maxDepth ?? MAX_BLOCK_DEPTH;
  const document = ('documentElement' in source ? source : source.ownerDocument) as Document;
  const rootElement = ('documentElement' in source ? source.documentElement : source) as Element;

  const pieces: string[] = [];
  const blocks: BlockNode[] = [];
  const segments: TextSegment[] = [];
  // Per open element: whether it opened a block and whether it is a link, so `leave` can undo.
  const openedBlock: boolean[] = [];
  const openedLink: boolean[] = [];
  const domPath: string[] = [];
  let current: BlockNode | null = null;
  let linkDepth = 0;

  const root = new BlockNode(0, rootElement, tagOf(rootElement) || 'html', null, pieces);
  blocks.push(root);

  walkTree(rootElement, {
    enter(node) {
      if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
        const block = current as BlockNode;
        const data = (node as Text).data;
        pieces.push(data);
        block.ownParts.push(data);
        if (node.parentNode === block.element) {
          if (!block.run) block.run = { nodes: [], parts: [], position: pieces.length - 1 };
          block.run.nodes.push(node);
        }
        block.run?.parts.push(data);
        const text = collapseWhitespace(data);
        if (text) {
          if (linkDepth > 0) block.own.anchorTextLength += text.length;
          segments.push({
            path: domPath.length ? domPath[domPath.length - 1] : '',
            text,
            node: node as Text,
            block,
            inLink: linkDepth > 0,
          });
        }
        return false;
      }
      if (node.nodeType !== ELEMENT_NODE) return false;
      const element = node as Element;
      const tag = tagOf(element);
      const isRoot = element === rootElement;
      if (!isRoot && isSkipped(element, tag)) {
        if (current) {
          current.own.tags++;
          if (tag === 'script') current.own.scripts++;
        }
        openedBlock.push(false);
        openedLink.push(false);
        domPath.push(domPath[domPath.length - 1] ?? '');
        return false;
      }
      const parentPath = domPath.length ? domPath[domPath.length - 1] : '';
      domPath.push(domPath.length >= maxDepth ? parentPath : parentPath ? `${parentPath}.${tag.toUpperCase()}` : tag.toUpperCase());

      let opens = false;
      if (isRoot) {
        current = root;
        opens = true;
      } else if (current && current.depth < maxDepth && isBlock(element, tag)) {
        const parent: BlockNode = current;
        parent.closeRun();
        parent.ownParts.push('\n');
        pieces.push('\n');
        const block = new BlockNode(blocks.length, element, tag, parent, pieces);
        parent.children.push(block);
        parent.atomic = false;
        blocks.push(block);
        current = block;
        opens = true;
      }
      const block = current as BlockNode;
      if (opens) block.start = pieces.length;
      else if (element.parentNode === block.element) {
        if (!block.run) block.run = { nodes: [], parts: [], position: pieces.length };
        block.run.nodes.push(element);
      }
      block.own.tags++;
      let isLink = false;
      if (tag === 'a' && element.hasAttribute('href')) {
        block.own.links++;
        linkDepth++;
        isLink = true;
      } else if (tag === 'img') block.own.images++;
      else if (tag === 'br') {
        pieces.push('\n');
        block.ownParts.push('\n');
        block.run?.parts.push('\n');
      }
      if (FORM_TAGS.has(tag)) block.own.forms++;
      openedBlock.push(opens);
      openedLink.push(isLink);
      return true;
    },
    leave(node) {
      if (node.nodeType !== ELEMENT_NODE) return;
      domPath.pop();
      if (openedLink.pop()) linkDepth--;
      if (!openedBlock.pop()) return;
      const block = current as BlockNode;
      block.closeRun();
      if (block.atomic) block.inlineRuns = [];
      block.end = pieces.length;
      pieces.push('\n');
      block.ownText = collapseWhitespace(block.ownParts.join(''));
      block.ownParts = [];
      block.childPaths = null;
      addCounts(block.total, block.own);
      const parent = block.parent as BlockNode | null;
      if (parent) {
        addCounts(parent.total, block.total);
        parent.ownParts.push('\n');
      }
      current = parent;
    },
  });

  const titleElement = document?.querySelector?.('title');
  return {
    document,
    root,
    blocks,
    segments,
    title: titleElement ? collapseWhitespace(titleElement.textContent ?? '') : '',
  };
}

/** Minimum blocks of Sano et al. 2013 §3.1 in document order: atomic blocks and inline runs among sub-blocks. */
export function minimumBlocks(tree: BlockTree): MinimumBlock[] {
  const result: MinimumBlock[] = [];
  // Inline runs of a block interleave with its children: order everything by where it starts in the text.
  for (const block of tree.blocks) {
    if (block.atomic) {
      result.push({ block, run: null, text: block.ownText });
      continue;
    }
    for (const run of block.inlineRuns) result.push({ block, run, text: run.text });
  }
  return result.sort(compareMinimumBlocks);
}

function positionOf(minimum: MinimumBlock): number {
  return (minimum.run ? (minimum.run as InlineRunNode).position : (minimum.block as BlockNode).start) ?? 0;
}

function compareMinimumBlocks(a: MinimumBlock, b: MinimumBlock): number {
  return positionOf(a) - positionOf(b);
}
