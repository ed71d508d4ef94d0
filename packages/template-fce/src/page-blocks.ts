import {
  BLOCK_LEVEL_TAGS,
  buildBlockTree,
  featureVector,
  pageBlockIndexer,
  parseHtml,
  type Block,
  type BlockTree,
  type Page,
} from '@winnow/dom-blocks';

/** The block tree of a page, with extra tags opening blocks when asked (Nguyen et al. 2009 Fig. 2 uses `span`). */
export function pageBlockTree(page: Page | Document, extraBlockTags: readonly string[] = []): BlockTree {
  const document = 'html' in page ? parseHtml(page.html, { contentType: page.contentType }) : page;
  if (extraBlockTags.length === 0) return buildBlockTree(document);
  const extra = new Set(extraBlockTags);
  return buildBlockTree(document, { isBlock: (_element, tag) => BLOCK_LEVEL_TAGS.has(tag) || extra.has(tag) });
}

/**
 * `LabelledBlock.order` of a block of `tree`: its index in the page's own block tree. The same as
 * `Block.index` unless extra tags opened blocks (then: the nearest enclosing page block).
 */
export function pageOrder(tree: BlockTree): (block: Block) => number {
  if (tree.blocks.every((block) => block === tree.root || BLOCK_LEVEL_TAGS.has(block.tag))) return (block) => block.index;
  const indexOf = pageBlockIndexer(tree.document);
  return (block) => indexOf(block.element);
}

/**
 * CE's units (Nguyen et al. 2009 §II, Fig. 3): every block with its sub-blocks removed, i.e. the atomic blocks
 * and what is left of the other blocks. Units without text or counted features carry nothing to compare
 * and are left out.
 */
export function ceUnits(tree: BlockTree): Block[] {
  return tree.blocks.filter(hasOwnFeatures);
}

function hasOwnFeatures(block: Block): boolean {
  const own = block.own;
  return block.ownText.length > 0 || own.images > 0 || own.links > 0 || own.forms > 0;
}

/** A sparse vector with its Euclidean norm, ready for repeated cosine computations. */
export interface NormedVector {
  entries: Map<string, number>;
  norm: number;
}

export function normed(entries: Map<string, number>): NormedVector {
  let sum = 0;
  for (const value of entries.values()) sum += value * value;
  return { entries, norm: Math.sqrt(sum) };
}

/**
 * Key of the one feature given to a unit whose text has no word and that holds no counted element
 * (`|`, `»`, `©`): dom-blocks' `cosineSimilarity` calls two empty vectors alike, and this keeps that
 * (cosine 1 between two such units, 0 with any other) inside a sparse index.
 */
export const EMPTY_FEATURE = '#empty';

/** The CE feature vector of a unit (Nguyen et al. 2009 §II: images, scripts, links, terms) with its norm. */
export function unitVector(block: Block): NormedVector {
  const entries = featureVector(block, 'own');
  if (entries.size === 0) entries.set(EMPTY_FEATURE, 1);
  return normed(entries);
}

/** Adds `from` into `into` (feature vectors are additive over the parts of a block). */
export function addInto(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [key, value] of from) into.set(key, (into.get(key) ?? 0) + value);
}

/** Cosine of two normed vectors; two empty vectors are alike (as `cosineSimilarity` of dom-blocks). */
export function cosineNormed(a: NormedVector, b: NormedVector): number {
  if (a.norm === 0 || b.norm === 0) return a.norm === 0 && b.norm === 0 ? 1 : 0;
  const [small, large] = a.entries.size <= b.entries.size ? [a.entries, b.entries] : [b.entries, a.entries];
  let dot = 0;
  for (const [key, value] of small) {
    const other = large.get(key);
    if (other !== undefined) dot += value * other;
  }
  return dot / (a.norm * b.norm);
}

/** A canonical string of a vector: identical vectors (cosine 1) share it, so they are stored once. */
export function vectorKey(entries: ReadonlyMap<string, number>): string {
  return [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([key, value]) => `${key}\u0001${value}`).join('\u0002');
}

export function vectorToObject(entries: ReadonlyMap<string, number>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [key, value] of [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) result[key] = value;
  return result;
}

export function vectorFromObject(object: Readonly<Record<string, number>>): Map<string, number> {
  return new Map(Object.entries(object));
}

/**
 * The path a template stores for a block: its traversal path, with runs of one tag collapsed when asked
 * (`DIV.SECTION.SECTION.SECTION.P` -> `DIV.SECTION.P`), so that a paragraph one section deeper than
 * any the training pages showed still has a known path.
 */
export function templatePath(path: string, collapseRepeatedTags: boolean): string {
  return collapseRepeatedTags ? path.replace(/(^|\.)([^.]+)(?:\.\2)+(?=\.|$)/g, '$1$2') : path;
}
