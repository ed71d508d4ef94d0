import { WinnowError, type Page } from '@winnow/dom-blocks';
import { plainAlgorithm, readabilityAlgorithm, type Algorithm, type PageAlgorithm, type SiteAlgorithm } from '@winnow/eval';
import { extractWithSegmentTable, learnSegmentTable, type SegmentTableModel } from '@winnow/segment-table';
import { extractLineBlocks } from '@winnow/lineblock';
import { winnowExtractor, type SiteModel } from '@winnow/extract';
import { extractFromSiteFolder, extractWithTemplateModel, learnTemplateModel, type TemplateClusterModel } from '@winnow/template-cluster';
import { extractLargestContentBlock } from '@winnow/title-segmenter';
import { buildTemplate, extractCe, extractFce, learnCe, type CeModel, type FceTemplate } from '@winnow/template-fce';

export type { Algorithm, PageAlgorithm, SiteAlgorithm } from '@winnow/eval';

/*
 * The registry of every extractor winnow can run: the CLI's `--algo`, the harness runs and the demo all
 * read it. Each algorithm package adds one entry here. It lives apart from @winnow/eval so that the
 * algorithm packages can depend on eval for their accuracy gates without a dependency cycle.
 */

/** The algorithm `winnow extract`, `winnow eval` and the demo run when none is named. */
export const DEFAULT_ALGORITHM = 'winnow';

export const ALGORITHMS: readonly Algorithm[] = Object.freeze([
  plainAlgorithm,
  {
    kind: 'site',
    name: winnowExtractor.name,
    description: winnowExtractor.description,
    defaultTrainPages: winnowExtractor.defaultTrainPages,
    learn: (pages: Page[]) => winnowExtractor.learn(pages),
    extract: (model: SiteModel, page: Page) => winnowExtractor.extract(model, page),
    describeModel: (model: SiteModel) => winnowExtractor.describeModel(model),
  } satisfies SiteAlgorithm<SiteModel>,
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
  readabilityAlgorithm,
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
