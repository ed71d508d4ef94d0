import { WinnowError, type Page } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATE_CLUSTER_OPTIONS,
  extractWithLinkedPages,
  extractWithTemplateModel,
  extractWithTrainingTexts,
  learnTemplateModel,
  trainingSetOf,
} from './template-detection.js';
import { templateClusterExtractor } from './site-folder.js';
import { pageStructure } from './structure.js';
import { ARTICLES, docsSite, newsPage, newsSite } from './test-support/fixtures.js';

const target = newsPage('target', 'Council votes on budget', ['The council approved the budget by seven votes to two.', 'Taxes stay unchanged.']);

describe('extractWithLinkedPages (Gottron 2008 §3 and §6)', () => {
  it('removes the template texts and keeps the article', () => {
    const extraction = extractWithLinkedPages(target, [...newsSite(), ...docsSite()]);
    expect(extraction.text).toBe('Council votes on budget\nThe council approved the budget by seven votes to two.\nTaxes stay unchanged.');
    expect(extraction.notes[0]).toBe("training set: 6 of 10 pages in the page's template cluster (CP ≤ 0.7)");
    expect(extraction.notes[1]).toMatch(/^DF template detection: \d+ of \d+ text nodes removed \(DF > 1\/3 of 6 training pages\)$/);
    const footer = extraction.blocks.find((block) => block.text === 'Copyright Daily Planet 2008');
    expect(footer?.label).toBe('boilerplate');
    expect(footer?.reason).toBe('all 1 text nodes in > 1/3 of 6 training pages');
  });

  it.each(['cp', 'cps', 'ctss'] as const)('keeps pages of other templates out of the training set (%s)', (measure) => {
    const model = learnTemplateModel([...newsSite(), ...docsSite()], { measure });
    const members = trainingSetOf(model, pageStructure(target.html as string, { shingleLength: model.shingleLength })[measure === 'cp' ? 'paths' : measure === 'cps' ? 'pathShingles' : 'tagShingles']);
    expect(members.map((index) => model.pages[index].id)).toEqual(newsSite().map((page) => page.id));
  });

  it('keeps a text that appears on at most a third of the training pages', () => {
    // "Traffic is expected to ease." is on 1 of 6 pages (1/6 ≤ 1/3): kept. The nav is on 6 of 6: removed.
    const page = newsPage('t', 'Bridge follow-up', ['Traffic is expected to ease.']);
    const extraction = extractWithLinkedPages(page, newsSite());
    expect(extraction.text).toContain('Traffic is expected to ease.');
    expect(extraction.text).not.toContain('Most read');
    // With a threshold of 0.1 the same text (1/6 ≈ 0.17) is template.
    expect(extractWithLinkedPages(page, newsSite(), { dfThreshold: 0.1 }).text).not.toContain('Traffic');
  });

  it('keeps the surviving text nodes of a partly template block', () => {
    const page = newsPage('t', 'Note', ['Fresh words here.'], '<p>Storm hits coast <i>and more fresh words</i></p>');
    const block = extractWithLinkedPages(page, newsSite()).blocks.find((candidate) => candidate.text.includes('fresh words'));
    expect(block?.text).toBe('and more fresh words');
    expect(block?.reason).toBe('1 of 2 text nodes removed as template');
  });

  it('falls back to single-page extraction when the cluster is too small, and says so', () => {
    const extraction = extractWithLinkedPages(target, docsSite());
    expect(extraction.notes[0]).toBe(
      "training set: 0 of 4 pages in the page's template cluster (CP ≤ 0.7): fewer than 2, fell back to single-page extraction",
    );
    expect(extraction.text).toContain('Daily Planet'); // plain keeps everything
    expect(extraction.text).toContain('Taxes stay unchanged.');
    const custom = extractWithLinkedPages(target, newsSite().slice(0, 3), {
      minTrainingPages: 4,
      fallback: () => ({ blocks: [], text: '', notes: ['custom fallback'], unit: 'block' }),
    });
    expect(custom.notes).toEqual([
      "training set: 3 of 3 pages in the page's template cluster (CP ≤ 0.7): fewer than 4, fell back to single-page extraction",
      'custom fallback',
    ]);
  });

  it('reports "no main content" as a result when the page repeats a training page', () => {
    const extraction = extractWithLinkedPages({ ...newsSite()[0], id: 'a copy' }, newsSite().slice(0, 2));
    expect(extraction.text).toBe('');
    expect(extraction.notes).toContain('no main content found: every text node is template');
  });
});

