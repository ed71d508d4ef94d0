/**
 * The shapes every winnow extractor shares: one contract for the registry, the CLI, the evaluation
 * harness and the demo.
 */

/** One page handed to an extractor: raw bytes (sniffed and decoded) or an already decoded string. */
export interface Page {
  /** A stable identifier: a file path, a dataset id, a URL. */
  id: string;
  /** Raw HTML. Bytes are decoded by the HTML encoding-sniffing rules (see `decodeHtml`). */
  html: string | Uint8Array;
  /** The page's URL, when known (used for site keys and resolving links). */
  url?: string;
  /** The site (template) the page belongs to, when known: a host name or a dataset label. */
  site?: string;
  /** `Content-Type` charset from the transport layer, when known; it outranks `<meta charset>`. */
  contentType?: string;
}

export type BlockLabel = 'content' | 'boilerplate';

/** One unit of a page (a block, or a line for line-based extractors), labelled by an extractor, with the reason for its label. */
export interface LabelledBlock {
  /** Traversal path of block-level tags, e.g. `HTML.BODY.DIV.P` (Nguyen et al. 2009 §III). */
  path: string;
  /** The unit's own text (its sub-blocks removed), whitespace collapsed. */
  text: string;
  label: BlockLabel;
  /** Why the extractor chose this label, in a few words (e.g. `ttr 4.1 < 30`). */
  reason: string;
  /** Lower-case tag name of the block element (`p`, `h2`, `li`, ...), for rendering. */
  tag: string;
  /**
   * Unit `'block'`: `Block.index` of this block in `buildBlockTree(parseHtml(page.html))`, the page's own
   * block tree (several labelled blocks may share one index, e.g. the inline runs of one block).
   * Unit `'line'` (or another unit): the unit's index; `source` then gives its offsets.
   */
  order: number;
  /** `[start, end)` offsets in the decoded HTML string, for units that are not dom-blocks blocks. */
  source?: { start: number; end: number };
}

/** Metadata of a page, when an extractor reads it. */
export interface PageMetadata {
  title?: string;
  author?: string;
  /** ISO 8601 date or date-time. */
  published?: string;
  /** BCP 47 language tag. */
  language?: string;
  canonicalUrl?: string;
  siteName?: string;
  description?: string;
}

/** What every extractor returns. "No main content" is an Extraction with no content blocks. */
export interface Extraction {
  /** All units the extractor looked at, in document order, with their labels. */
  blocks: LabelledBlock[];
  /** The content blocks rendered as text, one paragraph a line. */
  text: string;
  /** Remarks about the run, e.g. "template too small: fell back to single-page". */
  notes: string[];
  /** What `blocks` are: `'block'` = blocks of the page's own dom-blocks tree; `'line'` = source lines. */
  unit: 'block' | 'line';
  /** Page metadata, when the extractor reads it. */
  metadata?: PageMetadata;
  /**
   * The content as GitHub Flavored Markdown rendered from the page's own document (headings, lists,
   * tables, code blocks kept), when the extractor gives it; `renderExtraction(…, 'markdown')` prefers it
   * to the Markdown it builds from `blocks`.
   */
  markdown?: string;
}

/** What the registry, the CLI and the demo show about an extractor. */
export interface ExtractorInfo {
  /** The name `--algo` takes. */
  name: string;
  /** One line for `--help` and the demo. */
  description: string;
  /** True for a third-party extractor included only for comparison (Readability). */
  peer?: boolean;
}

/** An extractor that looks at one page alone. */
export interface PageExtractor<Options = unknown> extends ExtractorInfo {
  kind: 'page';
  extract(page: Page, options?: Partial<Options>): Extraction;
}

/** An extractor that learns a model from other pages of the same site, then extracts from a page with it. */
export interface SiteExtractor<Model = unknown, Options = unknown> extends ExtractorInfo {
  kind: 'site';
  /** Pages per site learned from by `eval` when no `--train` is given (0 = the extractor also works with none). */
  defaultTrainPages: number;
  /** Pages of a folder the CLI learns from when extracting it (default: `defaultTrainPages`). */
  defaultSitePages?: number;
  /** Learns a model from training pages of one site (in the order given: callers pass name order). */
  learn(pages: readonly Page[], options?: Partial<Options>): Model;
  /** Extracts one page with the model. Incremental extractors may update the model as they go. */
  extract(model: Model, page: Page, options?: Partial<Options>): Extraction;
  /** What was learned, as plain data for people, for models whose contents sit behind methods. */
  describeModel?(model: Model): unknown;
}

/** Training pages gathered for one page, with remarks on how they were found (added to its notes). */
export interface PageTraining {
  pages: readonly Page[];
  notes?: readonly string[];
}

/**
 * An optional capability of a site extractor: gathering one page's own training pages from a folder that
 * mirrors its site (Gottron 2008 §3 follows the page's links). `winnow extract --site-dir` uses it when present.
 */
export interface SiteFolderTraining {
  trainingPagesInFolder(pageFile: string, siteDir: string): PageTraining;
}

/** Any extractor: what the registry lists and `runExtractor` runs. */
export type Extractor = PageExtractor<any> | SiteExtractor<any, any>;
