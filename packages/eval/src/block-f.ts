import { buildBlockTree, parseHtml, tokenizeWords, type LabelledBlock } from '@winnow/dom-blocks';
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

function scoresOf(correct: number, extracted: number, actual: number): BlockScores {
  const precision = extracted ? correct / extracted : actual ? 0 : 1;
  const recall = actual ? correct / actual : 1;
  return { precision, recall, f1: harmonicMean(precision, recall), correct, extracted, actual };
}

/**
 * Block-level precision, recall and F-measure of Nguyen et al. 2009 §IV.B (after Debnath et al.) over an
 * extractor's **own** blocks: recall is the share of the actual content blocks among them that it labelled
 * content, precision the share of its content blocks that are content. Blocks without words are ignored.
 * Only comparable between extractors that label the same units (CE and FastCE on one page); across
 * extractors use `pageBlockScores`.
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
  return scoresOf(correct, extracted, actual);
}

/**
 * Block-level precision, recall and F over the **page's** blocks, the same units for every extractor: each
 * block of the page's block tree with words (its own text, Nguyen et al. 2009 Fig. 3) is truly content when it runs
 * through the gold, and counts as extracted when it runs through the extracted text (the same test as
 * `isGoldBlock`). An empty extraction has recall 0; extractors that return only what they keep
 * (Readability) are scored on the same footing as those that label every block.
 */
export function pageBlockScores(html: string | Uint8Array, extracted: string, gold: string | GoldIndex): BlockScores {
  const goldIndex = typeof gold === 'string' ? indexGold(gold) : gold;
  const extractedIndex = indexGold(extracted);
  let correct = 0;
  let kept = 0;
  let actual = 0;
  for (const block of buildBlockTree(parseHtml(html)).blocks) {
    if (!block.ownText) continue;
    const truth = isGoldBlock(block.ownText, goldIndex);
    const isKept = isGoldBlock(block.ownText, extractedIndex);
    if (truth) actual++;
    if (isKept) kept++;
    if (truth && isKept) correct++;
  }
  return scoresOf(correct, kept, actual);
}
