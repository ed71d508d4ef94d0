import type { Block, BlockTree } from '@winnow/dom-blocks';
import { typedArrays } from './arena.js';

/*
 * Per-block features of the single-page model. One pass over the block tree in document order (parents
 * come before children) for what blocks inherit, one pass in reverse for subtree sums: linear in the
 * number of blocks and characters, no DOM queries besides each block element's `class` and `id`.
 *
 * The units the model labels are the blocks with own text (the same units `plain` labels).
 */

/** Keywords looked for in the `class` and `id` of a block and of its ancestors (lower-cased substrings). */
export const CLASS_KEYWORDS: readonly string[] = Object.freeze([
  'article', 'content', 'post', 'entry', 'body', 'text', 'main', 'story', 'comment', 'reply', 'thread', 'message',
  'nav', 'menu', 'footer', 'header', 'sidebar', 'widget', 'related', 'share', 'social', 'ad', 'promo', 'banner',
  'breadcrumb', 'tag', 'meta', 'author', 'date', 'caption', 'cookie', 'subscribe', 'newsletter', 'login', 'search',
  'product', 'price', 'description', 'review', 'card', 'item', 'list', 'hidden', 'modal', 'popup', 'skip', 'copyright',
  'doc', 'section', 'title', 'recommend', 'more', 'pagination', 'teaser',
]);

/** Block tags that get a feature of their own; the rest share `tag:other`. */
export const TAG_GROUPS: readonly string[] = Object.freeze([
  'p', 'div', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'dd', 'dt', 'section',
  'article', 'figcaption', 'caption', 'span', 'form', 'header', 'footer', 'nav', 'aside', 'ul', 'ol', 'table', 'tr', 'main', 'body',
]);

/** Ancestor elements whose presence above a block is a feature. */
export const ANCESTOR_TAGS: readonly string[] = Object.freeze([
  'nav', 'header', 'footer', 'aside', 'form', 'li', 'table', 'article', 'main', 'figure', 'blockquote', 'dl', 'section', 'ul', 'ol', 'details',
]);

const STOPWORDS: ReadonlySet<string> = new Set(
  ('the of and to a in is it that for on was with as by at be this are from or an have not but which has had were ' +
    'they their its you we he she his her been will would can there what all one more when also who if so than ' +
    'about into some our your them these other out do may only any could then most my after how up over such ' +
    'der die das und ist nicht mit den von zu ein eine le la les des et est une du en que qui pour dans ' +
    'el los las del y por con para es un de il di che per non una sono').split(' '),
);

