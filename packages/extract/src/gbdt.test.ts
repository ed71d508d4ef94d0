import { describe, expect, it } from 'vitest';
import { predictRaw, predictRows, trainGbdt, type GbdtModel } from './gbdt.js';

describe('boosted trees', () => {
  it('learn an interaction no single feature separates (xor)', () => {
    const rows = 400;
    const matrix = new Float32Array(rows * 2);
    const labels = new Uint8Array(rows);
    for (let row = 0; row < rows; row++) {
      const a = row % 2;
      const b = Math.floor(row / 2) % 2;
      matrix[row * 2] = a + (row % 7) * 0.01;
      matrix[row * 2 + 1] = b + (row % 5) * 0.01;
      labels[row] = a ^ b;
    }
    const model = trainGbdt(matrix, labels, new Float32Array(rows).fill(1), 2, { trees: 30, depth: 2, subsample: 1, colsample: 1 });
    const p = predictRows(model, matrix, rows);
    let correct = 0;
    for (let row = 0; row < rows; row++) if ((p[row] >= 0.5 ? 1 : 0) === labels[row]) correct++;
    expect(correct).toBe(rows);
  });

  it('refuse a tree whose child comes before its parent (a walk that would never end)', () => {
    const looped: GbdtModel = { base: 0, featureCount: 1, trees: [{ feature: [0, -1], threshold: [0.5, 0], left: [0, 1], right: [1, 1], value: [0, 1] }] };
    expect(() => predictRaw(looped, [0])).toThrow(expect.objectContaining({ code: 'INVALID_MODEL' }));
    const sound: GbdtModel = { base: 0, featureCount: 1, trees: [{ feature: [0, -1, -1], threshold: [0.5, 0, 0], left: [1, 0, 0], right: [2, 0, 0], value: [0, -1, 1] }] };
    expect(predictRaw(sound, [0])).toBe(-1);
    expect(predictRaw(sound, [1])).toBe(1);
  });
});
