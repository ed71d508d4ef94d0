/**
 * The bag-of-words measure of the Web Content eXtraction Benchmark (WCXB, Murrough Foley 2026,
 * `evaluate.py` of Murrough-Foley/web-content-extraction-benchmark): tokens are `\w+` runs of the
 * lowercased text (Python's Unicode `\w`: letters, numbers, underscore); precision and recall come from
 * the multiset overlap of predicted and gold tokens, order ignored; the figure of a dataset is the
 * unweighted mean of each page's precision, recall and F1 over all pages.
 */
export interface BagScores {
  precision: number;
  recall: number;
  f1: number;
}

const TOKEN = /[\p{L}\p{N}_]+/gu;

/** `evaluate.py` `tokenize`: the `\w+` runs of the lowercased text. */
export function bagTokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

function counts(tokens: readonly string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const token of tokens) bag.set(token, (bag.get(token) ?? 0) + 1);
  return bag;
}

/**
 * `evaluate.py` `word_f1` for one page. A gold with no token scores 1 when the prediction has none
 * either (the page has no main content and the extractor said so), else 0.
 */
export function bagScores(predicted: string, gold: string): BagScores {
  const predictedTokens = bagTokens(predicted);
  const goldTokens = bagTokens(gold);
  if (goldTokens.length === 0) return predictedTokens.length === 0 ? { precision: 1, recall: 1, f1: 1 } : { precision: 0, recall: 0, f1: 0 };
  if (predictedTokens.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const goldCounts = counts(goldTokens);
  let overlap = 0;
  for (const [token, count] of counts(predictedTokens)) overlap += Math.min(count, goldCounts.get(token) ?? 0);
  const precision = overlap / predictedTokens.length;
  const recall = overlap / goldTokens.length;
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** The unweighted mean of page scores (`evaluate.py` `evaluate_results`); zeros for no page. */
export function meanBagScores(pages: readonly BagScores[]): BagScores {
  if (pages.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const sum = (pick: (scores: BagScores) => number) => pages.reduce((total, scores) => total + pick(scores), 0) / pages.length;
  return { precision: sum((scores) => scores.precision), recall: sum((scores) => scores.recall), f1: sum((scores) => scores.f1) };
}

/**
 * `evaluate.py` `snippet_check`: the share of snippets that occur in the text, compared lowercased as
 * plain substrings (no other normalisation). Undefined when there is no snippet to look for
 * (`evaluate.py` counts such a page as 1, which for boilerplate snippets would read as "all found").
 */
export function snippetShare(text: string, snippets: readonly string[]): number | undefined {
  if (snippets.length === 0) return undefined;
  const haystack = text.toLowerCase();
  return snippets.filter((snippet) => haystack.includes(snippet.toLowerCase())).length / snippets.length;
}