const WORD = /[\p{L}\p{N}_]+/gu;
const SENTENCE_END = /[.!?。！？…"”')\]]$/;
const CAPITAL_START = /^\p{Lu}/u;

/** Feature names, in column order (the model file records them to catch a mismatch). */
export const FEATURE_NAMES: readonly string[] = Object.freeze([
  'words', 'logWords', 'chars', 'ownLinkDensity', 'links', 'images', 'forms', 'punctuation', 'commas', 'sentenceEnd',
  'stopwordShare', 'numberShare', 'capitalStart', 'meanWordLength', 'upperShare',
  'depth', 'relDepth', 'position', 'textPosition', 'wordsBefore', 'wordsAfter',
  'subtreeWords', 'subtreeLinkDensity', 'parentWords', 'parentLinkDensity', 'parentChildren', 'parentTextChildren',
  'grandWords', 'grandLinkDensity', 'greatWords', 'greatLinkDensity', 'parentShare', 'grandShare', 'greatShare',
  'sameTagSiblings', 'siblingIndex', 'samePathCount', 'samePathWordShare', 'samePathMeanWords',
  'sinceHeading', 'headingLevel', 'titleOverlap', 'isTitleLike',
  'inBest', 'bestShare', 'bestDistance', 'bestLinkDensity', 'containerScore', 'containerRank',
  'pageWords', 'pageLinkDensity', 'pageUnits', 'pageLiShare', 'pageLongBlocks',
  'classScore',
  ...TAG_GROUPS.map((tag) => `tag:${tag}`), 'tag:other',
  ...ANCESTOR_TAGS.map((tag) => `in:${tag}`),
  ...CLASS_KEYWORDS.map((keyword) => `cls:${keyword}`),
  ...CLASS_KEYWORDS.map((keyword) => `anc:${keyword}`),
]);

export const FEATURE_COUNT = FEATURE_NAMES.length;
const TAG_BASE = FEATURE_NAMES.indexOf('tag:p');

/** Names of the context features the second pass adds to the first pass's (see `contextFeatures`). */
export const CONTEXT_FEATURE_NAMES: readonly string[] = Object.freeze([
  'p', 'pPrev', 'pPrev2', 'pNext', 'pNext2', 'pWindow', 'pParent', 'pGrand', 'pGreat', 'pSamePath', 'pBest', 'pPage',
  'pRegionMax', 'inBest',
]);

/**
 * Writes the features of one unit into `out` from `offset` on. Rows are computed when asked for, not kept:
 * a page of millions of units would otherwise hold a matrix of hundreds of floats per unit.
 */
export interface FeatureRows {
  row(u: number, out: Float32Array, offset?: number): void;
}

/** What the feature pass keeps for the two passes and for labelling. */
export interface PageFeatures extends FeatureRows {
  /** The labelled units: blocks with own text, in document order. */
  units: Block[];
  /** Own words of each unit. */
  words: Uint32Array;
  /** For each unit, the index of its parent, grandparent, great-grandparent block (−1 at the top). */
  ancestors: Int32Array;
  /** For each unit, an id of its path among the page's units. */
  pathIds: Int32Array;
  /** For each unit, an id of its parent path (the region it sits in). */
  regionIds: Int32Array;
  /** For each unit, 1 when it lies inside the best container (the `inBest` feature). */
  inBest: Uint8Array;
  /** Block index of the best container, −1 when none. */
  best: number;
  /** Number of blocks in the tree. */
  blockCount: number;
}

/** The rows of a row-major matrix of `columns` features per unit. */
export function matrixRows(matrix: Float32Array, columns = FEATURE_COUNT): FeatureRows {
  return { row: (u, out, offset = 0) => out.set(matrix.subarray(u * columns, (u + 1) * columns), offset) };
}

/** Every row of `features` as one row-major matrix, `units × FEATURE_COUNT` (for training). */
export function featureMatrix(features: FeatureRows, unitCount: number): Float32Array {
  const matrix = new Float32Array(unitCount * FEATURE_COUNT);
  for (let u = 0; u < unitCount; u++) features.row(u, matrix, u * FEATURE_COUNT);
  return matrix;
}

/**
 * An element's `class` and `id`, lower-cased. The class is read from its attribute node: the same
 * keywords are found in it, without the class list a DOM may build for `getAttribute('class')` (linkedom
 * does, at a cost larger than the rest of this function).
 */
export function classAndId(element: Element): string {
  const className = element.getAttributeNode?.('class')?.value ?? '';
  return `${className} ${element.getAttribute?.('id') ?? ''}`.toLowerCase();
}

/** Which `CLASS_KEYWORDS` a `classAndId` value names, or null for none. */
function classKeywordSet(value: string): Uint8Array | null {
  if (value.trim().length < 2) return null;
  let set: Uint8Array | null = null;
  for (let index = 0; index < CLASS_KEYWORDS.length; index++) {
    if (value.includes(CLASS_KEYWORDS[index])) (set ??= new Uint8Array(CLASS_KEYWORDS.length))[index] = 1;
  }
  return set;
}

const POSITIVE_CLASS = /article|content|post|entry|main|story|text|body|blog|comment|description|doc/;
const NEGATIVE_CLASS = /nav|menu|footer|header|sidebar|widget|related|share|social|banner|breadcrumb|cookie|subscribe|newsletter|login|promo|sponsor|popup|modal|masthead|skip/;

/** Readability-like weight of a class/id: +1 for a content word, −1 for a boilerplate word. */
function classWeight(value: string): number {
  if (value.trim().length < 2) return 0;
  return (POSITIVE_CLASS.test(value) ? 1 : 0) - (NEGATIVE_CLASS.test(value) ? 1 : 0);
}

interface TextStats {
  words: number;
  stop: number;
  numbers: number;
  wordChars: number;
  upper: number;
}

function textStats(text: string): TextStats {
  let words = 0;
  let stop = 0;
  let numbers = 0;
  let wordChars = 0;
  let upper = 0;
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    const word = match[0];
    words++;
    wordChars += word.length;
    const first = word.charCodeAt(0);
    if (first >= 48 && first <= 57) numbers++;
    else if (first >= 65 && first <= 90) upper++;
    if (word.length <= 4 && STOPWORDS.has(word.toLowerCase())) stop++;
  }
  return { words, stop, numbers, wordChars, upper };
}

