import { BLOCK_LEVEL_TAGS } from '@winnow/dom-blocks';
import { WinnowError } from '@winnow/dom-blocks';

/**
 * How the classifier reads the paper (San & Aye is loose about how its rules combine):
 * - `'paper'`: §V Step 4 read literally — a line-block is content only when TTR > τ_TTR **and**
 *   ATTR < τ_ATTR **and** TKD ≥ τ_TKD, all at once.
 * - `'tuned'`: §V Step 3 read as a rescue — a block is content when its link density is low and it is
 *   dense (TTR > τ_TTR) **or** it carries the title's keywords (TKD ≥ τ_TKD), the reading that "adds back"
 *   blocks failing the density test. It measures best (see the README).
 */
export type LineBlockMode = 'paper' | 'tuned';

/**
 * Where the TTR threshold comes from:
 * - `'fixed'`: `ttrThreshold` (§IV.B "We assign the TTR threshold as 30").
 * - `'adaptive'`: τ = λσ, σ the standard deviation of TTR over the page's line-blocks (§IV.B).
 */
export type ThresholdMethod = 'fixed' | 'adaptive';

export interface LineBlockOptions {
  mode: LineBlockMode;
  thresholdMethod: ThresholdMethod;
  /** τ_TTR: a content block's text length per tag must exceed it. */
  ttrThreshold: number;
  /** τ_ATTR: a content block's anchor text / text must stay below it. */
  attrThreshold: number;
  /** τ_TKD: title-keyword occurrences a block needs (paper mode) or that rescue it (tuned mode). */
  tkdThreshold: number;
  /** λ of τ = λσ, used when `thresholdMethod` is `'adaptive'`. */
  lambda: number;
  /** Two text lines belong to one line-block when at most this many empty lines separate them. */
  maxLineGap: number;
  /** Title words shorter than this many characters are not keywords (1 keeps every word, as the paper). */
  minKeywordLength: number;
  /**
   * Content regions (beyond the paper): content line-blocks with at most `regionGap` boilerplate blocks
   * between them form one region. Used only when `regionShare` > 0.
   */
  regionGap: number;
  /**
   * Beyond the paper: content regions whose text is shorter than this share of the longest region's are
   * relabelled boilerplate (comments, teasers far from the article). 0 keeps every region (the paper).
   */
  regionShare: number;
  /** Leave out elements hidden by markup (`hidden`, inline `display:none` / `visibility:hidden`). */
  skipHidden: boolean;
  /** Tags that break the source into lines (§V Step 2, "p, div, h1, h2 and so on"). */
  lineBreakTags: readonly string[];
}

/** San & Aye §IV.A "we define and use the important block tags as p, div, h1, h2 and so on": winnow's block tags plus `br`. */
export const LINE_BREAK_TAGS: readonly string[] = Object.freeze([...BLOCK_LEVEL_TAGS, 'br']);

/** San & Aye §IV.B: "We assign the TTR threshold as 30". */
export const PAPER_TTR_THRESHOLD = 30;
/** San & Aye §IV.B: "ATTR's threshold as 0.2". */
export const PAPER_ATTR_THRESHOLD = 0.2;
/** San & Aye §IV.B: "TKD' threshold as 2". */
export const PAPER_TKD_THRESHOLD = 2;
/**
 * San & Aye §IV.B names λ ("a constant parameter") without a value. 1 (τ = σ) is the value the
 * τ = λσ rule starts from in CETR (Weninger et al. 2010), where it comes from.
 */
export const PAPER_LAMBDA = 1;
/**
 * San & Aye §IV.A merges "continuous lines" with text without giving a distance. 1 lets one empty line
 * (the `</p>` between two paragraphs, the `</li>` between two items) sit inside a block, so siblings of one
 * container merge while a change of container (`</p></div><div><p>`, 3 empty lines) starts a new block.
 */
export const PAPER_MAX_LINE_GAP = 1;

/**
 * Tuned mode's settings, tuned as a set on cleaneval-dev (58 pages) and scrapinghub-aeb (181 pages) by
 * mean per-page LCS F1 (grid over TTR 12-50, ATTR 0.1-0.4, TKD 1-5, λ 0.5-1.5 adaptive, line gap 0-3,
 * region gap 1-8 and share 0.1-1); cetd (700 pages) was held out. See the README's figures.
 */
