import type { Block, BlockTree } from '@winnow/dom-blocks';

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
const IN_BEST_COLUMN = FEATURE_NAMES.indexOf('inBest');

/** Names of the context features the second pass adds to the first pass's (see `contextFeatures`). */
export const CONTEXT_FEATURE_NAMES: readonly string[] = Object.freeze([
  'p', 'pPrev', 'pPrev2', 'pNext', 'pNext2', 'pWindow', 'pParent', 'pGrand', 'pGreat', 'pSamePath', 'pBest', 'pPage',
  'pRegionMax', 'inBest',
]);

/** What the feature pass keeps for the second pass and for labelling. */
export interface PageFeatures {
  /** The labelled units: blocks with own text, in document order. */
  units: Block[];
  /** Row-major, `units.length × FEATURE_COUNT`. */
  matrix: Float32Array;
  /** Own words of each unit. */
  words: Uint32Array;
  /** For each unit, the index of its parent, grandparent, great-grandparent block (−1 at the top). */
  ancestors: Int32Array;
  /** For each unit, an id of its path among the page's units. */
  pathIds: Int32Array;
  /** For each unit, an id of its parent path (the region it sits in). */
  regionIds: Int32Array;
  /** Block index of the best container, −1 when none. */
  best: number;
  /** Number of blocks in the tree. */
  blockCount: number;
}

/**
 * An element's `class` and `id`, lower-cased. The class is read from its attribute node: the same
 * keywords are found in it, without the class list a DOM may build for `getAttribute('class')` (linkedom
 * does, at a cost larger than the rest of this function).
 */
function classAndId(element: Element): string {
  const className = element.getAttributeNode?.('class')?.value ?? '';
  return `${className} ${element.getAttribute?.('id') ?? ''}`.toLowerCase();
}

