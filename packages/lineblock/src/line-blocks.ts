import { tokenizeWords } from '@winnow/dom-blocks';
import type { SourceLine } from './scan.js';

/** A line-block (San & Aye §IV.A): text lines with at most `maxLineGap` empty lines between neighbours. */
export interface LineBlock {
  /** Position among the page's line-blocks. */
  index: number;
  /** Its text lines, in source order. */
  lines: SourceLine[];
  /** Characters of text (the lines' collapsed text, summed). */
  textLength: number;
  /** Characters of anchor text. */
  anchorLength: number;
  /** Tags from its first to its last text line, the empty lines between included. */
  tags: number;
  /** Text-to-tag ratio, text length / tags (§IV.A eq. 1); a block without tags counts one. */
  ttr: number;
  /** Anchor text-to-text ratio (§IV.A eq. 2). */
  attr: number;
  /** Title keyword density: occurrences of the title's keywords among the block's words (§IV.A). */
  tkd: number;
}

/**
 * The title's keywords (§IV.A: "Bladder cancer: Exciting drug break" → {bladder, cancer, exciting, drug,
 * break}): its words by the shared tokenizer, those shorter than `minKeywordLength` left out.
 */
export function titleKeywords(title: string, minKeywordLength = 1): Set<string> {
  return new Set(tokenizeWords(title).filter((word) => word.length >= minKeywordLength));
}

/** Merges text lines into line-blocks (§V Step 2) and computes TTR, ATTR and TKD for each (Step 3). */
export function buildLineBlocks(lines: readonly SourceLine[], keywords: ReadonlySet<string>, maxLineGap: number): LineBlock[] {
  const blocks: LineBlock[] = [];
  let current: LineBlock | null = null;
  let emptyLines = 0;
  let pendingTags = 0;
  for (const line of lines) {
    if (!line.text) {
      emptyLines++;
      pendingTags += line.tags;
      continue;
    }
    if (current && emptyLines <= maxLineGap) {
      current.lines.push(line);
      current.textLength += line.text.length;
      current.anchorLength += line.anchorLength;
      current.tags += pendingTags + line.tags;
    } else {
      current = { index: blocks.length, lines: [line], textLength: line.text.length, anchorLength: line.anchorLength, tags: line.tags, ttr: 0, attr: 0, tkd: 0 };
      blocks.push(current);
    }
    emptyLines = 0;
    pendingTags = 0;
  }
  for (const block of blocks) {
    block.ttr = block.textLength / Math.max(1, block.tags);
    block.attr = block.textLength ? block.anchorLength / block.textLength : 0;
    block.tkd = keywords.size ? keywordOccurrences(block, keywords) : 0;
  }
  return blocks;
}

function keywordOccurrences(block: LineBlock, keywords: ReadonlySet<string>): number {
  let count = 0;
  for (const line of block.lines) for (const word of tokenizeWords(line.text)) if (keywords.has(word)) count++;
  return count;
}

/** Mean and (population) standard deviation of a feature over the page's blocks (§IV.B). */
export function meanAndDeviation(values: readonly number[]): { mean: number; deviation: number } {
  if (!values.length) return { mean: 0, deviation: 0 };
  let sum = 0;
  for (const value of values) sum += value;
  const mean = sum / values.length;
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return { mean, deviation: Math.sqrt(squares / values.length) };
}
