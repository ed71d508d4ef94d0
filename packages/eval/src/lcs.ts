import { tokenizeWords } from '@winnow/dom-blocks';

export interface WordScores {
  precision: number;
  recall: number;
  f1: number;
  /** Length of the longest common subsequence of the two word sequences. */
  lcs: number;
  extractedWords: number;
  goldWords: number;
}

/**
 * Length of the longest common subsequence of two sequences of word ids, exact, by Hyyrö's bit-parallel
 * algorithm ("Bit-parallel LCS-length computation revisited", 2004): O(n·m/32) time, O(m/32) words of state
 * per distinct symbol of `a` — no n×m table. Two 50,000-word texts take a fraction of a second.
 */
export function lcsLength(a: readonly number[], b: readonly number[]): number {
  // Common prefix and suffix are part of every LCS: strip them first (cheap, often most of the text).
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const shared = start + (a.length - endA);
  const rows = a.slice(start, endA);
  const columns = b.slice(start, endB);
  if (rows.length === 0 || columns.length === 0) return shared;

  const wordCount = Math.ceil(columns.length / 32);
  // Match masks only for the symbols of `columns` that also occur in `rows`.
  const inRows = new Set(rows);
  const masks = new Map<number, Uint32Array>();
  for (let index = 0; index < columns.length; index++) {
    const symbol = columns[index];
    if (!inRows.has(symbol)) continue;
    let mask = masks.get(symbol);
    if (!mask) {
      mask = new Uint32Array(wordCount);
      masks.set(symbol, mask);
    }
    mask[index >>> 5] |= 1 << (index & 31);
  }
  const vector = new Uint32Array(wordCount).fill(0xffffffff);
  for (const symbol of rows) {
    const mask = masks.get(symbol);
    if (!mask) continue; // U = V & 0 = 0 leaves V unchanged.
    let carry = 0;
    let borrow = 0;
    for (let word = 0; word < wordCount; word++) {
      const v = vector[word];
      const u = (v & mask[word]) >>> 0;
      const sum = v + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      const difference = v - u - borrow;
      borrow = difference < 0 ? 1 : 0;
      vector[word] = ((sum >>> 0) | (difference >>> 0)) >>> 0;
    }
  }
  let zeros = 0;
  for (let index = 0; index < columns.length; index++) {
    if ((vector[index >>> 5] & (1 << (index & 31))) === 0) zeros++;
  }
  return shared + zeros;
}

/** Maps words to small integer ids shared by both texts. */
function toIds(words: readonly string[], ids: Map<string, number>): number[] {
  return words.map((word) => {
    let id = ids.get(word);
    if (id === undefined) {
      id = ids.size;
      ids.set(word, id);
    }
    return id;
  });
}

/** F1 as the harmonic mean of precision and recall (0 when both are 0). */
export function harmonicMean(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/**
 * Word-level precision, recall and F1 on the longest common subsequence of the extracted and the gold
 * word sequences (Gottron 2008 §7, San & Aye §VI.E), words from the shared `tokenizeWords`.
 * Conventions: both empty → 1/1/1; an empty extraction → precision 0; an empty gold → recall 0 unless both are empty.
 */
export function lcsWordScores(extracted: string, gold: string): WordScores {
  const ids = new Map<string, number>();
  const extractedIds = toIds(tokenizeWords(extracted), ids);
  const goldIds = toIds(tokenizeWords(gold), ids);
  const extractedWords = extractedIds.length;
  const goldWords = goldIds.length;
  if (extractedWords === 0 && goldWords === 0) return { precision: 1, recall: 1, f1: 1, lcs: 0, extractedWords, goldWords };
  const lcs = lcsLength(extractedIds, goldIds);
  const precision = extractedWords ? lcs / extractedWords : 0;
  const recall = goldWords ? lcs / goldWords : 0;
  return { precision, recall, f1: harmonicMean(precision, recall), lcs, extractedWords, goldWords };
}
