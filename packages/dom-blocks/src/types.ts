/**
 * The shapes every winnow extractor shares (see ARCHITECTURE.md, "One way through").
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

/** One block of a page, labelled by an extractor, with the reason for its label. */
export interface LabelledBlock {
  /** Traversal path of block-level tags, e.g. `HTML.BODY.DIV.P` (paper 000 §III). */
  path: string;
  /** The block's own text (its sub-blocks removed), whitespace collapsed. */
  text: string;
  label: BlockLabel;
  /** Why the extractor chose this label, in a few words (e.g. `ttr 4.1 < 30`). */
  reason: string;
  /** Position of the block in document order (0-based, over all blocks of the page). */
  order: number;
  /** Lower-case tag name of the block element (`p`, `h2`, `li`, ...), for rendering. */
  tag: string;
}

/** What every extractor returns. "No main content" is an Extraction with no content blocks. */
export interface Extraction {
  /** All blocks the extractor looked at, in document order, with their labels. */
  blocks: LabelledBlock[];
  /** The content blocks rendered as text, one paragraph a line. */
  text: string;
  /** Remarks about the run, e.g. "template too small: fell back to single-page". */
  notes: string[];
  /** Page metadata when the extractor reads it (title, author, published, language, canonicalUrl, siteName, description). */
  metadata?: PageMetadata;
}

/** What a page says about itself, read from its markup (meta, OpenGraph, JSON-LD, headings). */
export interface PageMetadata {
  title?: string;
  author?: string;
  /** ISO 8601: a date (`2024-05-01`) or a date and time. */
  published?: string;
  /** A BCP 47 language tag (`en`, `pt-BR`). */
  language?: string;
  /** Absolute URL. */
  canonicalUrl?: string;
  siteName?: string;
  description?: string;
}

/** An extractor that looks at one page alone. */
export interface PageExtractor<Options = unknown> {
  name: string;
  extract(page: Page, options?: Partial<Options>): Extraction;
}

/** An extractor that learns a model from other pages of the same site, then extracts from a page. */
export interface SiteExtractor<Model, Options = unknown> {
  name: string;
  learn(pages: Iterable<Page>, options?: Partial<Options>): Model;
  extract(model: Model, page: Page, options?: Partial<Options>): Extraction;
}
