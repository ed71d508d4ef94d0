import { tokenizeWords, type LabelledBlock } from '@winnow/dom-blocks';
import { harmonicMean } from './lcs.js';

/**
 * A block counts as truly content when its words run through the gold text: for blocks of at least
 * `BLOCK_MATCH_SHINGLE` words, at least `BLOCK_MATCH_SHARE` of its word trigrams occur in the gold;
 * shorter blocks must occur in the gold as a contiguous word sequence. Chosen so that navigation words
 * that also appear in an article ("Home", "News") do not make a menu a content block.
 */
export const BLOCK_MATCH_SHINGLE = 3;
export const BLOCK_MATCH_SHARE = 0.5;

export interface BlockScores {
  precision: number;
  recall: number;
  f1: number;
  /** Blocks labelled content that are truly content. */
  correct: number;
  /** Blocks labelled content. */
  extracted: number;
  /** Blocks that are truly content. */
  actual: number;
}

export interface GoldIndex {
  shingles: Set<string>;
  /** The gold's words joined with single spaces, padded, for contiguous-sequence lookups. */
  joined: string;
}

export function indexGold(gold: string): GoldIndex {
  const words = tokenizeWords(gold);
  const shingles = new Set<string>();
  for (let index = 0; index + BLOCK_MATCH_SHINGLE <= words.length; index++) {
    shingles.add(words.slice(index, index + BLOCK_MATCH_SHINGLE).join(' '));
  }
  return { shingles, joined: ` ${words.join(' ')} ` };
}

/** Whether a block's text belongs to the gold (see `BLOCK_MATCH_SHARE`). */
export function isGoldBlock(text: string, gold: GoldIndex): boolean {
  const words = tokenizeWords(text);
  if (words.length === 0) return false;
  if (words.length < BLOCK_MATCH_SHINGLE) return gold.joined.includes(` ${words.join(' ')} `);
  let found = 0;
  const total = words.length - BLOCK_MATCH_SHINGLE + 1;
  for (let index = 0; index < total; index++) {
    if (gold.shingles.has(words.slice(index, index + BLOCK_MATCH_SHINGLE).join(' '))) found++;
  }
  return found / total >= BLOCK_MATCH_SHARE;
}

/**
 * Block-level precision, recall and F-measure of paper 000 §IV.B (after Debnath et al.): recall is the
 * share of the actual content blocks that were extracted, precision the share of extracted blocks that
 * are content. Blocks without words are ignored.
 */
export function blockScores(blocks: readonly LabelledBlock[], gold: string | GoldIndex): BlockScores {
  const index = typeof gold === 'string' ? indexGold(gold) : gold;
  let correct = 0;
  let extracted = 0;
  let actual = 0;
  for (const block of blocks) {
    if (tokenizeWords(block.text).length === 0) continue;
    const truth = isGoldBlock(block.text, index);
    const kept = block.label === 'content';
    if (truth) actual++;
    if (kept) extracted++;
    if (truth && kept) correct++;
  }
  const precision = extracted ? correct / extracted : actual ? 0 : 1;
  const recall = actual ? correct / actual : 1;
  return { precision, recall, f1: harmonicMean(precision, recall), correct, extracted, actual };
}
