import { describe, expect, it } from 'vitest';
import { makeExtraction } from './render.js';
import { hasSiteFolderTraining, runExtractor, type ExtractorRun } from './run-extractor.js';
import type { Page, PageExtractor, SiteExtractor } from './types.js';

const page = (id: string, site?: string): Page => ({ id, site, html: `<p>${id}</p>` });
const PAGES = [page('a1', 'a'), page('a2', 'a'), page('b1', 'b'), page('a3', 'a'), page('b2', 'b')];
const said = (text: string) => makeExtraction([{ path: 'HTML.BODY.P', text, label: 'content', reason: 'test', order: 2, tag: 'p' }]);

const echo: PageExtractor = { kind: 'page', name: 'echo', description: 'test', extract: (input) => said(input.id) };

/** A site extractor whose model is the ids it learned from; learning fails on site `b`. */
function memo(learned: string[][] = []): SiteExtractor<string[]> {
  return {
    kind: 'site',
    name: 'memo',
    description: 'test',
    defaultTrainPages: 1,
    learn(pages) {
      if (pages.some((input) => input.site === 'b')) throw new Error('bad site');
      const ids = pages.map((input) => input.id);
      learned.push(ids);
      return ids;
    },
    extract: (model, input) => said(`${input.id} with ${model.join('+')}`),
  };
}

const summary = (runs: Iterable<ExtractorRun>) =>
  [...runs].map((run) => [run.page.id, run.extraction?.text ?? `${run.error?.stage}: ${(run.error?.cause as Error).message}`]);

describe('runExtractor', () => {
  it('runs a page extractor on every page in the given order, timing each', () => {
    const runs = [...runExtractor(echo, PAGES)];
    expect(runs.map((run) => run.page.id)).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
    expect(runs.every((run) => run.extractMs >= 0 && run.learnMs === 0 && run.trainingPages.length === 0)).toBe(true);
  });

  it('learns on the first pages of each site by default, once per site, and turns a learning failure into page errors', () => {
    const learned: string[][] = [];
    const runs = [...runExtractor(memo(learned), PAGES)];
    expect(learned).toEqual([['a1']]);
    expect(summary(runs)).toEqual([
      ['a2', 'a2 with a1'],
      ['a3', 'a3 with a1'],
      ['b2', 'learn: bad site'],
    ]);
    // Learning time is charged to the first page extracted with the model only.
    expect(runs[0].learnMs).toBeGreaterThanOrEqual(0);
    expect(runs[1].learnMs).toBe(0);
    expect(runs[0].trainingPages.map((input) => input.id)).toEqual(['a1']);
  });

  it('makes a page extractor skip the same training pages under perSite', () => {
    expect([...runExtractor(echo, PAGES, { training: { perSite: 2 } })].map((run) => run.page.id)).toEqual(['a3']);
  });

  it('learns once from given pages (or a function of none) and extracts every page', () => {
    const learned: string[][] = [];
    const extractor = memo(learned);
    expect(summary(runExtractor(extractor, [page('x'), page('y')], { training: { pages: [page('t1'), page('t2')] } }))).toEqual([
      ['x', 'x with t1+t2'],
      ['y', 'y with t1+t2'],
    ]);
    const failing = () => {
      throw new Error('no folder');
    };
    expect(summary(runExtractor(extractor, [page('x'), page('y')], { training: { pages: failing } }))).toEqual([
      ['x', 'learn: no folder'],
      ['y', 'learn: no folder'],
    ]);
    expect(learned).toEqual([['t1', 't2']]);
  });

  it('learns per page from its own training pages, with their notes', () => {
    const runs = [...runExtractor(memo(), [page('x'), page('y')], { training: { pagesFor: (input) => ({ pages: [page(`${input.id}-link`)], notes: ['followed 1 link'] }) } })];
    expect(summary(runs)).toEqual([
      ['x', 'x with x-link'],
      ['y', 'y with y-link'],
    ]);
    expect(runs[0].extraction?.notes).toEqual(['followed 1 link']);
  });

  it('extracts with a given model without learning', () => {
    const learned: string[][] = [];
    expect(summary(runExtractor(memo(learned), [page('x')], { training: { model: ['stored'] } }))).toEqual([['x', 'x with stored']]);
    expect(learned).toEqual([]);
  });

  it('records a failing page and goes on', () => {
    const fragile: PageExtractor = {
      ...echo,
      extract(input) {
        if (input.id === 'a2') throw new Error('boom');
        return said(input.id);
      },
    };
    expect(summary(runExtractor(fragile, PAGES.slice(0, 3)))).toEqual([
      ['a1', 'a1'],
      ['a2', 'extract: boom'],
      ['b1', 'b1'],
    ]);
  });

  it('passes options to learn and extract', () => {
    const seen: unknown[] = [];
    const extractor: SiteExtractor<null, { depth: number }> = {
      kind: 'site',
      name: 'options',
      description: 'test',
      defaultTrainPages: 0,
      learn(_pages, options) {
        seen.push(options);
        return null;
      },
      extract(_model, input, options) {
        seen.push(options);
        return said(input.id);
      },
    };
    [...runExtractor(extractor, [page('x')], { training: { pages: [] }, options: { depth: 3 } })];
    expect(seen).toEqual([{ depth: 3 }, { depth: 3 }]);
  });

  it('refuses a negative perSite', () => {
    expect(() => [...runExtractor(echo, PAGES, { training: { perSite: -1 } })]).toThrow(RangeError);
  });
});

describe('hasSiteFolderTraining', () => {
  it('tells extractors that gather their own training pages in a site folder', () => {
    expect(hasSiteFolderTraining(memo())).toBe(false);
    expect(hasSiteFolderTraining({ ...memo(), trainingPagesInFolder: () => ({ pages: [] }) })).toBe(true);
  });
});
