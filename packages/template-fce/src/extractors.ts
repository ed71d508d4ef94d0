import type { Page, SiteExtractor } from '@winnow/dom-blocks';
import { extractCe, learnCe, type CeModel } from './ce.js';
import { buildTemplate, extractFce } from './fce.js';
import type { CeOptions, FceOptions } from './options.js';
import type { FceTemplate } from './template.js';

/** FastContentExtractor as a site extractor: `learn` builds the template, `extract` applies it. */
export const fceExtractor: SiteExtractor<FceTemplate, FceOptions> = Object.freeze({
  name: 'fce',
  learn: (pages: Iterable<Page>, options?: Partial<FceOptions>) => buildTemplate(pages, options),
  extract: (template: FceTemplate, page: Page) => extractFce(template, page),
});

/** ContentExtractor as a site extractor: `learn` stores the pages' blocks, `extract` compares with all of them. */
export const ceExtractor: SiteExtractor<CeModel, CeOptions> = Object.freeze({
  name: 'ce',
  learn: (pages: Iterable<Page>, options?: Partial<CeOptions>) => learnCe(pages, options),
  extract: (model: CeModel, page: Page) => extractCe(model, page),
});
