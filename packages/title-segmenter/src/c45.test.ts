import { describe, expect, it } from 'vitest';
import {
  addedErrors,
  binaryScores,
  crossValidateC45,
  normalQuantile,
  predictC45,
  trainC45,
  treeShape,
  validateDecisionTree,
} from './c45.js';

const names = { classes: ['no', 'yes'], features: ['a', 'b'] };

describe('normalQuantile and addedErrors (C4.5 pessimistic error)', () => {
  it.each([
    [0.5, 0],
    [0.75, 0.6744897501960817],
    [0.975, 1.959963984540054],
    [0.01, -2.3263478740408408],
  ])('normalQuantile(%f) = %f', (probability, expected) => {
    expect(normalQuantile(probability)).toBeCloseTo(expected, 6);
  });

  it.each([
    // N, e, CF, expected added errors (values from Weka's Stats.addErrs / C4.5's AddErrs)
    [6, 0, 0.25, 6 * (1 - Math.pow(0.25, 1 / 6))],
    [1, 0, 0.25, 0.75],
    [2, 2, 0.25, 0],
  ])('addedErrors(%i, %i, %f)', (total, errors, confidence, expected) => {
    expect(addedErrors(total, errors, confidence)).toBeCloseTo(expected, 6);
  });

  it('grows with the error count and shrinks relative to N as N grows', () => {
    expect(addedErrors(100, 10, 0.25)).toBeGreaterThan(0);
    expect(addedErrors(1000, 100, 0.25) / 1000).toBeLessThan(addedErrors(100, 10, 0.25) / 100);
  });
});

describe('trainC45', () => {
  it('finds a threshold split on a separable feature and ignores a noise feature', () => {
    const data: number[][] = [];
    const labels: number[] = [];
    for (let index = 0; index < 40; index++) {
      data.push([index, (index * 7) % 5]);
      labels.push(index >= 20 ? 1 : 0);
    }
    const tree = trainC45(data, labels, names);
    expect(tree.root).toMatchObject({ kind: 'split', feature: 0, threshold: 19 });
    expect(predictC45(tree, [3, 0])).toBe(0);
    expect(predictC45(tree, [30, 0])).toBe(1);
    expect(treeShape(tree)).toEqual({ leaves: 2, depth: 1 });
  });

  it('learns a two-level rule (a AND b)', () => {
    const data: number[][] = [];
    const labels: number[] = [];
    for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) {
      data.push([a, b]);
      labels.push(a >= 5 && b >= 5 ? 1 : 0);
    }
    const tree = trainC45(data, labels, names);
    for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) expect(predictC45(tree, [a, b])).toBe(a >= 5 && b >= 5 ? 1 : 0);
  });

  it('pruning removes splits that only fit label noise', () => {
    const data: number[][] = [];
    const labels: number[] = [];
    // 200 rows of class 0 with 6 scattered class-1 rows: no real structure.
    for (let index = 0; index < 206; index++) {
      data.push([index, (index * 37) % 101]);
      labels.push(index % 34 === 33 ? 1 : 0);
    }
    const unpruned = trainC45(data, labels, names, { prune: false });
    const pruned = trainC45(data, labels, names);
    expect(treeShape(pruned).leaves).toBeLessThanOrEqual(treeShape(unpruned).leaves);
    expect(pruned.root.kind).toBe('leaf');
    expect(predictC45(pruned, [33, 0])).toBe(0);
  });

  it('gives a leaf for pure data and keeps the class counts', () => {
    const tree = trainC45([[1, 1], [2, 2]], [1, 1], names);
    expect(tree.root).toEqual({ kind: 'leaf', label: 1, counts: [0, 2] });
  });

  it.each([
    [[], [], {}],
    [[[1, 2]], [0, 1], {}],
    [[[1, 2]], [2], {}],
    [[[1, 2]], [0], { confidence: 0.9 }],
  ])('rejects bad input %#', (data, labels, options) => {
    expect(() => trainC45(data, labels, names, options)).toThrow(/trainC45|confidence|class index/);
  });

  it('round-trips through JSON and validates', () => {
    const tree = trainC45([[0, 0], [1, 0], [2, 0], [3, 0], [10, 0], [11, 0], [12, 0], [13, 0]], [0, 0, 0, 0, 1, 1, 1, 1], names);
    const copy = validateDecisionTree(JSON.parse(JSON.stringify(tree)), 2);
    expect(predictC45(copy, [12, 0])).toBe(1);
    expect(() => validateDecisionTree({ version: 2 }, 2)).toThrow(/Retrain|retrain/);
    expect(() => validateDecisionTree(tree, 9)).toThrow(/features/);
  });
});

describe('binaryScores and crossValidateC45', () => {
  it('counts per class', () => {
    expect(binaryScores([1, 1, 0, 0, 0], [1, 0, 1, 0, 0])).toEqual({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 1,
      trueNegatives: 2,
      positivePrecision: 0.5,
      positiveRecall: 0.5,
      negativePrecision: 2 / 3,
      negativeRecall: 2 / 3,
    });
  });

  it('predicts every row out of fold, keeping groups together', () => {
    const data: number[][] = [];
    const labels: number[] = [];
    const groups: string[] = [];
    for (let index = 0; index < 100; index++) {
      data.push([index % 10, 0]);
      labels.push(index % 10 >= 5 ? 1 : 0);
      groups.push(`page${Math.floor(index / 10)}`);
    }
    const predicted = crossValidateC45(data, labels, groups, names, 10);
    expect(binaryScores(labels, predicted).positivePrecision).toBe(1);
    expect(binaryScores(labels, predicted).positiveRecall).toBe(1);
  });
});
