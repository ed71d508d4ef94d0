import { WinnowError } from '@winnow/dom-blocks';

/**
 * Two blocks are similar when the cosine of their feature vectors is above this (Nguyen et al. 2009 §II,
 * quoting Debnath et al.'s ContentExtractor: "greater than 0.9").
 */
export const PAPER_SIMILARITY_THRESHOLD = 0.9;

/**
 * "If block B occurs many times over different web pages, block B is considered as a non-content
 * block" (Nguyen et al. 2009 §II) gives no number. A block is non-content when at least this fraction of the
 * other pages hold a similar block (at least one page). Tuned as one value on the first 25 pages of
 * cetd's five single-site folders and the five debian-sites (see README, "Tuning").
 */
export const NON_CONTENT_PAGE_FRACTION = 0.2;

export interface CeOptions {
  /** See `PAPER_SIMILARITY_THRESHOLD`. */
  similarityThreshold: number;
  /** See `NON_CONTENT_PAGE_FRACTION`. */
  nonContentPageFraction: number;
  /**
   * Tags that open a block besides dom-blocks' `BLOCK_LEVEL_TAGS`. Nguyen et al. 2009's Figure 2 treats the
   * `<span class="yshortcuts">` links as sub-blocks; pass `['span']` to reproduce it.
   */
  extraBlockTags: readonly string[];
}

/** Defaults of ContentExtractor (CE). */
export const DEFAULT_CE_OPTIONS: Readonly<CeOptions> = Object.freeze({
  /** Nguyen et al. 2009 §II: cosine similarity "greater than 0.9". */
  similarityThreshold: PAPER_SIMILARITY_THRESHOLD,
  /** Nguyen et al. 2009 §II "occurs many times over different web pages" (fraction tuned, see the constant). */
  nonContentPageFraction: NON_CONTENT_PAGE_FRACTION,
  /** Nguyen et al. 2009 §I: blocks are the block-level tags (TABLE, TR, P, DIV, ...); nothing extra. */
  extraBlockTags: Object.freeze([]) as readonly string[],
});

/**
 * How FastCE's detection compares what the rules extracted with the stored non-content blocks:
 * - `paper`: each extracted block as a whole (Nguyen et al. 2009 §III, Fig. 5);
 * - `parts`: each part of an extracted block (the block and its kept sub-blocks, each with its own
 *   text) with the stored blocks of its own path; a kept sub-block whose path is not in the template
 *   contributes its sub-blocks but not its own text. One stray content block at a generic path such as
 *   `HTML.BODY.DIV` otherwise makes the whole page one extracted block that no stored block resembles.
 */
export type FceDetectionMode = 'paper' | 'parts';

/**
 * Below this share of a page's text inside extracted blocks, the template does not describe the page
 * (a section with another layout, or paths the training pages never showed) and FastCE falls back to
 * all the page's text without the blocks similar to the template's stored non-content blocks. Tuned on
 * cetd/bbc (sport and science pages after 25 news pages) and debian-sites/gri (paths that change with
 * the number of paragraphs); `0` never falls back, as in the paper.
 */
export const MIN_TEMPLATE_COVERAGE = 0.5;

export interface FceDetectionOptions {
  /** See `FceDetectionMode`. */
  mode: FceDetectionMode;
  /** See `MIN_TEMPLATE_COVERAGE`. */
  minCoverage: number;
  /**
   * `parts` mode only. §III leaves out every block whose path is not in the template, so a list,
   * table or quote between two content paragraphs is lost when the training pages never showed one
   * at that path (the template's paths are the layouts of 20–30 pages, not of the site). With this
   * option, a block the rules leave out, at a path no training page had (neither in `paths` nor in
   * the template's `nonContentPaths`), whose parent holds a block found content opens a region of
   * that content: it and its sub-blocks are kept, each unless its path was seen and never content or
   * it is similar to a stored non-content block of any path (the fallback's test). Needs a template
   * with `nonContentPaths`. `false` leaves them out, as §III does; `paper` mode always does.
   */
  contentSiblings: boolean;
}

