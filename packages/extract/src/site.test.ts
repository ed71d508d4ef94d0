import { describe, expect, it } from 'vitest';
import { emptySiteModel, mergeSiteModels, parseSiteModel, segmentKey } from './site.js';

describe('site models', () => {
  it('key block texts by their normalised text', () => {
    expect(segmentKey('Home  News\nSport')).toBe(segmentKey('home news sport'));
    expect(segmentKey('Home')).not.toBe(segmentKey('News'));
  });

  it('merge by adding counts', () => {
    const a = { ...emptySiteModel('s'), pages: 2, segments: { x: 2 }, paths: { 'HTML.BODY.P': { pages: 2, words: 10, contentWords: 8 } } };
    const b = { ...emptySiteModel('s'), pages: 1, segments: { x: 1, y: 1 }, paths: { 'HTML.BODY.P': { pages: 1, words: 5, contentWords: 5 } } };
    expect(mergeSiteModels(a, b)).toEqual({ version: 1, site: 's', pages: 3, segments: { x: 3, y: 1 }, paths: { 'HTML.BODY.P': { pages: 3, words: 15, contentWords: 13 } } });
  });

  it('load from JSON and refuse anything else', () => {
    const model = { ...emptySiteModel('s'), pages: 1 };
    expect(parseSiteModel(JSON.stringify(model))).toEqual(model);
    expect(() => parseSiteModel('{')).toThrow(/not valid JSON/);
    expect(() => parseSiteModel({ version: 99 })).toThrow(/Not a winnow site model/);
  });
});
