import { makeExtraction, type Page, type PageExtractor, type SiteExtractor } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import type { Dataset } from './datasets.js';
import { runHarness } from './harness.js';

const encoder = new TextEncoder();
const page = (id: string, site: string, text: string, gold: string) => ({ id, site, html: encoder.encode(`<p>${text}</p>`), gold });
const dataset: Dataset = {
  kind: 'cetd',
  name: 'fixture',
  pages: [
    page('a1', 'a', 'alpha one', 'alpha one'),
    page('a2', 'a', 'alpha two', 'alpha two'),
    page('a3', 'a', 'alpha three', 'alpha three'),
    page('b1', 'b', 'beta one', 'beta one'),
    page('b2', 'b', 'beta two', 'beta two'),
  ],
};

const textOf = (input: Page) => new TextDecoder().decode(input.html as Uint8Array).replace(/<[^>]+>/g, '');
const contentBlock = (text: string) => ({ path: 'HTML.BODY.P', text, label: 'content' as const, reason: '', order: 1, tag: 'p' });

describe('runHarness', () => {
  it('scores a page algorithm on every page, with a failure counted as empty', () => {
    const algorithm: PageExtractor = {
      kind: 'page',
      name: 'echo',
      description: '',
      extract: (input) => {
        if (input.id === 'b2') throw new Error('boom');
        return makeExtraction([contentBlock(textOf(input))]);
      },
    };
    const progress: number[] = [];
    const report = runHarness(dataset, algorithm, { onProgress: (done) => progress.push(done) });
    expect(report).toMatchObject({ pages: 5, empty: 1, errors: 1, trainPages: 0, aeb: null });
    expect(report.macroF1).toBeCloseTo(0.8, 12);
    expect(report.results.find((result) => result.id === 'b2')?.error).toBe('boom');
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('trains a site algorithm on the first N pages of each site and scores the rest', () => {
    const learned: string[][] = [];
    const algorithm: SiteExtractor<string[]> = {
      kind: 'site',
      name: 'memo',
      description: '',
      defaultTrainPages: 1,
      learn: (pages) => {
        const ids = pages.map((input) => input.id);
        learned.push(ids);
        return ids;
      },
      extract: (model, input) => makeExtraction([contentBlock(`${textOf(input)}`)], [`model ${model.join(',')}`]),
    };
    const report = runHarness(dataset, algorithm, { train: 2 });
    // Site b has no page left to score, so nothing is learned for it.
    expect(learned).toEqual([['a1', 'a2']]);
    expect(report.results.map((result) => result.id)).toEqual(['a3']);
    expect(report.results[0].notes).toEqual(['model a1,a2']);
    expect(report.f1).toBe(1);
  });

  it('makes a page algorithm skip the training pages too, so both score the same pages', () => {
    const algorithm: PageExtractor = { kind: 'page', name: 'echo', description: '', extract: (input) => makeExtraction([contentBlock(textOf(input))]) };
    expect(runHarness(dataset, algorithm, { train: 1 }).results.map((result) => result.id)).toEqual(['a2', 'a3', 'b2']);
  });

  it('scores the pages of a site whose learning fails as failures, naming why, and goes on', () => {
    const algorithm: SiteExtractor<null> = {
      kind: 'site',
      name: 'fragile',
      description: '',
      defaultTrainPages: 1,
      learn: (pages) => {
        if (pages[0].site === 'a') throw new Error('bad bytes');
        return null;
      },
      extract: (_model, input) => makeExtraction([contentBlock(textOf(input))]),
    };
    const report = runHarness(dataset, algorithm);
    expect(report.results.filter((result) => result.error).map((result) => result.id)).toEqual(['a2', 'a3']);
    expect(report.results[0].error).toMatch(/learning on 1 page\(s\) of a failed: bad bytes/);
    expect(report.results.find((result) => result.id === 'b2')?.f1).toBe(1);
  });

  it('learns from no other page on a dataset whose pages are sites of their own, and refuses train there', () => {
    const learned: number[] = [];
    const algorithm: SiteExtractor<null> = {
      kind: 'site',
      name: 'memo',
      description: '',
      defaultTrainPages: 2,
      learn: (pages) => {
        learned.push(pages.length);
        return null;
      },
      extract: (_model, input) => makeExtraction([contentBlock(textOf(input))]),
    };
    const pages = dataset.pages.map((entry) => ({ ...entry, site: entry.id }));
    const singles: Dataset = { kind: 'wcxb', name: 'wcxb-fixture', pages, pagesAreSites: true };
    const report = runHarness(singles, algorithm);
    expect([report.pages, report.trainPages, learned]).toEqual([5, 0, [0, 0, 0, 0, 0]]);
    expect(() => runHarness(singles, algorithm, { train: 1 })).toThrow(/no two pages share a site.*without --train/);
  });
});
