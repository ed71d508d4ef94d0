import { describe, expect, it } from 'vitest';
import { DEFAULT_LINEBLOCK_OPTIONS, TUNED_SETTINGS, resolveLineBlockOptions } from './options.js';

describe('DEFAULT_LINEBLOCK_OPTIONS', () => {
  it('holds the numbers of San & Aye §IV.B and is frozen', () => {
    expect(DEFAULT_LINEBLOCK_OPTIONS).toMatchObject({ mode: 'paper', thresholdMethod: 'fixed', ttrThreshold: 30, attrThreshold: 0.2, tkdThreshold: 2, lambda: 1 });
    expect(Object.isFrozen(DEFAULT_LINEBLOCK_OPTIONS)).toBe(true);
    expect(Object.isFrozen(TUNED_SETTINGS)).toBe(true);
    expect(DEFAULT_LINEBLOCK_OPTIONS.lineBreakTags).toEqual(expect.arrayContaining(['p', 'div', 'h1', 'h2', 'li', 'td', 'tr', 'br']));
  });
});

describe('resolveLineBlockOptions', () => {
  it('gives the paper defaults, or the tuned settings for the tuned mode', () => {
    expect(resolveLineBlockOptions()).toEqual(DEFAULT_LINEBLOCK_OPTIONS);
    expect(resolveLineBlockOptions({ mode: 'tuned' })).toEqual({ ...DEFAULT_LINEBLOCK_OPTIONS, ...TUNED_SETTINGS, mode: 'tuned' });
  });

  it('lets explicit values win over the mode and ignores undefined ones (?? semantics, never ||)', () => {
    expect(resolveLineBlockOptions({ mode: 'tuned', ttrThreshold: 0, maxLineGap: undefined })).toMatchObject({ ttrThreshold: 0, maxLineGap: TUNED_SETTINGS.maxLineGap });
  });

  it.each([
    [{ mode: 'fast' }],
    [{ thresholdMethod: 'median' }],
    [{ ttrThreshold: -1 }],
    [{ lambda: Number.NaN }],
    [{ maxLineGap: Number.POSITIVE_INFINITY }],
  ])('refuses %j with INVALID_OPTIONS', (options) => {
    expect(() => resolveLineBlockOptions(options as never)).toThrowError(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});
