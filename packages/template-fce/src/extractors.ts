import type { Page, SiteExtractor } from '@winnow/dom-blocks';
import { extractCe, learnCe, type CeModel } from './ce.js';
import { buildTemplate, extractFce } from './fce.js';
import type { CeOptions, FceOptions } from './options.js';
import type { FceTemplate } from './template.js';

/**
 * FastContentExtractor as a site extractor: `learn` builds the template (the preparation options),
 * `extract` applies it (the detection options).
 */
export const fceExtractor: SiteExtractor<FceTemplate, FceOptions> = Object.freeze({
  kind: 'site',
  name: 'fce',
  description: 'FastContentExtractor (Nguyen et al.): a site template of content-block paths, content in original order',
  defaultTrainPages: 25,
  learn: (pages: readonly Page[], options?: Partial<FceOptions>) => buildTemplate(pages, options),
  extract: (template: FceTemplate, page: Page, options?: Partial<FceOptions>) => extractFce(template, page, options),
});

/** ContentExtractor as a site extractor: `learn` stores the pages' blocks, `extract` compares with all of them. */
export const ceExtractor: SiteExtractor<CeModel, CeOptions> = Object.freeze({
  kind: 'site',
  name: 'ce',
  description: "ContentExtractor (Debnath et al., as Nguyen et al. §II describe it): blocks repeated across a site's pages are boilerplate",
  defaultTrainPages: 25,
  learn: (pages: readonly Page[], options?: Partial<CeOptions>) => learnCe(pages, options),
  extract: (model: CeModel, page: Page) => extractCe(model, page),
});
