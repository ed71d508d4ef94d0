import type { Extraction, Page } from '@winnow/dom-blocks';
import { extract, learnSite, type ExtractOptions } from './extract.js';
import type { SiteModel } from './site.js';

/** Pages of a folder the CLI learns the site from when extracting it. */
export const DEFAULT_SITE_PAGES = 50;

/**
 * winnow's own extractor on the extractor contract: a site extractor that also works with no pages
 * learned (`defaultTrainPages` 0: the single-page model alone).
 */
export const winnowExtractor = Object.freeze({
  kind: 'site' as const,
  name: 'winnow',
  description: "winnow's own extractor: a learned per-block model (boosted trees over block, ancestor and neighbour features), plus recurring text and template paths of the site's other pages when given",
  defaultTrainPages: 0,
  defaultSitePages: DEFAULT_SITE_PAGES,
  learn: (pages: readonly Page[]): SiteModel => learnSite(pages),
  extract: (model: SiteModel, page: Page, options?: Partial<ExtractOptions>): Extraction => extract(page, { ...options, site: model }),
  describeModel: (model: SiteModel) => ({
    version: model.version,
    site: model.site,
    pages: model.pages,
    segments: Object.keys(model.segments).length,
    recurringSegments: Object.values(model.segments).filter((count) => count >= 2).length,
    paths: Object.entries(model.paths)
      .sort((a, b) => b[1].words - a[1].words)
      .slice(0, 50)
      .map(([path, entry]) => ({ path, ...entry })),
  }),
});
