import { describe, expect, it } from 'vitest';
import { isWinnowError } from '@winnow/dom-blocks';
import { DEFAULT_SEGMENT_TABLE_OPTIONS, expiryPage, resolveOptions, segmentLifetime } from './options.js';

describe('options', () => {
  it('has frozen paper defaults', () => {
    expect(Object.isFrozen(DEFAULT_SEGMENT_TABLE_OPTIONS)).toBe(true);
    expect(DEFAULT_SEGMENT_TABLE_OPTIONS).toMatchObject({ minTemplateDf: 5, templateRatio: 0.7 });
    expect(DEFAULT_SEGMENT_TABLE_OPTIONS.layoutTags).toEqual(expect.arrayContaining(['table', 'div']));
  });

  it('merges with ?? so that zero is kept', () => {
    expect(resolveOptions({ templateRatio: 0 }).templateRatio).toBe(0);
    expect(resolveOptions({}).baseLifetime).toBe(DEFAULT_SEGMENT_TABLE_OPTIONS.baseLifetime);
  });

  it.each([
    [{ minTemplateDf: 0 }, 'minTemplateDf'],
    [{ templateRatio: 1.5 }, 'templateRatio'],
    [{ baseLifetime: 0 }, 'baseLifetime'],
    [{ lifetimeGrowth: 0.5 }, 'lifetimeGrowth'],
    [{ baseLifetime: Number.NaN }, 'baseLifetime'],
  ])('refuses %o', (options, name) => {
    try {
      resolveOptions(options);
      expect.unreachable();
    } catch (error) {
      expect(isWinnowError(error) && error.code).toBe('INVALID_OPTIONS');
      expect((error as Error).message).toContain(name);
    }
  });
});

describe('segmentLifetime (Wang et al. 2008 §2.4)', () => {
  const parameters = { baseLifetime: 10, lifetimeGrowth: 10 };
  it.each([
    [1, 10],
    [2, 100 / (1 + 9 * Math.exp(-1))],
    [5, 100 / (1 + 9 * Math.exp(-4))],
  ])('df %d lives %f pages', (df, expected) => {
    expect(segmentLifetime(df, parameters)).toBeCloseTo(expected, 10);
  });

  it('is Tb for a segment seen once and tends to Tb·N', () => {
    expect(segmentLifetime(1, { baseLifetime: 3, lifetimeGrowth: 50 })).toBe(3);
    expect(segmentLifetime(1000, parameters)).toBeCloseTo(100, 10);
    for (let df = 1; df < 30; df++) expect(segmentLifetime(df + 1, parameters)).toBeGreaterThanOrEqual(segmentLifetime(df, parameters));
  });

  it('with N = 1 every segment lives Tb', () => {
    expect(segmentLifetime(40, { baseLifetime: 7, lifetimeGrowth: 1 })).toBe(7);
  });

  it.each([
    // Seen on page 1 with t = 10: kept through page 10, removed by the shrinkage of page 11.
    [1, 1, { baseLifetime: 10, lifetimeGrowth: 10 }, 10],
    [5, 1, { baseLifetime: 1, lifetimeGrowth: 1 }, 5],
    [5, 1, { baseLifetime: 2.5, lifetimeGrowth: 1 }, 7],
  ])('a segment last seen on page %d with df %d is kept through page %#', (lastSeen, df, parameters, expected) => {
    expect(expiryPage(lastSeen, df, parameters)).toBe(expected);
  });
});
