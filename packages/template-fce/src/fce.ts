import {
  BLOCK_LEVEL_TAGS,
  featureVector,
  minimumBlocks,
  renderText,
  type Block,
  type BlockTree,
  type Extraction,
  type LabelledBlock,
  type Page,
} from '@winnow/dom-blocks';
import { labelTrainingPages, type LabelledTrainingUnit } from './ce.js';
import { DEFAULT_FCE_OPTIONS, resolveCeOptions, resolveDetectionOptions, type CeOptions, type FceDetectionMode, type FceBuildOptions, type FceDetectionOptions } from './options.js';
import { addInto, cosineNormed, EMPTY_FEATURE, normed, pageBlockTree, pageOrder, templatePath, unitVector, vectorKey, vectorToObject } from './page-blocks.js';
import { countSimilarPages } from './similarity-index.js';
import { compileTemplate, makeTemplate, type CompiledTemplate, type FceNonContentBlock, type FceTemplate } from './template.js';

/** Characters of a non-content block's text kept in the template for people to read (matching uses vectors). */
export const TEMPLATE_TEXT_PREVIEW = 200;

export interface BuildProgress {
  /** `parse`: pages partitioned into units; `compare`: pages labelled by CE. */
  phase: 'parse' | 'compare';
  done: number;
  total: number;
}

/**
 * FastCE's preparation phase (Nguyen et al. 2009 §III, Fig. 4): runs CE over the pages (each block compared with
 * the blocks of the other pages), keeps the traversal paths of the content blocks, and the non-content
 * blocks sharing one of those paths. Pure: pages in, template out (`onProgress` only reports).
 */
export function buildTemplate(
  pages: Iterable<Page>,
  options: Partial<FceBuildOptions> = {},
  onProgress?: (progress: BuildProgress) => void,
): FceTemplate {
  const params = resolveCeOptions(options);
  const collapseRepeatedTags = options.collapseRepeatedTags ?? DEFAULT_FCE_OPTIONS.collapseRepeatedTags;
  const labelled = labelTrainingPages(pages, params, (done, total, phase) => onProgress?.({ phase, done, total }));
  return templateFromLabels(labelled.pages, { ...params, collapseRepeatedTags }, options.site ?? labelled.site ?? '');
}

/**
 * The template of CE-labelled training pages: the paths of the content units, and the non-content
 * units sharing one of them (each distinct vector once per path).
 */
export function templateFromLabels(
  pages: readonly (readonly LabelledTrainingUnit[])[],
  params: CeOptions & { collapseRepeatedTags: boolean },
  site: string,
): FceTemplate {
  const pathOf = (unit: LabelledTrainingUnit) => templatePath(unit.path, params.collapseRepeatedTags);
  const paths = new Set<string>();
  const otherPaths = new Set<string>();
  for (const units of pages) for (const unit of units) if (unit.content) paths.add(pathOf(unit));
  for (const units of pages) for (const unit of units) if (!paths.has(pathOf(unit))) otherPaths.add(pathOf(unit));
  const nonContent = new Map<string, FceNonContentBlock>();
  for (const units of pages) {
    for (const unit of units) {
      const path = pathOf(unit);
      if (unit.content || !paths.has(path)) continue;
      const key = `${path}\u0000${vectorKey(unit.vector.entries)}`;
      if (nonContent.has(key)) continue;
      nonContent.set(key, { path, text: unit.text.slice(0, TEMPLATE_TEXT_PREVIEW), vector: vectorToObject(unit.vector.entries) });
    }
  }
  return makeTemplate({
    site,
    params: {
      similarityThreshold: params.similarityThreshold,
      nonContentPageFraction: params.nonContentPageFraction,
      extraBlockTags: [...params.extraBlockTags],
      collapseRepeatedTags: params.collapseRepeatedTags,
      pageCount: pages.length,
    },
    paths: [...paths],
    nonContent: [...nonContent.values()],
    nonContentPaths: [...otherPaths],
  });
}

/** Where a block stands after the three rules of §III. */
const OUTSIDE = 0;
const INCLUDED = 1;
const EXCLUDED = 2;

/** Why a block's own text is (not) content after detection. */
const VERDICT_CONTENT = 1;
const VERDICT_SIMILAR = 2;
const VERDICT_WRAPPER = 3;
const VERDICT_FALLBACK_CONTENT = 4;
const VERDICT_FALLBACK_SIMILAR = 5;
const VERDICT_SIBLING_CONTENT = 6;
const VERDICT_SIBLING_SIMILAR = 7;

