import { describe, expect, it } from 'vitest';
import { buildTemplate } from './fce.js';
import { FCE_TEMPLATE_VERSION, makeTemplate, mergeTemplates, parseTemplate, serializeTemplate, validateTemplate, type FceTemplate } from './template.js';
import { sitePages } from './test-support/site.js';

const base = (): FceTemplate =>
  makeTemplate({
    site: 'example.test',
    params: { similarityThreshold: 0.9, nonContentPageFraction: 0.2, extraBlockTags: [], collapseRepeatedTags: false, pageCount: 3 },
    paths: ['HTML.BODY.DIV.P', 'HTML.BODY.DIV.H2'],
    nonContent: [{ path: 'HTML.BODY.DIV.P', text: 'Share this page', vector: { '#links': 1, 'w:page': 1, 'w:share': 1, 'w:this': 1 } }],
  });

describe('template JSON', () => {
  it('has the documented shape, sorted, and survives a round trip', () => {
    const template = buildTemplate(sitePages(6));
    expect(Object.keys(template)).toEqual(['version', 'site', 'params', 'paths', 'nonContent', 'nonContentPaths']);
    expect(template.nonContentPaths).toEqual([...(template.nonContentPaths ?? [])].sort());
    expect(template.version).toBe(FCE_TEMPLATE_VERSION);
    expect(Object.keys(template.params).sort()).toEqual(['collapseRepeatedTags', 'extraBlockTags', 'nonContentPageFraction', 'pageCount', 'similarityThreshold']);
    expect(template.paths).toEqual([...template.paths].sort());
    const json = serializeTemplate(template);
    expect(parseTemplate(json)).toEqual(template);
    expect(serializeTemplate(buildTemplate(sitePages(6)))).toBe(json);
  });

  it.each([
    ['not JSON', '{ nope', /not valid JSON/],
    ['not an object', '[1, 2]', /JSON object/],
    ['an old version', JSON.stringify({ ...base(), version: 0 }), /version is 0, this package reads version 1/],
    ['a future version', JSON.stringify({ ...base(), version: 2 }), /rebuild the template/],
    ['no paths', JSON.stringify({ ...base(), paths: undefined }), /paths must be an array/],
    ['a bad path', JSON.stringify({ ...base(), paths: ['HTML BODY'] }), /paths\[0\] is not a traversal path/],
    ['a bad threshold', JSON.stringify({ ...base(), params: { ...base().params, similarityThreshold: 'high' } }), /params.similarityThreshold/],
    ['a bad vector', JSON.stringify({ ...base(), nonContent: [{ path: 'HTML.BODY', text: '', vector: { 'w:a': -1 } }] }), /nonContent\[0\]: vector\["w:a"\]/],
    ['no params', JSON.stringify({ ...base(), params: null }), /params must be an object/],
    ['a bad nonContentPaths', JSON.stringify({ ...base(), nonContentPaths: 'HTML.BODY' }), /nonContentPaths must be an array/],
    ['a bad non-content path', JSON.stringify({ ...base(), nonContentPaths: ['HTML..BODY'] }), /nonContentPaths\[0\] is not a traversal path/],
    ['no collapse flag', JSON.stringify({ ...base(), params: { ...base().params, collapseRepeatedTags: undefined } }), /collapseRepeatedTags must be true or false/],
  ])('refuses %s with INVALID_MODEL', (_name, json, message) => {
    expect(() => parseTemplate(json)).toThrowError(expect.objectContaining({ code: 'INVALID_MODEL', message: expect.stringMatching(message) }));
  });

  it('validates without throwing', () => {
    expect(validateTemplate(base())).toEqual({ value: base(), errors: [] });
    expect(validateTemplate(null).errors).toEqual(['a template is a JSON object']);
  });
});

describe('mergeTemplates', () => {
  it('unites paths and non-content blocks and sums page counts', () => {
    const other = makeTemplate({
      ...base(),
      paths: ['HTML.BODY.DIV.UL.LI', 'HTML.BODY.DIV.P'],
      nonContent: [
        base().nonContent[0],
        { path: 'HTML.BODY.DIV.UL.LI', text: 'Home', vector: { '#links': 1, 'w:home': 1 } },
      ],
      params: { ...base().params, pageCount: 4 },
    });
    const merged = mergeTemplates(base(), other);
    expect(merged.paths).toEqual(['HTML.BODY.DIV.H2', 'HTML.BODY.DIV.P', 'HTML.BODY.DIV.UL.LI']);
    expect(merged.nonContent.map((entry) => entry.text)).toEqual(['Share this page', 'Home']);
    expect(merged.params.pageCount).toBe(7);
    expect(mergeTemplates(base())).toEqual(base());
  });

  it('unites the never-content paths when every template has them, minus the merged content paths', () => {
    const a = { ...base(), nonContentPaths: ['HTML.BODY.DIV.UL.LI', 'HTML.BODY.FOOTER'] };
    const b = { ...base(), nonContentPaths: ['HTML.BODY.NAV'], paths: ['HTML.BODY.DIV.UL.LI'] };
    expect(mergeTemplates(a, b).nonContentPaths).toEqual(['HTML.BODY.FOOTER', 'HTML.BODY.NAV']);
    expect(mergeTemplates(a, base()).nonContentPaths).toBeUndefined();
  });

  it.each([
    ['different sites', { ...base(), site: 'other.test' }, /different sites/],
    ['different params', { ...base(), params: { ...base().params, similarityThreshold: 0.8 } }, /different params/],
    ['collapsed and full paths', { ...base(), params: { ...base().params, collapseRepeatedTags: true } }, /different params/],
    ['a wrong version', { ...base(), version: 9 }, /version is 9/],
  ])('refuses %s', (_name, other, message) => {
    expect(() => mergeTemplates(base(), other as FceTemplate)).toThrowError(expect.objectContaining({ code: 'INVALID_MODEL', message: expect.stringMatching(message) }));
  });
});
