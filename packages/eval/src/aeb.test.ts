import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aebPageCounts, aebScore, unwrapPredictions } from './aeb.js';
import { defaultDatasetsDir } from './datasets.js';
import { missingData } from './gate.js';

describe('aebScore on small inputs', () => {
  it('is perfect for an exact match and normalises counts to sum to 1', () => {
    const text = 'one two three four five';
    expect(aebPageCounts(text, text)).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(aebScore({ a: { articleBody: text } }, { a: { articleBody: text } })).toMatchObject({ precision: 1, recall: 1, f1: 1 });
  });

  it('uses one shingle for texts shorter than four tokens', () => {
    expect(aebPageCounts('short text', 'short text')).toEqual({ tp: 1, fp: 0, fn: 0 });
  });

  it('leaves pages with empty predictions out of precision', () => {
    const truth = { a: { articleBody: 'w1 w2 w3 w4 w5' }, b: { articleBody: 'x1 x2 x3 x4 x5' } };
    const score = aebScore({ a: { articleBody: 'w1 w2 w3 w4 w5' }, b: { articleBody: '' } }, truth);
    expect(score.precision).toBe(1);
    expect(score.recall).toBe(0.5);
  });

  it('unwraps the { output } shape of some prediction files', () => {
    expect(unwrapPredictions({ output: { a: { articleBody: 'x' } } })).toEqual({ a: { articleBody: 'x' } });
    expect(unwrapPredictions({ a: { articleBody: 'x' } })).toEqual({ a: { articleBody: 'x' } });
  });
});

const root = path.join(defaultDatasetsDir(), 'scrapinghub-aeb');
const present = existsSync(path.join(root, 'ground-truth.json'));

describe('aebScore reproduces the published figures from peer-outputs/', () => {
  const groundTruth = present ? JSON.parse(readFileSync(path.join(root, 'ground-truth.json'), 'utf8')) : {};
  it.for([
    ['trafilatura', 0.958],
    ['readability_js', 0.947],
    ['html-text', 0.665],
    ['newspaper', 0.949],
    ['boilerpipe', 0.86],
    ['justext', 0.804],
    ['goose3', 0.896],
    ['readability', 0.922],
  ] as const)('%s: F1 %f ± 0.002', ([tool, published], context) => {
    if (!present) return missingData('aebScore published figures', root, context);
    const predictions = unwrapPredictions(JSON.parse(readFileSync(path.join(root, 'peer-outputs', `${tool}.json`), 'utf8')));
    expect(Math.abs(aebScore(predictions, groundTruth).f1 - published)).toBeLessThanOrEqual(0.002);
  });
});