function classKeywordSet(element: Element): Uint8Array | null {
  const value = classAndId(element);
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
function classWeight(element: Element): number {
  const value = classAndId(element);
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

/** Computes the first-pass features of every unit of a block tree. */
export function pageFeatures(tree: BlockTree): PageFeatures {
  const blocks = tree.blocks;
  const count = blocks.length;
  // Per block: own words, own chars, subtree words/chars/anchor chars, inherited flags.
  const ownWords = new Uint32Array(count);
  const ownChars = new Uint32Array(count);
  const subWords = new Float64Array(count);
  const subChars = new Float64Array(count);
  const subAnchor = new Float64Array(count);
  const stats: (TextStats | null)[] = new Array(count).fill(null);
  let pageWords = 0;
  let pageChars = 0;
  let pageAnchor = 0;
  let liWords = 0;
  let longBlocks = 0;
  for (let index = 0; index < count; index++) {
    const block = blocks[index];
    const text = block.ownText;
    if (!text) continue;
    const stat = textStats(text);
    stats[index] = stat;
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

  // Readability-like container scores: each paragraph-like block gives its parent its score and its
  // grandparent half of it (Readability.js `_grabArticle`); candidates are damped by their link density.
  const container = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    const chars = ownChars[index];
    if (chars < 25) continue;
    const block = blocks[index];
    const { commas } = countPunctuation(block.ownText);
    const score = 1 + commas + Math.min(3, Math.floor(chars / 100));
    if (block.parent) container[block.parent.index] += score;
    if (block.parent?.parent) container[block.parent.parent.index] += score / 2;
  }
  let best = -1;
  let bestScore = 0;
  const classWeights = new Int8Array(count);
  for (let index = 0; index < count; index++) {
    classWeights[index] = classWeight(blocks[index].element);
    if (container[index] === 0) continue;
    const linkDensity = subChars[index] ? subAnchor[index] / subChars[index] : 0;
    const score = (container[index] + classWeights[index] * 5) * (1 - linkDensity);
    container[index] = score;
    if (score > bestScore) {
      bestScore = score;
      best = index;
    }
  }
  // Container rank: how the block's best-scoring ancestor compares with the best of the page.
  const ancestorScore = new Float64Array(count);

  // Inherited: nearest ancestor distance for each class keyword, ancestor tags, inside best container.
  const keywordCount = CLASS_KEYWORDS.length;
  const ownKeywords: (Uint8Array | null)[] = new Array(count).fill(null);
  const nearest = new Uint16Array(count * keywordCount); // 0 = none, else distance (1 = parent)
  const inTags = new Uint8Array(count * ANCESTOR_TAGS.length);
  const inBest = new Uint8Array(count);
  const bestDistance = new Uint16Array(count);
  const classScore = new Float32Array(count);
  const sameTagSiblings = new Uint16Array(count);
  const siblingIndex = new Uint16Array(count);
  const textChildren = new Uint16Array(count);
  for (let index = 0; index < count; index++) {
    const block = blocks[index];
    ownKeywords[index] = classKeywordSet(block.element);
    const parent = block.parent;
    if (parent) {
      const p = parent.index;
      const own = ownKeywords[p];
      for (let k = 0; k < keywordCount; k++) {
        const inherited = nearest[p * keywordCount + k];
        nearest[index * keywordCount + k] = own && own[k] ? 1 : inherited ? Math.min(inherited + 1, 60) : 0;
      }
      for (let t = 0; t < ANCESTOR_TAGS.length; t++) {
        inTags[index * ANCESTOR_TAGS.length + t] = inTags[p * ANCESTOR_TAGS.length + t] || (parent.tag === ANCESTOR_TAGS[t] ? 1 : 0);
      }
      inBest[index] = inBest[p] || (p === best ? 1 : 0);
      bestDistance[index] = inBest[index] ? (p === best ? 1 : bestDistance[p] + 1) : 0;
      classScore[index] = classScore[p] * 0.7 + classWeights[p];
      ancestorScore[index] = Math.max(ancestorScore[p], container[p]);
    }
    if (index === best) inBest[index] = 1;
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

  // Units and path statistics.
  const units: Block[] = [];
  for (let index = 0; index < count; index++) if (ownWords[index] > 0 || ownChars[index] > 0) units.push(blocks[index]);
  const unitCount = units.length;
  const pathIndex = new Map<string, number>();
  const pathCount: number[] = [];
  const pathWords: number[] = [];
  const regionIndex = new Map<string, number>();
  const pathIds = new Int32Array(unitCount);
  const regionIds = new Int32Array(unitCount);
  for (let u = 0; u < unitCount; u++) {
    const block = units[u];
    let id = pathIndex.get(block.path);
    if (id === undefined) {
      id = pathCount.length;
      pathIndex.set(block.path, id);
      pathCount.push(0);
      pathWords.push(0);
    }
    pathIds[u] = id;
    pathCount[id]++;
    pathWords[id] += ownWords[block.index];
    const regionPath = block.parent ? block.parent.path : '';
    let region = regionIndex.get(regionPath);
    if (region === undefined) regionIndex.set(regionPath, (region = regionIndex.size));
    regionIds[u] = region;
  }

  const titleWords = new Set((tree.title.toLowerCase().match(WORD) ?? []));
  const matrix = new Float32Array(unitCount * FEATURE_COUNT);
  const words = new Uint32Array(unitCount);
  const ancestors = new Int32Array(unitCount * 3).fill(-1);
  const pageLinkDensity = pageChars ? pageAnchor / pageChars : 0;
  const maxDepth = units.reduce((max, block) => Math.max(max, block.depth), 1);
  const tagBase = TAG_BASE;
  const inBase = tagBase + TAG_GROUPS.length + 1;
  const clsBase = inBase + ANCESTOR_TAGS.length;
  const ancBase = clsBase + keywordCount;
  let wordsBefore = 0;
  let charsBefore = 0;
  let sinceHeading = 1000;
  let headingLevel = 0;
  for (let u = 0; u < unitCount; u++) {
    const block = units[u];
    const index = block.index;
    const row = u * FEATURE_COUNT;
    const stat = stats[index] ?? { words: 0, stop: 0, numbers: 0, wordChars: 0, upper: 0 };
    const text = block.ownText;
    const chars = text.length;
    const unitWords = stat.words;
    words[u] = unitWords;
    const { punctuation, commas } = countPunctuation(text);
    const parent = block.parent;
    const grand = parent?.parent ?? null;
    const great = grand?.parent ?? null;
    ancestors[u * 3] = parent ? parent.index : -1;
    ancestors[u * 3 + 1] = grand ? grand.index : -1;
    ancestors[u * 3 + 2] = great ? great.index : -1;
    const density = (b: Block | null) => (b && subChars[b.index] ? subAnchor[b.index] / subChars[b.index] : 0);
    const level = HEADING_LEVEL[block.tag] ?? 0;
    let overlap = 0;
    if (unitWords > 0 && unitWords <= 40 && titleWords.size) {
      WORD.lastIndex = 0;
      for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) if (titleWords.has(match[0].toLowerCase())) overlap++;
      overlap /= unitWords;
    }
    const f = matrix;
    f[row + 0] = unitWords;
    f[row + 1] = Math.log2(1 + unitWords);
    f[row + 2] = chars;
    f[row + 3] = chars ? Math.min(1, block.own.anchorTextLength / chars) : 0;
    f[row + 4] = block.own.links;
    f[row + 5] = block.own.images;
    f[row + 6] = block.own.forms;
    f[row + 7] = chars ? punctuation / chars : 0;
    f[row + 8] = unitWords ? commas / unitWords : 0;
    f[row + 9] = SENTENCE_END.test(text) ? 1 : 0;
    f[row + 10] = unitWords ? stat.stop / unitWords : 0;
    f[row + 11] = unitWords ? stat.numbers / unitWords : 0;
    f[row + 12] = /^\p{Lu}/u.test(text) ? 1 : 0;
    f[row + 13] = unitWords ? stat.wordChars / unitWords : 0;
    f[row + 14] = unitWords ? stat.upper / unitWords : 0;
    f[row + 15] = block.depth;
    f[row + 16] = block.depth / maxDepth;
    f[row + 17] = unitCount > 1 ? u / (unitCount - 1) : 0;
    f[row + 18] = pageChars ? charsBefore / pageChars : 0;
    f[row + 19] = Math.log2(1 + wordsBefore);
    f[row + 20] = Math.log2(1 + pageWords - wordsBefore - unitWords);
    f[row + 21] = Math.log2(1 + subWords[index]);
    f[row + 22] = density(block);
    f[row + 23] = parent ? Math.log2(1 + subWords[parent.index]) : 0;
    f[row + 24] = density(parent);
    f[row + 25] = parent ? parent.children.length : 0;
    f[row + 26] = parent ? textChildren[parent.index] : 0;
    f[row + 27] = grand ? Math.log2(1 + subWords[grand.index]) : 0;
    f[row + 28] = density(grand);
    f[row + 29] = great ? Math.log2(1 + subWords[great.index]) : 0;
    f[row + 30] = density(great);
    f[row + 31] = parent && pageWords ? subWords[parent.index] / pageWords : 0;
    f[row + 32] = grand && pageWords ? subWords[grand.index] / pageWords : 0;
    f[row + 33] = great && pageWords ? subWords[great.index] / pageWords : 0;
    f[row + 34] = sameTagSiblings[index];
    f[row + 35] = siblingIndex[index];
    f[row + 36] = pathCount[pathIds[u]];
    f[row + 37] = pageWords ? pathWords[pathIds[u]] / pageWords : 0;
    f[row + 38] = pathWords[pathIds[u]] / pathCount[pathIds[u]];
    f[row + 39] = Math.min(sinceHeading, 1000);
    f[row + 40] = level || headingLevel;
    f[row + 41] = overlap;
    f[row + 42] = level > 0 && overlap >= 0.6 ? 1 : 0;
    f[row + 43] = inBest[index];
    f[row + 44] = best >= 0 && pageWords ? subWords[best] / pageWords : 0;
    f[row + 45] = bestDistance[index];
    f[row + 46] = best >= 0 ? density(blocks[best]) : 0;
    f[row + 47] = Math.log2(1 + Math.max(0, ancestorScore[index]));
    f[row + 48] = bestScore > 0 ? Math.max(0, ancestorScore[index]) / bestScore : 0;
    f[row + 49] = Math.log2(1 + pageWords);
    f[row + 50] = pageLinkDensity;
    f[row + 51] = Math.log2(1 + unitCount);
    f[row + 52] = pageWords ? liWords / pageWords : 0;
    f[row + 53] = longBlocks;
    f[row + 54] = classScore[index] + classWeights[index];
    const group = TAG_GROUPS.indexOf(block.tag);
    f[row + tagBase + (group >= 0 ? group : TAG_GROUPS.length)] = 1;
    for (let t = 0; t < ANCESTOR_TAGS.length; t++) f[row + inBase + t] = inTags[index * ANCESTOR_TAGS.length + t];
    const own = ownKeywords[index];
    for (let k = 0; k < keywordCount; k++) {
      f[row + clsBase + k] = own && own[k] ? 1 : 0;
      const distance = nearest[index * keywordCount + k];
      f[row + ancBase + k] = distance ? 1 / distance : 0;
    }
    wordsBefore += unitWords;
    charsBefore += chars;
    if (level) {
      sinceHeading = 0;
      headingLevel = level;
    } else sinceHeading += unitWords;
  }
  return { units, matrix, words, ancestors, pathIds, regionIds, best, blockCount: count };
}

export const CONTEXT_FEATURE_COUNT = CONTEXT_FEATURE_NAMES.length;

/**
 * Second-pass context features from first-pass probabilities `p` of the units: neighbours, the blocks
 * above (word-weighted means over their units), units on the same path and the best container.
 */
export function contextFeatures(features: Omit<PageFeatures, 'units' | 'best'>, p: Float32Array): Float32Array {
  const { words, ancestors, pathIds, regionIds, blockCount, matrix } = features;
  const n = words.length;
  const out = new Float32Array(n * CONTEXT_FEATURE_COUNT);
  // Word-weighted sums of p over the units under each block (through up to three ancestor levels).
  const sum = new Float64Array(blockCount);
  const weight = new Float64Array(blockCount);
  const pathSum = new Map<number, [number, number]>();
  const regionMax = new Map<number, number>();
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
    const entry = pathSum.get(pathIds[u]);
    if (entry) {
      entry[0] += value;
      entry[1] += w;
    } else pathSum.set(pathIds[u], [value, w]);
    regionMax.set(regionIds[u], Math.max(regionMax.get(regionIds[u]) ?? 0, p[u]));
    pageSum += value;
    pageWeight += w;
    if (matrix[u * FEATURE_COUNT + IN_BEST_COLUMN]) {
      bestSum += value;
      bestWeight += w;
    }
  }
  const prefix = new Float64Array(n + 1);
  const prefixWeight = new Float64Array(n + 1);
  for (let u = 0; u < n; u++) {
    const w = words[u] + 1;
    prefix[u + 1] = prefix[u] + p[u] * w;
    prefixWeight[u + 1] = prefixWeight[u] + w;
  }
  const WINDOW = 4;
  for (let u = 0; u < n; u++) {
    const row = u * CONTEXT_FEATURE_COUNT;
    const w = words[u] + 1;
    const self = p[u] * w;
    out[row + 0] = p[u];
    out[row + 1] = u > 0 ? p[u - 1] : -1;
    out[row + 2] = u > 1 ? p[u - 2] : -1;
    out[row + 3] = u + 1 < n ? p[u + 1] : -1;
    out[row + 4] = u + 2 < n ? p[u + 2] : -1;
    const lo = Math.max(0, u - WINDOW);
    const hi = Math.min(n, u + WINDOW + 1);
    const windowWeight = prefixWeight[hi] - prefixWeight[lo] - w;
    out[row + 5] = windowWeight > 0 ? (prefix[hi] - prefix[lo] - self) / windowWeight : -1;
    for (let level = 0; level < 3; level++) {
      const a = ancestors[u * 3 + level];
      const rest = a >= 0 ? weight[a] - w : 0;
      out[row + 6 + level] = a >= 0 && rest > 0 ? (sum[a] - self) / rest : -1;
    }
    const entry = pathSum.get(pathIds[u]) as [number, number];
    out[row + 9] = entry[1] - w > 0 ? (entry[0] - self) / (entry[1] - w) : -1;
    out[row + 10] = bestWeight > 0 ? bestSum / bestWeight : -1;
    out[row + 11] = pageWeight > 0 ? pageSum / pageWeight : 0;
    out[row + 12] = regionMax.get(regionIds[u]) ?? 0;
    out[row + 13] = matrix[u * FEATURE_COUNT + IN_BEST_COLUMN];
  }
  return out;
}