describe('the model', () => {
  it('is plain data that survives JSON', () => {
    const model = learnTemplateModel(newsSite());
    expect(model.version).toBe(1);
    expect(model.labels).toEqual([0, 0, 0, 0, 0, 0]);
    const copy = JSON.parse(JSON.stringify(model));
    expect(extractWithTemplateModel(copy, target)).toEqual(extractWithTemplateModel(model, target));
  });

  it('leaves the page itself out of its training set (leave-one-out on a whole site)', () => {
    const site = newsSite();
    const model = learnTemplateModel(site);
    const extraction = extractWithTemplateModel(model, site[0]);
    expect(extraction.notes[0]).toBe("training set: 5 of 6 pages in the page's template cluster (CP ≤ 0.7)");
    expect(extraction.text).toBe(`${ARTICLES[0].title}\n${ARTICLES[0].paragraphs.join('\n')}`);
  });

  it('leaves unreadable training pages out and says so', () => {
    const binary: Page = { id: 'logo.html', html: Uint8Array.from({ length: 2000 }, (_, index) => (index * 7) % 32) };
    const model = learnTemplateModel([...newsSite(), binary]);
    expect(model.skipped).toEqual([{ id: 'logo.html', reason: expect.stringMatching(/^BINARY_INPUT: /) }]);
    const extraction = extractWithTemplateModel(model, target);
    expect(extraction.notes[1]).toBe('1 training page(s) unreadable and left out, e.g. logo.html');
    expect(extraction.text).toContain('Taxes stay unchanged.');
  });

  it('refuses something that is not a model', () => {
    expect(() => extractWithTemplateModel({ version: 2 } as never, target)).toThrow(WinnowError);
    expect(() => extractWithTemplateModel({} as never, target)).toThrow(/learnTemplateModel/);
  });

  it('refuses bad options with INVALID_OPTIONS', () => {
    expect(() => learnTemplateModel(newsSite(), { dfThreshold: 2 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => learnTemplateModel(newsSite(), { minTrainingPages: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  it('learns from nothing and then falls back', () => {
    const model = learnTemplateModel([]);
    expect(extractWithTemplateModel(model, target).notes[0]).toMatch(/fell back to single-page extraction$/);
  });

  it('has the SiteExtractor shape', () => {
    const model = templateClusterExtractor.learn(newsSite());
    expect(templateClusterExtractor.name).toBe('cluster');
    expect(templateClusterExtractor.extract(model, target).text).toContain('Taxes stay unchanged.');
  });
});

describe('extractWithTrainingTexts', () => {
  it('applies DF to given training texts without clustering', () => {
    const page: Page = { id: 'p', html: '<html><body><p>menu</p><p>story</p></body></html>' };
    const extraction = extractWithTrainingTexts(page, [['menu'], ['menu', 'other'], ['x']]);
    expect(extraction.text).toBe('story');
  });

  it('keeps everything with no training texts', () => {
    const page: Page = { id: 'p', html: '<html><body><p>menu</p><p>story</p></body></html>' };
    expect(extractWithTrainingTexts(page, []).text).toBe('menu\nstory');
  });
});

describe('DEFAULT_TEMPLATE_CLUSTER_OPTIONS', () => {
  it('holds the paper values', () => {
    expect(DEFAULT_TEMPLATE_CLUSTER_OPTIONS.dfThreshold).toBeCloseTo(1 / 3, 12);
    expect(DEFAULT_TEMPLATE_CLUSTER_OPTIONS.measure).toBe('cp');
    expect(Object.isFrozen(DEFAULT_TEMPLATE_CLUSTER_OPTIONS)).toBe(true);
    expect(ARTICLES.length).toBe(6);
  });
});
