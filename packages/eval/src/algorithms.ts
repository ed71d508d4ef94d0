import { extractPlain, WinnowError, type Extraction, type Page } from '@winnow/dom-blocks';
import { extractWithSegmentTable, learnSegmentTable, type SegmentTableModel } from '@winnow/segment-table';
import { extractLineBlocks } from '@winnow/lineblock';
import { extractFromSiteFolder, extractWithTemplateModel, learnTemplateModel, type TemplateClusterModel } from '@winnow/template-cluster';
import { extractLargestContentBlock } from '@winnow/title-segmenter';
import { buildTemplate, extractCe, extractFce, learnCe, type CeModel, type FceTemplate } from '@winnow/template-fce';
import { extractWithReadability } from './readability.js';

/**
 * The registry of every extractor winnow can run: the CLI's `--algo`, the harness and the demo all read
 * it. Each algorithm package adds one entry here (eval may depend on algorithm packages; see ARCHITECTURE.md).
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

export const ALGORITHMS: readonly Algorithm[] = Object.freeze([
  {
    kind: 'page',
    name: 'plain',
    description: 'all visible text of the page (the baseline every paper compares with)',
    extract: (page: Page) => extractPlain(page),
  } satisfies PageAlgorithm,
  {
    kind: 'page',
    name: 'lineblock',
    description: 'Line-Block extraction without a DOM (San & Aye, paper 001), tuned mode: TTR/ATTR tests, TKD adds blocks back',
    extract: (page: Page) => extractLineBlocks(page, { mode: 'tuned' }),
  } satisfies PageAlgorithm,
  {
    kind: 'page',
    name: 'lineblock-paper',
    description: 'Line-Block extraction without a DOM (San & Aye, paper 001), paper mode: TTR > 30 and ATTR < 0.2 and TKD >= 2',
    extract: (page: Page) => extractLineBlocks(page, { mode: 'paper' }),
  } satisfies PageAlgorithm,
  {
    kind: 'page',
    name: 'readability',
    description: "peer for comparison: Mozilla's Readability 0.6 on linkedom (not a winnow algorithm)",
    peer: true,
    extract: (page: Page) => extractWithReadability(page),
  } satisfies PageAlgorithm,
  {
    kind: 'site',
    name: 'segment-table',
    description: 'incremental template detection with a bounded text-segment table (Wang et al. 2008, paper 002)',
    // Learning warms a fresh in-memory table on these pages in name order: scoring starts with the 10th.
    defaultTrainPages: 9,
    learn: (pages: Page[]) => learnSegmentTable(pages),
    extract: (model: SegmentTableModel, page: Page) => extractWithSegmentTable(model, page),
    // The table sits in a store: each site's page count, size, and segments by DF (most frequent first).
    describeModel: (model: SegmentTableModel) =>
      model.store.sites().map((site) => ({ site, pages: model.store.pageCount(site), size: model.store.size(site), segments: model.store.entries(site) })),
  } satisfies SiteAlgorithm<SegmentTableModel>,
  {
    kind: 'site',
    name: 'fce',
    description: 'FastContentExtractor (paper 000): a site template of content-block paths, content in original order',
    defaultTrainPages: 25,
    learn: (pages: Page[]) => buildTemplate(pages),
    extract: (template: FceTemplate, page: Page) => extractFce(template, page),
  } satisfies SiteAlgorithm<FceTemplate>,
  {
    kind: 'site',
    name: 'ce',
    description: "ContentExtractor (Debnath et al., as paper 000 §II describes it): blocks repeated across a site's pages are boilerplate",
    defaultTrainPages: 25,
    learn: (pages: Page[]) => learnCe(pages),
    extract: (model: CeModel, page: Page) => extractCe(model, page),
  } satisfies SiteAlgorithm<CeModel>,
  {
    kind: 'site',
    name: 'cluster',
    description: 'paper 004 (Gottron): cluster the linked pages by template (CP distance), drop texts on > 1/3 of the cluster',
    // Paper 004 §7: 10,994 linked pages for 746 documents, about 15 per page.
    defaultTrainPages: 15,
    learn: (pages: Page[]) => learnTemplateModel(pages),
    extract: (model: TemplateClusterModel, page: Page) => extractWithTemplateModel(model, page),
    extractFromSiteFolder: (pageFile: string, siteDir: string) => extractFromSiteFolder(pageFile, siteDir),
  } satisfies SiteAlgorithm<TemplateClusterModel>,
  {
    kind: 'page',
    name: 'title-segmenter',
    description: 'paper 003 (Sano et al.): content blocks under title blocks, the largest one as main content (layout estimated from markup; `winnow segment` uses Chromium)',
    extract: (page: Page) => extractLargestContentBlock(page),
  } satisfies PageAlgorithm,
]);

/** Names of every registered algorithm, in registry order. */
export function algorithmNames(): string[] {
  return ALGORITHMS.map((algorithm) => algorithm.name);
}

/** The algorithm called `name`, or a `UNKNOWN_ALGORITHM` error listing the known ones. */
export function getAlgorithm(name: string): Algorithm {
  const algorithm = ALGORITHMS.find((candidate) => candidate.name === name);
  if (!algorithm) {
    throw new WinnowError('UNKNOWN_ALGORITHM', `Unknown algorithm "${name}": choose one of ${algorithmNames().join(', ')}.`);
  }
  return algorithm;
}
