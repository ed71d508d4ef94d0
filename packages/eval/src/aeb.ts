/**
 * The scrapinghub article-extraction-benchmark score (evaluate.py of scrapinghub/article-extraction-benchmark):
 * tokens are `\w+` runs (Python's Unicode `\w`: letters, numbers, underscore; case kept); each text is a
 * multiset of overlapping 4-token shingles (a text of fewer tokens is one shingle); per page TP/FP/FN are
 * normalised to sum to 1; precision is averaged over pages with tp + fp > 0, recall over pages with
 * tp + fn > 0; F1 is the harmonic mean of the two averages.
 */
export interface AebScore {
  precision: number;
  recall: number;
  f1: number;
  /** Pages scored. */
  pages: number;
}

export interface AebPageCounts {
  tp: number;
  fp: number;
  fn: number;
}

/** Shingle length of the benchmark (evaluate.py `ngram_n`). */
export const AEB_SHINGLE_LENGTH = 4;
const TOKEN = /[\p{L}\p{N}_]+/gu;

function shingles(text: string, length: number): Map<string, number> {
  const tokens = text.match(TOKEN) ?? [];
  const counts = new Map<string, number>();
  const last = Math.max(1, tokens.length - length + 1);
  for (let index = 0; index < last; index++) {
    const shingle = tokens.slice(index, index + length);
    if (shingle.length === 0) continue;
    const key = shingle.join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Normalised TP/FP/FN of one page (evaluate.py `string_shingle_matching`). */
export function aebPageCounts(gold: string, predicted: string, shingleLength = AEB_SHINGLE_LENGTH): AebPageCounts {
  const truth = shingles(gold, shingleLength);
  const prediction = shingles(predicted, shingleLength);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...truth.keys(), ...prediction.keys()])) {
    const trueCount = truth.get(key) ?? 0;
    const predictedCount = prediction.get(key) ?? 0;
    tp += Math.min(trueCount, predictedCount);
    fp += Math.max(0, predictedCount - trueCount);
    fn += Math.max(0, trueCount - predictedCount);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

function precisionOf({ tp, fp, fn }: AebPageCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

function recallOf({ tp, fp, fn }: AebPageCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

/** Aggregates per-page counts into the benchmark's precision, recall and F1. */
export function aebFromCounts(counts: readonly AebPageCounts[]): AebScore {
  const precision = mean(counts.filter((count) => count.tp + count.fp > 0).map(precisionOf));
  const recall = mean(counts.filter((count) => count.tp + count.fn > 0).map(recallOf));
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, pages: counts.length };
}

/**
 * Scores predictions against the ground truth, both `{ id: { articleBody } }` like the benchmark's JSON
 * files. A page missing from `predictions` counts as an empty prediction.
 */
export function aebScore(
  predictions: Readonly<Record<string, { articleBody?: string }>>,
  groundTruth: Readonly<Record<string, { articleBody?: string }>>,
): AebScore {
  return aebFromCounts(
    Object.keys(groundTruth).map((id) => aebPageCounts(groundTruth[id].articleBody ?? '', predictions[id]?.articleBody ?? '')),
  );
}

/**
 * The benchmark's prediction files come in two shapes: `{ id: { articleBody } }` and the same wrapped as
 * `{ output: { id: { articleBody } }, ... }`. Returns the inner map.
 */
export function unwrapPredictions(json: unknown): Record<string, { articleBody?: string }> {
  if (json && typeof json === 'object' && 'output' in json && typeof (json as { output: unknown }).output === 'object') {
    return (json as { output: Record<string, { articleBody?: string }> }).output;
  }
  return json as Record<string, { articleBody?: string }>;
}