function countPunctuation(text: string): { punctuation: number; commas: number } {
  let punctuation = 0;
  let commas = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 44 || code === 0x3001 || code === 0xff0c) commas++;
    else if (code === 46 || code === 59 || code === 58 || code === 33 || code === 63 || code === 0x3002) punctuation++;
  }
  return { punctuation, commas };
}

const HEADING_LEVEL: Readonly<Record<string, number>> = Object.freeze({ h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 });

// Ancestor tags above a block, one bit each.
if (ANCESTOR_TAGS.length > 32) throw new Error('ANCESTOR_TAGS: at most 32 (one bit each)');
/** Distances to an ancestor class keyword stop growing here (1/60 is as good as none). */
const MAX_KEYWORD_DISTANCE = 60;

/**
 * Computes what the first-pass features of every unit of a block tree need; `row` writes a unit's
 * features. Memory is a few dozen bytes per block and per unit, plus one array of keyword depths per
 * block whose parent names a class keyword (the other blocks share their parent's).
 */
export function pageFeatures(tree: BlockTree): PageFeatures {
  const blocks = tree.blocks;
  const count = blocks.length;
  let unitCount = 0;
  for (let index = 0; index < count; index++) if (blocks[index].ownText) unitCount++;
  // Per unit and per block, all in one buffer (see `typedArrays`).
  const {
    words, stopWords, numbers, wordChars, upper, punctuationCount, commaCount, subWords, linkDensity, classWeights, ownKeywordSet, aboveSet, inTags, inBestBlock, bestDistance, classScore, ancestorScore, sameTagSiblings, siblingIndex, textChildren, pathIds, regionIds, ancestors, inBest, wordsBefore, charsBefore, sinceHeadingOf, headingLevelOf, titleOverlap,
  } = typedArrays({
    words: [Uint32Array, unitCount],
    stopWords: [Uint32Array, unitCount],
    numbers: [Uint32Array, unitCount],
    wordChars: [Uint32Array, unitCount],
    upper: [Uint32Array, unitCount],
    punctuationCount: [Uint32Array, unitCount],
    commaCount: [Uint32Array, unitCount],
    subWords: [Float64Array, count],
    linkDensity: [Float32Array, count],
    classWeights: [Int8Array, count],
    ownKeywordSet: [Int32Array, count],
    aboveSet: [Int32Array, count],
    inTags: [Uint32Array, count],
    inBestBlock: [Uint8Array, count],
    bestDistance: [Uint16Array, count],
    classScore: [Float32Array, count],
    ancestorScore: [Float64Array, count],
    sameTagSiblings: [Uint16Array, count],
    siblingIndex: [Uint16Array, count],
    textChildren: [Uint16Array, count],
    pathIds: [Int32Array, unitCount],
    regionIds: [Int32Array, unitCount],
    ancestors: [Int32Array, unitCount * 3],
    inBest: [Uint8Array, unitCount],
    wordsBefore: [Float64Array, unitCount],
    charsBefore: [Float64Array, unitCount],
    sinceHeadingOf: [Uint16Array, unitCount],
    headingLevelOf: [Uint8Array, unitCount],
    titleOverlap: [Float64Array, unitCount],
  } as const);
  // Needed only here: not kept with the rows, and referenced by no closure, so freed on return.
  const { ownWords, ownChars, subChars, subAnchor, container } = typedArrays({
    ownWords: [Uint32Array, count],
    ownChars: [Uint32Array, count],
    subChars: [Float64Array, count],
    subAnchor: [Float64Array, count],
    container: [Float64Array, count],
  } as const);
  const units: Block[] = new Array(unitCount);
  // Per unit: text statistics, read once. Per block: own words and chars, subtree words/chars/anchor chars.
  let pageWords = 0;
  let pageChars = 0;
  let pageAnchor = 0;
  let liWords = 0;
  let longBlocks = 0;
  for (let index = 0, u = 0; index < count; index++) {
    const block = blocks[index];
    const text = block.ownText;
    if (!text) continue;
    const stat = textStats(text);
    const { punctuation, commas } = countPunctuation(text);
    units[u] = block;
    words[u] = stat.words;
    stopWords[u] = stat.stop;
    numbers[u] = stat.numbers;
    wordChars[u] = stat.wordChars;
    upper[u] = stat.upper;
    punctuationCount[u] = punctuation;
    commaCount[u] = commas;
    u++;
    ownWords[index] = stat.words;
    ownChars[index] = text.length;
    pageWords += stat.words;
    pageChars += text.length;
    pageAnchor += Math.min(text.length, block.own.anchorTextLength);
    if (block.tag === 'li') liWords += stat.words;
    if (stat.words >= 30) longBlocks++;
  }
  for (let index = count - 1; index >= 0; index--) {
    const block = blocks[index];
    subWords[index] += ownWords[index];
    subChars[index] += ownChars[index];
    subAnchor[index] += Math.min(ownChars[index], block.own.anchorTextLength);
    const parent = block.parent;
    if (parent) {
      subWords[parent.index] += subWords[index];
      subChars[parent.index] += subChars[index];
      subAnchor[parent.index] += subAnchor[index];
    }
  }
  for (let index = 0; index < count; index++) linkDensity[index] = subChars[index] ? subAnchor[index] / subChars[index] : 0;

  // Readability-like container scores: each paragraph-like block gives its parent its score and its
  // grandparent half of it (Readability.js `_grabArticle`); candidates are damped by their link density.
  for (let index = 0, u = 0; index < count; index++) {
    const chars = ownChars[index];
    if (!chars) continue;
    const commas = commaCount[u++];
    if (chars < 25) continue;
    const block = blocks[index];
    const score = 1 + commas + Math.min(3, Math.floor(chars / 100));
    if (block.parent) container[block.parent.index] += score;
    if (block.parent?.parent) container[block.parent.parent.index] += score / 2;
  }
  let best = -1;
  let bestScore = 0;
  // Class keywords of each block: an index into `keywordSets`, −1 for none (most blocks).
  const keywordSets: Uint8Array[] = [];
  ownKeywordSet.fill(-1);
  for (let index = 0; index < count; index++) {
    const value = classAndId(blocks[index].element);
    classWeights[index] = classWeight(value);
    const keywords = classKeywordSet(value);
    if (keywords) ownKeywordSet[index] = keywordSets.push(keywords) - 1;
    if (container[index] === 0) continue;
    const score = (container[index] + classWeights[index] * 5) * (1 - (subChars[index] ? subAnchor[index] / subChars[index] : 0));
    container[index] = score;
    if (score > bestScore) {
      bestScore = score;
      best = index;
    }
  }

  // Inherited: ancestor class keywords (as the depth of the nearest ancestor naming each), ancestor tags,
  // inside the best container, container rank (the block's best-scoring ancestor against the page's best).
  const keywordCount = CLASS_KEYWORDS.length;
  // depthSets[aboveSet[b]][k]: 1 + depth of the nearest strict ancestor of b naming keyword k, 0 for none;
  // aboveSet[b] is −1 when no ancestor names a keyword. A block shares its parent's set unless the parent
  // names a keyword itself.
  const depthSets: Uint32Array[] = [];
  aboveSet.fill(-1);
  for (let index = 0; index < count; index++) {
    const block = blocks[index];
    const parent = block.parent;
    if (parent) {
      const p = parent.index;
      if (ownKeywordSet[p] >= 0) {
        const own = keywordSets[ownKeywordSet[p]];
        const next = aboveSet[p] >= 0 ? depthSets[aboveSet[p]].slice() : new Uint32Array(keywordCount);
        for (let k = 0; k < keywordCount; k++) if (own[k]) next[k] = parent.depth + 1;
        aboveSet[index] = depthSets.push(next) - 1;
      } else aboveSet[index] = aboveSet[p];
      let tags = inTags[p];
      const tagBit = ANCESTOR_TAGS.indexOf(parent.tag);
      if (tagBit >= 0) tags |= 1 << tagBit;
      inTags[index] = tags;
      inBestBlock[index] = inBestBlock[p] || (p === best ? 1 : 0);
      bestDistance[index] = inBestBlock[index] ? (p === best ? 1 : bestDistance[p] + 1) : 0;
      classScore[index] = classScore[p] * 0.7 + classWeights[p];
      ancestorScore[index] = Math.max(ancestorScore[p], container[p]);
    }
    if (index === best) inBestBlock[index] = 1;
    if (block.children.length) {
      const seen = new Map<string, number>();
      for (const child of block.children) seen.set(child.tag, (seen.get(child.tag) ?? 0) + 1);
      let position = 0;
      let withText = 0;
      for (const child of block.children) {
        sameTagSiblings[child.index] = Math.min(seen.get(child.tag) ?? 0, 65535);
        siblingIndex[child.index] = Math.min(position++, 65535);
        if (subWords[child.index] > 0) withText++;
      }
      textChildren[index] = Math.min(withText, 65535);
    }
  }

  // Path statistics, and what runs along the document: words and chars before, words since a heading.
  const pathIndex = new Map<string, number>();
  const pathCount: number[] = [];
  const pathWords: number[] = [];
  const regionIndex = new Map<string, number>();
  ancestors.fill(-1);
  const titleWords = new Set((tree.title.toLowerCase().match(WORD) ?? []));
  let maxDepth = 1;
  let runningWords = 0;
  let runningChars = 0;
  let sinceHeading = 1000;
  let headingLevel = 0;
  for (let u = 0; u < unitCount; u++) {
    const block = units[u];
    const index = block.index;
    let id = pathIndex.get(block.path);
    if (id === undefined) {
      id = pathCount.length;
      pathIndex.set(block.path, id);
      pathCount.push(0);
      pathWords.push(0);
    }
    pathIds[u] = id;
    pathCount[id]++;
    pathWords[id] += ownWords[index];
    const regionPath = block.parent ? block.parent.path : '';
    let region = regionIndex.get(regionPath);
    if (region === undefined) regionIndex.set(regionPath, (region = regionIndex.size));
    regionIds[u] = region;
    const parent = block.parent;
    const grand = parent?.parent ?? null;
    const great = grand?.parent ?? null;
    ancestors[u * 3] = parent ? parent.index : -1;
    ancestors[u * 3 + 1] = grand ? grand.index : -1;
    ancestors[u * 3 + 2] = great ? great.index : -1;
    inBest[u] = inBestBlock[index];
    maxDepth = Math.max(maxDepth, block.depth);
    const unitWords = words[u];
    const text = block.ownText;
    if (unitWords > 0 && unitWords <= 40 && titleWords.size) {
      let overlap = 0;
      WORD.lastIndex = 0;
      for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) if (titleWords.has(match[0].toLowerCase())) overlap++;
      titleOverlap[u] = overlap / unitWords;
    }
    wordsBefore[u] = runningWords;
    charsBefore[u] = runningChars;
    sinceHeadingOf[u] = Math.min(sinceHeading, 1000);
    const level = HEADING_LEVEL[block.tag] ?? 0;
    headingLevelOf[u] = level || headingLevel;
    runningWords += unitWords;
    runningChars += text.length;
    if (level) {
      sinceHeading = 0;
      headingLevel = level;
    } else sinceHeading += unitWords;
  }

  const pageLinkDensity = pageChars ? pageAnchor / pageChars : 0;
  const inBase = TAG_BASE + TAG_GROUPS.length + 1;
  const clsBase = inBase + ANCESTOR_TAGS.length;
  const ancBase = clsBase + keywordCount;
  const bestDensity = best >= 0 ? linkDensity[best] : 0;
  const bestShare = best >= 0 && pageWords ? subWords[best] / pageWords : 0;
  const row = (u: number, f: Float32Array, offset = 0): void => {
    const block = units[u];
    const index = block.index;
    const text = block.ownText;
    const chars = text.length;
    const unitWords = words[u];
    const parent = block.parent;
    const grand = parent?.parent ?? null;
    const great = grand?.parent ?? null;
    const level = HEADING_LEVEL[block.tag] ?? 0;
    const path = pathIds[u];
    const at = offset;
    f[at + 0] = unitWords;
    f[at + 1] = Math.log2(1 + unitWords);
    f[at + 2] = chars;
    f[at + 3] = chars ? Math.min(1, block.own.anchorTextLength / chars) : 0;
    f[at + 4] = block.own.links;
    f[at + 5] = block.own.images;
    f[at + 6] = block.own.forms;
    f[at + 7] = chars ? punctuationCount[u] / chars : 0;
    f[at + 8] = unitWords ? commaCount[u] / unitWords : 0;
    f[at + 9] = SENTENCE_END.test(text) ? 1 : 0;
    f[at + 10] = unitWords ? stopWords[u] / unitWords : 0;
    f[at + 11] = unitWords ? numbers[u] / unitWords : 0;
    f[at + 12] = CAPITAL_START.test(text) ? 1 : 0;
    f[at + 13] = unitWords ? wordChars[u] / unitWords : 0;
    f[at + 14] = unitWords ? upper[u] / unitWords : 0;
    f[at + 15] = block.depth;
    f[at + 16] = block.depth / maxDepth;
    f[at + 17] = unitCount > 1 ? u / (unitCount - 1) : 0;
    f[at + 18] = pageChars ? charsBefore[u] / pageChars : 0;
    f[at + 19] = Math.log2(1 + wordsBefore[u]);
    f[at + 20] = Math.log2(1 + pageWords - wordsBefore[u] - unitWords);
    f[at + 21] = Math.log2(1 + subWords[index]);
    f[at + 22] = linkDensity[index];
    f[at + 23] = parent ? Math.log2(1 + subWords[parent.index]) : 0;
    f[at + 24] = parent ? linkDensity[parent.index] : 0;
    f[at + 25] = parent ? parent.children.length : 0;
    f[at + 26] = parent ? textChildren[parent.index] : 0;
    f[at + 27] = grand ? Math.log2(1 + subWords[grand.index]) : 0;
    f[at + 28] = grand ? linkDensity[grand.index] : 0;
    f[at + 29] = great ? Math.log2(1 + subWords[great.index]) : 0;
    f[at + 30] = great ? linkDensity[great.index] : 0;
    f[at + 31] = parent && pageWords ? subWords[parent.index] / pageWords : 0;
    f[at + 32] = grand && pageWords ? subWords[grand.index] / pageWords : 0;
    f[at + 33] = great && pageWords ? subWords[great.index] / pageWords : 0;
    f[at + 34] = sameTagSiblings[index];
    f[at + 35] = siblingIndex[index];
    f[at + 36] = pathCount[path];
    f[at + 37] = pageWords ? pathWords[path] / pageWords : 0;
    f[at + 38] = pathWords[path] / pathCount[path];
    f[at + 39] = sinceHeadingOf[u];
    f[at + 40] = headingLevelOf[u];
    f[at + 41] = titleOverlap[u];
    f[at + 42] = level > 0 && titleOverlap[u] >= 0.6 ? 1 : 0;
    f[at + 43] = inBest[u];
    f[at + 44] = bestShare;
    f[at + 45] = bestDistance[index];
    f[at + 46] = bestDensity;
    f[at + 47] = Math.log2(1 + Math.max(0, ancestorScore[index]));
    f[at + 48] = bestScore > 0 ? Math.max(0, ancestorScore[index]) / bestScore : 0;
    f[at + 49] = Math.log2(1 + pageWords);
    f[at + 50] = pageLinkDensity;
    f[at + 51] = Math.log2(1 + unitCount);
    f[at + 52] = pageWords ? liWords / pageWords : 0;
    f[at + 53] = longBlocks;
    f[at + 54] = classScore[index] + classWeights[index];
    f.fill(0, at + TAG_BASE, at + inBase);
    const group = TAG_GROUPS.indexOf(block.tag);
    f[at + TAG_BASE + (group >= 0 ? group : TAG_GROUPS.length)] = 1;
    const tags = inTags[index];
    for (let t = 0; t < ANCESTOR_TAGS.length; t++) f[at + inBase + t] = (tags >>> t) & 1;
    const own = ownKeywordSet[index] >= 0 ? keywordSets[ownKeywordSet[index]] : null;
    const above = aboveSet[index] >= 0 ? depthSets[aboveSet[index]] : null;
    for (let k = 0; k < keywordCount; k++) {
      f[at + clsBase + k] = own && own[k] ? 1 : 0;
      const holder = above ? above[k] : 0;
      f[at + ancBase + k] = holder ? 1 / Math.min(block.depth + 1 - holder, MAX_KEYWORD_DISTANCE) : 0;
    }
  };
  return { units, words, ancestors, pathIds, regionIds, inBest, best, blockCount: count, row };
}