/** One block extracted by the rules (its path is in the template), with its verdict. */
export interface FceExtractedBlock {
  block: Block;
  /** In `paper` mode, the verdict of the whole block; in `parts` mode, true when any part is content. */
  content: boolean;
  /** Stored non-content blocks it (or its parts) was compared with. */
  comparisons: number;
}

export interface FceDetection {
  mode: FceDetectionMode;
  /** Blocks extracted by the rules (FastCE's NumBlock, Nguyen et al. 2009 §IV.A). */
  extracted: FceExtractedBlock[];
  /** Per block (by `block.index`): OUTSIDE 0, INCLUDED 1, EXCLUDED 2. */
  states: Uint8Array;
  /** Per block: index of the extracted block it belongs to, or -1. */
  rootOf: Int32Array;
  /**
   * Per block: 0 not extracted, 1 content, 2 similar to a stored non-content block, 3 kept wrapper
   * (parts mode); after a fallback, 4 content, 5 similar to a stored non-content block; beside a content
   * block at a path not in the template (parts mode, `contentSiblings`), 6 content, 7 similar.
   */
  verdicts: Uint8Array;
  /** Comparisons with stored non-content blocks. */
  comparisons: number;
  /**
   * Share of the page's text (characters of the blocks' own text) inside extracted blocks: how well the
   * template fits the page. A page of a layout the training pages did not show scores near 0.
   */
  coverage: number;
  /** True when coverage was below `minCoverage`: the verdicts come from the fallback. */
  fallback: boolean;
}

/**
 * FastCE's detection phase (Nguyen et al. 2009 §III, Fig. 5) on a block tree. Only blocks whose path is in the
 * template are extracted (the outermost ones; a block inside an extracted block is part of it):
 * - a sub-block whose path is in P is part of the block;
 * - a sub-block B' whose path is not in P is left out when none of its sub-blocks has a path in P,
 *   and kept otherwise (its sub-blocks then follow the same rules).
 * Then each extracted block (`paper` mode) or each of its parts (`parts` mode, see `FceDetectionMode`)
 * is compared with the stored non-content blocks of its path; a similar one makes it non-content.
 * In `parts` mode with `contentSiblings`, the blocks left out at unseen paths beside a content block
 * are then kept unless similar to a stored non-content block (see `FceDetectionOptions.contentSiblings`).
 */