export const TUNED_SETTINGS = Object.freeze({
  thresholdMethod: 'fixed' as ThresholdMethod,
  /** Lower than the paper's 30: with the region step guarding precision, recall of short paragraphs wins. */
  ttrThreshold: 15,
  attrThreshold: PAPER_ATTR_THRESHOLD,
  tkdThreshold: PAPER_TKD_THRESHOLD,
  maxLineGap: PAPER_MAX_LINE_GAP,
  minKeywordLength: 1,
  regionGap: 3,
  regionShare: 0.25,
  skipHidden: true,
});

/** Defaults of `extractLineBlocks`: the paper's reading, with every number from San & Aye. */
export const DEFAULT_LINEBLOCK_OPTIONS: Readonly<LineBlockOptions> = Object.freeze({
  /** §V Step 4, read literally (see `LineBlockMode`). */
  mode: 'paper' as LineBlockMode,
  /** §IV.B assigns fixed thresholds (TTR 30, ATTR 0.2, TKD 2); τ = λσ is the alternative it names. */
  thresholdMethod: 'fixed' as ThresholdMethod,
  /** §IV.B: 30. */
  ttrThreshold: PAPER_TTR_THRESHOLD,
  /** §IV.B: 0.2. */
  attrThreshold: PAPER_ATTR_THRESHOLD,
  /** §IV.B: 2. */
  tkdThreshold: PAPER_TKD_THRESHOLD,
  /** §IV.B τ = λσ; the paper gives no value (see `PAPER_LAMBDA`). */
  lambda: PAPER_LAMBDA,
  /** §IV.A "continuous lines"; the paper gives no distance (see `PAPER_MAX_LINE_GAP`). */
  maxLineGap: PAPER_MAX_LINE_GAP,
  /** §IV.A: "Bladder cancer: Exciting drug break" → {bladder, cancer, exciting, drug, break}: every word. */
  minKeywordLength: 1,
  /** Not in the paper (its Step 4 labels blocks one by one); only read when `regionShare` > 0. */
  regionGap: 3,
  /** Not in the paper: 0, every content block is kept. */
  regionShare: 0,
  /** §V Step 1 filters head, script, style and comments only; hidden markup is kept. */
  skipHidden: false,
  /** §IV.A block tags (see `LINE_BREAK_TAGS`). */
  lineBreakTags: LINE_BREAK_TAGS,
});

/**
 * Resolves options: the mode's settings first (`'tuned'` brings `TUNED_SETTINGS`), then the caller's
 * explicit values, then the paper defaults. Throws `INVALID_OPTIONS` on values that cannot work.
 */
export function resolveLineBlockOptions(options: Partial<LineBlockOptions> = {}): LineBlockOptions {
  const mode = options.mode ?? DEFAULT_LINEBLOCK_OPTIONS.mode;
  if (mode !== 'paper' && mode !== 'tuned') {
    throw new WinnowError('INVALID_OPTIONS', `Unknown lineblock mode "${String(mode)}": use 'paper' or 'tuned'.`);
  }
  const base: LineBlockOptions = mode === 'tuned' ? { ...DEFAULT_LINEBLOCK_OPTIONS, ...TUNED_SETTINGS, mode } : { ...DEFAULT_LINEBLOCK_OPTIONS };
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const resolved: LineBlockOptions = { ...base, ...defined, mode };
  if (resolved.thresholdMethod !== 'fixed' && resolved.thresholdMethod !== 'adaptive') {
    throw new WinnowError('INVALID_OPTIONS', `Unknown thresholdMethod "${String(resolved.thresholdMethod)}": use 'fixed' or 'adaptive'.`);
  }
  for (const key of ['ttrThreshold', 'attrThreshold', 'tkdThreshold', 'lambda', 'maxLineGap', 'minKeywordLength', 'regionGap', 'regionShare'] as const) {
    const value = resolved[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new WinnowError('INVALID_OPTIONS', `lineblock option ${key} must be a finite number ≥ 0, got ${String(value)}.`);
    }
  }
  return resolved;
}
