import { WinnowError } from '@winnow/dom-blocks';

/**
 * Tags that open a block in the page segmentation of Wang et al. 2008 §2.1 ("html tags that usually determine
 * the page layout ... <TABLE>, <DIV>, etc."). The paper's list stops at "etc.": the rest are the table
 * parts, the list containers and the HTML5 sectioning elements, which play the same layout role today.
 */
export const LAYOUT_TAGS: readonly string[] = Object.freeze([
  'body', 'div', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'ul', 'ol', 'dl', 'form',
  'header', 'footer', 'nav', 'aside', 'section', 'article', 'main', 'center', 'frameset', 'frame',
]);

export interface SegmentTableOptions {
  /** Tags whose elements are the blocks of template detection (Wang et al. 2008 §2.1). */
  layoutTags: readonly string[];
  /** A segment is a template segment when its DF is at least this (Wang et al. 2008 §2.3). */
  minTemplateDf: number;
  /** A block is a template block when its template ratio is larger than this (Wang et al. 2008 §2.3). */
  templateRatio: number;
  /** Tb: pages a segment seen once lives without reappearing (Wang et al. 2008 §2.4). */
  baseLifetime: number;
  /** N: the lifetime of a frequent segment tends to Tb·N (Wang et al. 2008 §2.4). */
  lifetimeGrowth: number;
}

/** The parameters of the table shrinkage, the only options that change what the store holds. */
export interface LifetimeParameters {
  baseLifetime: number;
  lifetimeGrowth: number;
}

export const DEFAULT_SEGMENT_TABLE_OPTIONS: Readonly<SegmentTableOptions> = Object.freeze({
  /** Wang et al. 2008 §2.1: `<TABLE>`, `<DIV>`, "etc." (see `LAYOUT_TAGS`). */
  layoutTags: LAYOUT_TAGS,
  /** Wang et al. 2008 §2.3: "DFs are larger than or equal to 5". */
  minTemplateDf: 5,
  /** Wang et al. 2008 §2.3: "If the template ratio of a block is larger than 0.7". */
  templateRatio: 0.7,
  /**
   * Wang et al. 2008 §2.4 names Tb but gives no value (§3 tunes it per site for 80 % recall). A segment seen
   * once is dropped unless it comes back within 2 pages. Tuned with N on cetd's five single-site folders
   * and debian-sites (`bench/sweep.ts`): against Tb = 10 the mean LCS F1 is unchanged (0.913) and the
   * table shrinks from 20 % to 6 % of a 24-page batch, under Wang et al. 2008 Table 1's 7 %; Tb = 1 loses F1.
   */
  baseLifetime: 2,
  /**
   * Wang et al. 2008 §2.4 names N but gives no value. 30 lets a segment seen on many pages wait up to
   * Tb·N = 60 pages for its next occurrence. Tuned with Tb (see `baseLifetime`).
   */
  lifetimeGrowth: 30,
});

/** Merges partial options over the defaults (`??`, so 0 and '' are kept) and checks them. */
export function resolveOptions(options: Partial<SegmentTableOptions> = {}): SegmentTableOptions {
  const resolved: SegmentTableOptions = {
    layoutTags: options.layoutTags ?? DEFAULT_SEGMENT_TABLE_OPTIONS.layoutTags,
    minTemplateDf: options.minTemplateDf ?? DEFAULT_SEGMENT_TABLE_OPTIONS.minTemplateDf,
    templateRatio: options.templateRatio ?? DEFAULT_SEGMENT_TABLE_OPTIONS.templateRatio,
    baseLifetime: options.baseLifetime ?? DEFAULT_SEGMENT_TABLE_OPTIONS.baseLifetime,
    lifetimeGrowth: options.lifetimeGrowth ?? DEFAULT_SEGMENT_TABLE_OPTIONS.lifetimeGrowth,
  };
  const problems: string[] = [];
  if (!(resolved.minTemplateDf >= 1)) problems.push(`minTemplateDf must be at least 1 (got ${resolved.minTemplateDf})`);
  if (!(resolved.templateRatio >= 0 && resolved.templateRatio <= 1)) problems.push(`templateRatio must be in [0, 1] (got ${resolved.templateRatio})`);
  if (!(resolved.baseLifetime > 0 && Number.isFinite(resolved.baseLifetime))) problems.push(`baseLifetime (Tb) must be a positive number of pages (got ${resolved.baseLifetime})`);
  if (!(resolved.lifetimeGrowth >= 1 && Number.isFinite(resolved.lifetimeGrowth))) problems.push(`lifetimeGrowth (N) must be at least 1 (got ${resolved.lifetimeGrowth})`);
  if (problems.length) throw new WinnowError('INVALID_OPTIONS', `Invalid segment-table options: ${problems.join('; ')}.`);
  return resolved;
}

/**
 * The maximum living time of a segment, in pages, by Wang et al. 2008 §2.4's logistic function
 * t = Tb·N / (1 + (N − 1)·e^−(df − 1)): Tb for a segment seen once, tending to Tb·N as df grows.
 */
export function segmentLifetime(df: number, parameters: LifetimeParameters): number {
  const { baseLifetime, lifetimeGrowth } = parameters;
  return (baseLifetime * lifetimeGrowth) / (1 + (lifetimeGrowth - 1) * Math.exp(-(df - 1)));
}

/**
 * The last page number at which a segment last seen on page `lastSeen` with DF `df` is still kept:
 * it is removed by the shrinkage of page p once p − lastSeen ≥ t ("doesn't appear for t", §2.4).
 * Every store computes deadlines with this one function, so they agree to the page.
 */
export function expiryPage(lastSeen: number, df: number, parameters: LifetimeParameters): number {
  return lastSeen + Math.ceil(segmentLifetime(df, parameters)) - 1;
}
