import { describe, expect, it } from 'vitest';
import { lcsLength, lcsWordScores } from './lcs.js';

/** Textbook O(n·m) dynamic programme, for checking the bit-parallel one on small inputs. */
function referenceLcs(a: number[], b: number[]): number {
  const previous = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = previous[j];
      previous[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(previous[j], previous[j - 1]);
      diagonal = up;
    }
  }
  return previous[b.length];
}

/** A deterministic pseudo-random sequence (no Math.random in tests). */
function sequence(length: number, alphabet: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % alphabet;
  });
}

describe('lcsWordScores', () => {
  it("reproduces San & Aye's worked example (§VI.E): P = 4/5, R = 4/6, F1 = 8/11", () => {
    const scores = lcsWordScores('Title Copyright Some text in', 'Title Some text in the body');
    expect(scores).toMatchObject({ lcs: 4, extractedWords: 5, goldWords: 6 });
    expect(scores.precision).toBeCloseTo(4 / 5, 12);
    expect(scores.recall).toBeCloseTo(4 / 6, 12);
    expect(scores.f1).toBeCloseTo(8 / 11, 12);
  });

  it.each([
    ['both empty', '', '', { precision: 1, recall: 1, f1: 1 }],
    ['empty extraction', '', 'gold words', { precision: 0, recall: 0, f1: 0 }],
    ['empty gold', 'extra words', '', { precision: 0, recall: 0, f1: 0 }],
    ['identical', 'a b c', 'A, b; c!', { precision: 1, recall: 1, f1: 1 }],
  ])('%s', (_name, extracted, gold, expected) => {
    expect(lcsWordScores(extracted, gold)).toMatchObject(expected);
  });

  it('counts a subsequence, not a substring', () => {
    expect(lcsWordScores('a x b y c', 'a b c').lcs).toBe(3);
  });
});

describe('lcsLength', () => {
  it.each([
    [0, 40, 3],
    [1, 100, 5],
    [2, 300, 20],
    [3, 1000, 50],
  ])('matches the dynamic programme (seed %i, %i symbols, alphabet %i)', (seed, length, alphabet) => {
    const a = sequence(length, alphabet, seed + 1);
    const b = sequence(Math.round(length * 0.7), alphabet, seed + 101);
    expect(lcsLength(a, b)).toBe(referenceLcs(a, b));
    expect(lcsLength(b, a)).toBe(referenceLcs(a, b));
  });

  it('handles shared prefixes and suffixes and word boundaries at 32', () => {
    const a = [...Array(33).keys(), 99, ...Array(31).keys()];
    const b = [...Array(33).keys(), 98, ...Array(31).keys()];
    expect(lcsLength(a, b)).toBe(referenceLcs(a, b));
  });

  it('compares two 50,000-word texts in well under a second without an n×m table', () => {
    const words = (seed: number) => sequence(50_000, 5_000, seed).map((id) => `w${id}`).join(' ');
    const a = words(7);
    const b = words(11);
    const started = performance.now();
    const scores = lcsWordScores(a, b);
    const elapsed = performance.now() - started;
    expect(scores.extractedWords).toBe(50_000);
    expect(scores.lcs).toBeGreaterThan(1_000);
    // ~0.25 s on an idle machine (see the README); the bound leaves room for a CI runner loaded by the
    // other suites. An n×m dynamic programme would need 2.5·10⁹ cells: minutes, not seconds.
    expect(elapsed).toBeLessThan(10_000);
  });
});
