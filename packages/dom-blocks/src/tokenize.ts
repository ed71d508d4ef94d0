/**
 * The one word tokenizer of winnow. A word is a run of Unicode letters, marks and digits, NFC-normalised
 * and case-folded. Scripts written without spaces between words (Han, Hiragana, Katakana, Thai, Lao,
 * Khmer, Myanmar, Tibetan) are segmented **per character** (a character plus its combining marks): it is
 * deterministic, needs no dictionary, costs nothing, and gives the word-level LCS measure a fine grain
 * where `Intl.Segmenter`'s dictionary words would depend on the ICU build. Hangul is written with spaces
 * and stays in runs; Vietnamese is Latin with diacritics, kept whole thanks to NFC.
 */
const NO_SPACE_SCRIPT =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\p{Script=Tibetan}';
const WORD_PATTERN = new RegExp(
  `[${NO_SPACE_SCRIPT}\\u30FC][\\p{M}]*|[[\\p{L}\\p{N}\\p{M}]--[${NO_SPACE_SCRIPT}\\u30FC]]+`,
  'gv',
);

/** Splits text into case-folded words (see the module comment for the rules). */
export function tokenizeWords(text: string): string[] {
  if (!text) return [];
  const normalized = text.normalize('NFC').toLowerCase();
  return normalized.match(WORD_PATTERN) ?? [];
}

/** The number of words `tokenizeWords` would return, without building the array. */
export function countWords(text: string): number {
  if (!text) return 0;
  let count = 0;
  const pattern = new RegExp(WORD_PATTERN.source, WORD_PATTERN.flags);
  const normalized = text.normalize('NFC');
  while (pattern.exec(normalized) !== null) count++;
  return count;
}

/** Collapses runs of whitespace (including non-breaking spaces) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
}