export const CONTEXT_FEATURE_COUNT = CONTEXT_FEATURE_NAMES.length;

/** What the second pass's context features are computed from: a page's unit structure (see `PageFeatures`). */
export type ContextInput = Pick<PageFeatures, 'words' | 'ancestors' | 'pathIds' | 'regionIds' | 'inBest' | 'blockCount'>;

/** The arrays `contextRows` sums into. */
export type ContextScratch = ReturnType<typeof contextScratch>;

/**
 * Allocates what `contextRows` needs for a page, in one buffer; `scoreTree` takes it before the first
 * pass, beside the page's other arrays (see `typedArrays`), rather than half-way through scoring.
 */
export function contextScratch(features: ContextInput) {
  const { words, pathIds, regionIds, blockCount } = features;
  const n = words.length;
  let paths = 0;
  let regions = 0;
  for (let u = 0; u < n; u++) {
    paths = Math.max(paths, pathIds[u] + 1);
    regions = Math.max(regions, regionIds[u] + 1);
  }
  // Word-weighted sums of p over the units under each block (through up to three ancestor levels), per
  // path and region, and along the document.
  return typedArrays({
    sum: [Float64Array, blockCount],
    weight: [Float64Array, blockCount],
    pathSum: [Float64Array, paths],
    pathWeight: [Float64Array, paths],
    regionMax: [Float64Array, regions],
    prefix: [Float64Array, n + 1],
    prefixWeight: [Float64Array, n + 1],
  } as const);
}

