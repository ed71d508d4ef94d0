import { extractPlain, type Extraction, type Page } from '@winnow/dom-blocks';
import { extractWithReadability } from './readability.js';

/*
 * The extractor contract the harness runs (see ARCHITECTURE.md). The registry of every winnow algorithm
 * lives in @winnow/algorithms, which depends on the algorithm packages; eval does not, so each algorithm
 * package can use eval (metrics, loaders, harness) for its own accuracy gate and benchmarks.
 */

export interface PageAlgorithm {
  kind: 'page';
  name: string;
  /** One line for `--help` and the demo. */
  description: string;
  /** True for a third-party extractor included only for comparison (Readability). */
  peer?: boolean;
  extract(page: Page): Extraction;
}

export interface SiteAlgorithm<Model = unknown> {
  kind: 'site';
  name: string;
  description: string;
  peer?: boolean;
  /** Pages learned from when the caller gives no `--train N` (the paper's setting). */
  defaultTrainPages: number;
  /** Learns a model from training pages of one site (the harness passes them in name order). */
  learn(pages: Page[]): Model;
  /** Extracts one page with the model. Incremental algorithms may update the model as they go. */
  extract(model: Model, page: Page): Extraction;
  /**
   * Optional: what was learned, as plain data for people (the demo shows it as JSON), for models whose
   * contents sit behind methods (a store). Without it the demo shows the model object itself.
   */
  describeModel?(model: Model): unknown;
  /**
   * Optional: extracts a page on disk gathering its own training pages from the folder mirroring its site
   * (paper 004 §3 follows the page's links). `winnow extract --site-dir` prefers it to learning from the
   * folder's first pages.
   */
  extractFromSiteFolder?(pageFile: string, siteDir: string): Extraction;
}

export type Algorithm = PageAlgorithm | SiteAlgorithm<any>;

/** The baseline every paper compares with: all visible text of the page. */
export const plainAlgorithm: PageAlgorithm = Object.freeze({
  kind: 'page',
  name: 'plain',
  description: 'all visible text of the page (the baseline every paper compares with)',
  extract: (page: Page) => extractPlain(page),
});

/** Mozilla's Readability 0.6 on linkedom: a peer for comparison, not a winnow algorithm. */
export const readabilityAlgorithm: PageAlgorithm = Object.freeze({
  kind: 'page',
  name: 'readability',
  description: "peer for comparison: Mozilla's Readability 0.6 on linkedom (not a winnow algorithm)",
  peer: true,
  extract: (page: Page) => extractWithReadability(page),
});

/** What every figure stands beside: `plain` and `readability`. */
export const BASELINES: readonly PageAlgorithm[] = Object.freeze([plainAlgorithm, readabilityAlgorithm]);