/** Defaults of FastCE's detection phase. */
export const DEFAULT_FCE_DETECTION_OPTIONS: Readonly<FceDetectionOptions> = Object.freeze({
  /** `parts` (this package's refinement of Nguyen et al. 2009 §III; `paper` reproduces Fig. 5 as written). */
  mode: 'parts' as FceDetectionMode,
  /** Not in Nguyen et al. 2009 (it never falls back); tuned, see the constant. */
  minCoverage: MIN_TEMPLATE_COVERAGE,
  /** `true`: not in Nguyen et al. 2009 (§III leaves unseen paths out); chosen on debian-sites/python311, see README. */
  contentSiblings: true,
});

/** Options of FastCE's preparation phase (`buildTemplate`). */
export interface FceBuildOptions extends CeOptions {
  /** The site the template describes (defaults to the first page's `site`, else `''`). */
  site?: string;
  /**
   * Store paths with runs of one tag collapsed (`SECTION.SECTION.P` -> `SECTION.P`). Not in paper
   * 000, whose paths keep every tag: documentation nests sections and lists as deep as a page needs,
   * so the full paths of a new page are often unseen. Tuned on the debian-sites (see README).
   */
  collapseRepeatedTags: boolean;
}

/** Every option of FastCE: the preparation phase's (`buildTemplate`) and the detection phase's (`extractFce`). */
export interface FceOptions extends FceBuildOptions, FceDetectionOptions {}

/** Defaults of FastContentExtractor (FastCE): its preparation phase runs CE (Nguyen et al. 2009 §III). */
export const DEFAULT_FCE_OPTIONS: Readonly<FceOptions> = Object.freeze({
  ...DEFAULT_CE_OPTIONS,
  ...DEFAULT_FCE_DETECTION_OPTIONS,
  /** `true` (this package's refinement; `false` keeps Nguyen et al. 2009 §III's full paths). */
  collapseRepeatedTags: true,
});

export function resolveDetectionOptions(options: Partial<FceDetectionOptions> = {}): FceDetectionOptions {
  const mode = options.mode ?? DEFAULT_FCE_DETECTION_OPTIONS.mode;
  if (mode !== 'paper' && mode !== 'parts') throw new WinnowError('INVALID_OPTIONS', `Option mode must be 'paper' or 'parts'; got ${String(mode)}.`);
  const minCoverage = options.minCoverage ?? DEFAULT_FCE_DETECTION_OPTIONS.minCoverage;
  checkRange('minCoverage', minCoverage, 0, 1);
  const contentSiblings = options.contentSiblings ?? DEFAULT_FCE_DETECTION_OPTIONS.contentSiblings;
  if (typeof contentSiblings !== 'boolean') throw new WinnowError('INVALID_OPTIONS', `Option contentSiblings must be true or false; got ${String(contentSiblings)}.`);
  return { mode, minCoverage, contentSiblings };
}

/** Merges caller options over the defaults (`??` semantics: `undefined` keeps the default) and checks them. */
export function resolveCeOptions(options: Partial<CeOptions> = {}): CeOptions {
  const resolved: CeOptions = {
    similarityThreshold: options.similarityThreshold ?? DEFAULT_CE_OPTIONS.similarityThreshold,
    nonContentPageFraction: options.nonContentPageFraction ?? DEFAULT_CE_OPTIONS.nonContentPageFraction,
    extraBlockTags: (options.extraBlockTags ?? DEFAULT_CE_OPTIONS.extraBlockTags).map((tag) => tag.toLowerCase()),
  };
  checkRange('similarityThreshold', resolved.similarityThreshold, 0, 1);
  checkRange('nonContentPageFraction', resolved.nonContentPageFraction, 0, 1);
  return resolved;
}

function checkRange(name: string, value: number, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new WinnowError('INVALID_OPTIONS', `Option ${name} must be a number from ${min} to ${max}; got ${String(value)}.`);
  }
}

/**
 * How many of `otherPages` pages must hold a similar block for it to be non-content: the fraction of
 * them, rounded up, and at least one page.
 */
export function requiredSimilarPages(otherPages: number, fraction: number): number {
  return Math.max(1, Math.ceil(fraction * otherPages - 1e-9));
}