export function detectFce(
  template: FceTemplate | CompiledTemplate,
  tree: BlockTree,
  options: Partial<FceDetectionOptions> = {},
): FceDetection {
  const { mode, minCoverage, contentSiblings } = resolveDetectionOptions(options);
  const compiled = 'nonContentByPath' in template ? template : compileTemplate(template);
  const { paths, nonContentByPath } = compiled;
  const threshold = compiled.template.params.similarityThreshold;
  const blocks = tree.blocks;
  const count = blocks.length;
  const inPaths = new Uint8Array(count);
  const collapse = compiled.template.params.collapseRepeatedTags;
  const keys = blocks.map((block) => templatePath(block.path, collapse));
  for (let i = 0; i < count; i++) inPaths[i] = paths.has(keys[i]) ? 1 : 0;
  // Blocks come in document (pre-)order, children after their parent: one backward pass finds which
  // blocks hold a descendant with a template path, one forward pass applies the rules.
  const holdsPath = new Uint8Array(count);
  for (let i = count - 1; i > 0; i--) {
    const parent = blocks[i].parent;
    if (parent && (inPaths[i] || holdsPath[i])) holdsPath[parent.index] = 1;
  }
  const states = new Uint8Array(count);
  const rootOf = new Int32Array(count).fill(-1);
  const extracted: FceExtractedBlock[] = [];
  const extractedAt = new Map<number, FceExtractedBlock>();
  for (let i = 0; i < count; i++) {
    const parent = blocks[i].parent;
    const parentState = parent ? states[parent.index] : OUTSIDE;
    if (parentState === OUTSIDE) {
      if (inPaths[i]) {
        states[i] = INCLUDED;
        rootOf[i] = i;
        const entry = { block: blocks[i], content: mode === 'paper', comparisons: 0 };
        extracted.push(entry);
        extractedAt.set(i, entry);
      }
    } else if (parentState === INCLUDED && (inPaths[i] || holdsPath[i])) {
      states[i] = INCLUDED;
      rootOf[i] = rootOf[(parent as Block).index];
    } else states[i] = EXCLUDED;
  }

  const verdicts = new Uint8Array(count);
  let comparisons = 0;
  const isSimilarToStored = (path: string, entries: Map<string, number>, entry: FceExtractedBlock): boolean => {
    const stored = nonContentByPath.get(path);
    if (!stored) return false;
    if (entries.size === 0) entries.set(EMPTY_FEATURE, 1);
    const vector = normed(entries);
    for (const other of stored) {
      entry.comparisons++;
      comparisons++;
      if (cosineNormed(vector, other) > threshold) return true;
    }
    return false;
  };

  if (mode === 'paper') {
    // The feature vector of an extracted block is the sum of its included parts' own vectors.
    const vectors = new Map<number, Map<string, number>>();
    for (const entry of extracted) vectors.set(entry.block.index, new Map());
    for (let i = 0; i < count; i++) if (states[i] === INCLUDED) addInto(vectors.get(rootOf[i]) as Map<string, number>, featureVector(blocks[i], 'own'));
    for (const entry of extracted) {
      entry.content = !isSimilarToStored(keys[entry.block.index], vectors.get(entry.block.index) as Map<string, number>, entry);
    }
    for (let i = 0; i < count; i++) {
      if (states[i] === INCLUDED) verdicts[i] = (extractedAt.get(rootOf[i]) as FceExtractedBlock).content ? VERDICT_CONTENT : VERDICT_SIMILAR;
    }
  } else {
    for (let i = 0; i < count; i++) {
      if (states[i] !== INCLUDED) continue;
      const entry = extractedAt.get(rootOf[i]) as FceExtractedBlock;
      if (!inPaths[i]) verdicts[i] = VERDICT_WRAPPER;
      else if (isSimilarToStored(keys[i], featureVector(blocks[i], 'own'), entry)) verdicts[i] = VERDICT_SIMILAR;
      else {
        verdicts[i] = VERDICT_CONTENT;
        entry.content = true;
      }
    }
  }
  const seenOther = compiled.nonContentPaths;
  if (mode === 'parts' && contentSiblings && seenOther) {
    // A block the rules left out, at a path no training page had, beside a block found content opens
    // a region of that content: a list, table or quote between paragraphs, in a shape the training
    // pages never showed. Its parts are kept unless their path was seen and never content, or they
    // resemble a stored non-content block of any path (they have no stored blocks of their own path).
    // Blocks come in pre-order, so a region's sub-blocks follow the block that opened it.
    const holdsContent = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const parent = blocks[i].parent;
      if (parent && verdicts[i] === VERDICT_CONTENT) holdsContent[parent.index] = 1;
    }
    const inRegion = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const parent = blocks[i].parent;
      if (!parent || states[i] === INCLUDED) continue;
      const unseen = !seenOther.has(keys[i]);
      if (!inRegion[parent.index] && !(holdsContent[parent.index] && unseen)) continue;
      inRegion[i] = 1;
      if (!blocks[i].ownText || !unseen) continue;
      comparisons++;
      const similar = countSimilarPages(compiled.nonContentIndex, unitVector(blocks[i]), { threshold, enough: 1 }) > 0;
      verdicts[i] = similar ? VERDICT_SIBLING_SIMILAR : VERDICT_SIBLING_CONTENT;
    }
  }
  let totalText = 0;
  let coveredText = 0;
  for (let i = 0; i < count; i++) {
    const length = blocks[i].ownText.length;
    totalText += length;
    if (states[i] === INCLUDED) coveredText += length;
  }
  const coverage = totalText ? coveredText / totalText : 1;
  const fallback = coverage < minCoverage;
  if (fallback) {
    // The template does not describe this page: every block's own text is content unless it resembles
    // a stored non-content block of any path.
    for (let i = 0; i < count; i++) {
      if (!blocks[i].ownText) continue;
      comparisons++;
      const similar = countSimilarPages(compiled.nonContentIndex, unitVector(blocks[i]), { threshold, enough: 1 }) > 0;
      verdicts[i] = similar ? VERDICT_FALLBACK_SIMILAR : VERDICT_FALLBACK_CONTENT;
    }
  }
  return { mode, extracted, states, rootOf, verdicts, comparisons, coverage, fallback };
}

