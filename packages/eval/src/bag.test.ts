import { describe, expect, it } from 'vitest';
import { bagScores, bagTokens, meanBagScores, snippetShare } from './bag.js';

describe('WCXB bag-of-words measure', () => {
  it.each([
    ['Hello, World! hello_there 42', ['hello', 'world', 'hello_there', '42']],
    ['Ünïcödé Straße — 東京 ٣', ['ünïcödé', 'straße', '東京', '٣']],
    ["don't stop", ['don', 't', 'stop']],
    ['', []],
  ])('tokenizes %j as lowercased \\w+ runs', (text, tokens) => {
    expect(bagTokens(text)).toEqual(tokens);
  });

  it.each([
    // predicted, gold, precision, recall
    ['a b c', 'a b c', 1, 1],
    ['c b a', 'a b c', 1, 1],
    ['a a b', 'a b b', 2 / 3, 2 / 3],
    ['a b c d', 'a b', 0.5, 1],
    ['x', 'a b', 0, 0],
    ['', 'a b', 0, 0],
  ])('scores %j against %j by multiset overlap', (predicted, gold, precision, recall) => {
    const scores = bagScores(predicted, gold);
    expect(scores.precision).toBeCloseTo(precision, 12);
    expect(scores.recall).toBeCloseTo(recall, 12);
    expect(scores.f1).toBeCloseTo(precision + recall ? (2 * precision * recall) / (precision + recall) : 0, 12);
  });

  it('scores a page with no main content 1 when nothing is extracted, else 0', () => {
    expect(bagScores('', ' — ')).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(bagScores('Menu', '')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('averages page scores, unweighted', () => {
    expect(meanBagScores([bagScores('a', 'a'), bagScores('x', 'a b c d e f')])).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(meanBagScores([])).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('finds snippets as lowercased substrings, undefined when there is none', () => {
    expect(snippetShare('The Quick brown fox\nJumps', ['quick BROWN', 'fox jumps', 'brown'])).toBeCloseTo(2 / 3, 12);
    expect(snippetShare('anything', [])).toBeUndefined();
  });
});
