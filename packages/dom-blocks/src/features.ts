import type { Block, BlockCounts } from './blocks.js';
import { tokenizeWords } from './tokenize.js';

/** The block features the papers share (Nguyen et al. 2009 §II, San & Aye §IV, Sano et al. 2013 §3.2). */
export interface BlockFeatures {
  /** Characters of whitespace-collapsed text. */
  textLength: number;
  wordCount: number;
  /** Elements, the block's own included. */
  tagCount: number;
  /** Characters of text inside links. */
  anchorTextLength: number;
  /** anchorTextLength / textLength (0 for a block without text). */
  linkDensity: number;
  images: number;
  scripts: number;
  links: number;
  forms: number;
}

/** `own`: the block without its sub-blocks (Nguyen et al. 2009 Fig. 3); `all`: sub-blocks included. */
export type FeatureScope = 'own' | 'all';

export function blockFeatures(block: Block, scope: FeatureScope = 'own'): BlockFeatures {
  const text = scope === 'own' ? block.ownText : block.text;
  const counts: BlockCounts = scope === 'own' ? block.own : block.total;
  const textLength = text.length;
  return {
    textLength,
    wordCount: tokenizeWords(text).length,
    tagCount: counts.tags,
    anchorTextLength: counts.anchorTextLength,
    linkDensity: textLength ? Math.min(1, counts.anchorTextLength / textLength) : 0,
    images: counts.images,
    scripts: counts.scripts,
    links: counts.links,
    forms: counts.forms,
  };
}

/**
 * The feature vector of ContentExtractor (Nguyen et al. 2009 §II): counts of images, scripts, links and forms,
 * and the frequency of every term. Sparse: keys `#images`, `#scripts`, `#links`, `#forms`, `w:<term>`.
 */
export function featureVector(block: Block, scope: FeatureScope = 'own'): Map<string, number> {
  const counts = scope === 'own' ? block.own : block.total;
  const vector = new Map<string, number>();
  if (counts.images) vector.set('#images', counts.images);
  if (counts.scripts) vector.set('#scripts', counts.scripts);
  if (counts.links) vector.set('#links', counts.links);
  if (counts.forms) vector.set('#forms', counts.forms);
  for (const word of tokenizeWords(scope === 'own' ? block.ownText : block.text)) {
    const key = `w:${word}`;
    vector.set(key, (vector.get(key) ?? 0) + 1);
  }
  return vector;
}

/** Cosine of two sparse vectors; 0 when either is empty, 1 for two empty vectors (they are alike). */
export function cosineSimilarity(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  if (a.size === 0 && b.size === 0) return 1;
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [key, value] of small) {
    const other = large.get(key);
    if (other !== undefined) dot += value * other;
  }
  let normA = 0;
  for (const value of a.values()) normA += value * value;
  let normB = 0;
  for (const value of b.values()) normB += value * value;
  return dot / Math.sqrt(normA * normB);
}