/**
 * The page as labelled blocks in document order. Content comes out in the original order with each
 * extracted block's text whole: a sub-block that is an inline element (Nguyen et al. 2009 Fig. 2's `span`, when
 * `extraBlockTags` makes it a block) flows into the surrounding line instead of breaking it.
 */
export function fceExtraction(tree: BlockTree, detection: FceDetection, notes: string[] = []): Extraction {
  const { states, rootOf, verdicts } = detection;
  const labelled: LabelledBlock[] = [];
  const orderOf = pageOrder(tree);
  let open: { owner: Block; block: LabelledBlock } | null = null;
  minimumBlocks(tree).forEach((minimum) => {
    if (!minimum.text) return;
    const block = minimum.block;
    const verdict = verdicts[block.index];
    const root = rootOf[block.index] >= 0 ? tree.blocks[rootOf[block.index]] : null;
    if (verdict === VERDICT_CONTENT || verdict === VERDICT_FALLBACK_CONTENT || verdict === VERDICT_SIBLING_CONTENT) {
      const owner = flowOwner(block);
      if (open && open.owner === owner) {
        open.block.text = joinInline(open.block.text, minimum.text);
        return;
      }
      const reason =
        verdict === VERDICT_CONTENT
          ? `fce: in ${root?.path} (template path), unlike the stored non-content blocks`
          : verdict === VERDICT_SIBLING_CONTENT
            ? 'fce: beside a content block, at a path not in the template, unlike every stored non-content block'
            : 'fce fallback: unlike every stored non-content block';
      open = { owner, block: { path: owner.path, text: minimum.text, label: 'content', reason, order: orderOf(owner), tag: owner.tag } };
      labelled.push(open.block);
      return;
    }
    open = null;
    const state = states[block.index];
    const reason =
      verdict === VERDICT_FALLBACK_SIMILAR
        ? 'fce fallback: similar to a stored non-content block'
        : verdict === VERDICT_SIBLING_SIMILAR
          ? 'fce: beside a content block, at a path not in the template, similar to a stored non-content block'
          : state === OUTSIDE
        ? 'fce: path not in template'
        : state === EXCLUDED
          ? 'fce: sub-block without template paths (§III rule 2)'
          : verdict === VERDICT_WRAPPER
            ? 'fce: own text of a kept sub-block whose path is not in the template'
            : `fce: in ${root?.path}, similar to a stored non-content block`;
    labelled.push({ path: block.path, text: minimum.text, label: 'boilerplate', reason, order: orderOf(block), tag: block.tag });
  });
  if (detection.fallback) {
    notes.push(`fce: the template covers ${Math.round(detection.coverage * 100)}% of this page's text: fell back to all text without the stored non-content blocks`);
  }
  if (!labelled.some((block) => block.label === 'content')) notes.push('fce: no content block found');
  // Already in document order; several minimum blocks may share a page block, so no sort by `order`.
  return { blocks: labelled, text: renderText(labelled), notes, unit: 'block' };
}


/** Closing punctuation that follows an inline element without a space (`</span>.`). */
const NO_SPACE_BEFORE = /^[.,;:!?)\]}»”’%]/;

/**
 * Joins the text of an inline sub-block to its line. The pieces come whitespace-collapsed, so the
 * source's spacing is gone: put a space back except before closing punctuation.
 */
function joinInline(line: string, piece: string): string {
  return NO_SPACE_BEFORE.test(piece) || /[(\[{«“‘]$/.test(line) ? `${line}${piece}` : `${line} ${piece}`;
}

/** The nearest block that is a block-level element (itself, unless extra tags such as `span` made it a block). */
function flowOwner(block: Block): Block {
  let current: Block = block;
  while (!BLOCK_LEVEL_TAGS.has(current.tag) && current.parent) current = current.parent;
  return current;
}

/** Extracts the main content of a page with a FastCE template, in the original order. */
export function extractFce(template: FceTemplate, page: Page | Document, options: Partial<FceDetectionOptions> = {}): Extraction {
  const compiled = compileTemplate(template);
  const tree = pageBlockTree(page, template.params.extraBlockTags);
  const notes: string[] = [];
  if (template.params.pageCount < 2) notes.push(`fce: template learned from ${template.params.pageCount} page(s); it cannot tell repeated blocks, all its paths are content`);
  return fceExtraction(tree, detectFce(compiled, tree, options), notes);
}