/** Units on either side whose probabilities enter `pWindow`. */
const CONTEXT_WINDOW = 4;

/**
 * Second-pass context features from first-pass probabilities `p` of the units: neighbours, the blocks
 * above (word-weighted means over their units), units on the same path and the best container. The page's
 * sums are taken once; `row` writes one unit's `CONTEXT_FEATURE_COUNT` values.
 */
export function contextRows(features: ContextInput, p: Float32Array, scratch: ContextScratch = contextScratch(features)): FeatureRows {
  const { words, ancestors, pathIds, regionIds, inBest } = features;
  const n = words.length;
  const { sum, weight, pathSum, pathWeight, regionMax, prefix, prefixWeight } = scratch;
  for (const array of [sum, weight, pathSum, pathWeight, regionMax, prefix, prefixWeight]) array.fill(0);
  let pageSum = 0;
  let pageWeight = 0;
  let bestSum = 0;
  let bestWeight = 0;
  for (let u = 0; u < n; u++) {
    const w = words[u] + 1;
    const value = p[u] * w;
    for (let level = 0; level < 3; level++) {
      const a = ancestors[u * 3 + level];
      if (a < 0) break;
      sum[a] += value;
      weight[a] += w;
    }
    pathSum[pathIds[u]] += value;
    pathWeight[pathIds[u]] += w;
    regionMax[regionIds[u]] = Math.max(regionMax[regionIds[u]], p[u]);
    pageSum += value;
    pageWeight += w;
    if (inBest[u]) {
      bestSum += value;
      bestWeight += w;
    }
  }
  for (let u = 0; u < n; u++) {
    const w = words[u] + 1;
    prefix[u + 1] = prefix[u] + p[u] * w;
    prefixWeight[u + 1] = prefixWeight[u] + w;
  }
  const bestMean = bestWeight > 0 ? bestSum / bestWeight : -1;
  const pageMean = pageWeight > 0 ? pageSum / pageWeight : 0;
  const row = (u: number, out: Float32Array, at = 0): void => {
    const w = words[u] + 1;
    const self = p[u] * w;
    out[at + 0] = p[u];
    out[at + 1] = u > 0 ? p[u - 1] : -1;
    out[at + 2] = u > 1 ? p[u - 2] : -1;
    out[at + 3] = u + 1 < n ? p[u + 1] : -1;
    out[at + 4] = u + 2 < n ? p[u + 2] : -1;
    const lo = Math.max(0, u - CONTEXT_WINDOW);
    const hi = Math.min(n, u + CONTEXT_WINDOW + 1);
    const windowWeight = prefixWeight[hi] - prefixWeight[lo] - w;
    out[at + 5] = windowWeight > 0 ? (prefix[hi] - prefix[lo] - self) / windowWeight : -1;
    for (let level = 0; level < 3; level++) {
      const a = ancestors[u * 3 + level];
      const rest = a >= 0 ? weight[a] - w : 0;
      out[at + 6 + level] = a >= 0 && rest > 0 ? (sum[a] - self) / rest : -1;
    }
    const path = pathIds[u];
    out[at + 9] = pathWeight[path] - w > 0 ? (pathSum[path] - self) / (pathWeight[path] - w) : -1;
    out[at + 10] = bestMean;
    out[at + 11] = pageMean;
    out[at + 12] = regionMax[regionIds[u]];
    out[at + 13] = inBest[u];
  };
  return { row };
}

/** Every unit's context features as one row-major matrix, `units × CONTEXT_FEATURE_COUNT` (for training). */
export function contextFeatures(features: ContextInput, p: Float32Array): Float32Array {
  const rows = contextRows(features, p);
  const out = new Float32Array(features.words.length * CONTEXT_FEATURE_COUNT);
  for (let u = 0; u < features.words.length; u++) rows.row(u, out, u * CONTEXT_FEATURE_COUNT);
  return out;
}
