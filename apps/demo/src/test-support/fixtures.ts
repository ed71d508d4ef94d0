import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildBlockTree, labelBlock, makeExtraction, parseHtml, type Extractor, type Page, type SiteExtractor } from '@winnow/dom-blocks';

export const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures');
export const SITE_DIR = path.join(FIXTURES, 'site');

/** The three pages of the fixture site, in name order. */
export function sitePages(): { name: string; html: string }[] {
  return readdirSync(SITE_DIR)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ name, html: readFileSync(path.join(SITE_DIR, name), 'utf8') }));
}

interface CountingModel {
  version: 1;
  /** Own text of a block → number of training pages it is on. */
  counts: Map<string, number>;
  pages: number;
}

/**
 * A tiny site algorithm for tests (the registry on main may have none yet): a block whose text is on
 * every training page is template; everything else is content.
 */
export const COUNTING_SITE_ALGORITHM: SiteExtractor<CountingModel> = {
  kind: 'site',
  name: 'counting',
  description: 'test: texts on every other page are template',
  defaultTrainPages: 2,
  learn(pages: readonly Page[]) {
    const counts = new Map<string, number>();
    for (const page of pages) {
      const texts = new Set(buildBlockTree(parseHtml(page.html)).blocks.map((block) => block.ownText).filter(Boolean));
      for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    return { version: 1, counts, pages: pages.length };
  },
  extract(model, page) {
    const tree = buildBlockTree(parseHtml(page.html));
    const blocks = tree.blocks
      .filter((block) => block.ownText)
      .map((block) =>
        (model.counts.get(block.ownText) ?? 0) >= model.pages
          ? labelBlock(block, 'boilerplate', `on all ${model.pages} training pages`)
          : labelBlock(block, 'content', 'not in the template'),
      );
    return makeExtraction(blocks);
  },
};

/** A page algorithm that always throws, to check that one failure does not fail the request. */
export const FAILING_ALGORITHM: Extractor = {
  kind: 'page',
  name: 'failing',
  description: 'test: throws',
  extract() {
    throw new Error('boom');
  },
};
