import { describe, expect, it } from 'vitest';
import { MODEL_PREVIEW_ENTRIES, previewModel } from './model-preview.js';

describe('previewModel', () => {
  it('shows Maps, Sets and typed arrays as plain JSON', () => {
    const model = { version: 1, paths: new Map([['HTML.BODY.DIV', 3]]), seen: new Set(['a', 'b']), weights: new Float64Array([0.5, 1]) };
    expect(JSON.parse(previewModel(model, 10_000).json)).toEqual({ version: 1, paths: { 'HTML.BODY.DIV': 3 }, seen: ['a', 'b'], weights: [0.5, 1] });
    expect(previewModel(model, 10_000).truncated).toBe(false);
  });

  it('uses a model\'s own toJSON', () => {
    expect(JSON.parse(previewModel({ toJSON: () => ({ kind: 'template' }) }, 1_000).json)).toEqual({ kind: 'template' });
  });

  it.each([
    ['a long array', { rows: Array.from({ length: 1_000 }, (_, index) => index) }],
    ['a long string', { text: 'x'.repeat(5_000) }],
    ['deep nesting', JSON.parse('{"a":'.repeat(20) + '1' + '}'.repeat(20))],
    ['a huge table', { table: Array.from({ length: 300 }, () => Array.from({ length: 300 }, () => 'cell')) }],
  ])('bounds %s and says so', (_name, model) => {
    const preview = previewModel(model, 100_000);
    expect(preview.truncated).toBe(true);
    expect(preview.json.length).toBeLessThan(100_000);
    expect(() => JSON.parse(preview.json)).not.toThrow();
  });

  it('cuts at the character budget', () => {
    const preview = previewModel({ rows: Array.from({ length: MODEL_PREVIEW_ENTRIES }, (_, index) => `row ${index}`) }, 500);
    expect(preview.truncated).toBe(true);
    expect(preview.json).toMatch(/… \(\d+ more characters\)$/);
  });

  it('cuts cycles, and describes functions and DOM nodes', () => {
    const model: Record<string, unknown> = { name: 'm', learn: function learn() {}, node: { nodeType: 1, nodeName: 'DIV' } };
    model.self = model;
    expect(JSON.parse(previewModel(model, 1_000).json)).toEqual({ name: 'm', learn: '[function learn]', node: '[DOM DIV]', self: '[cycle]' });
  });

  it('never throws, even on a model whose toJSON does', () => {
    const preview = previewModel({ toJSON: () => { throw new Error('nope'); } }, 1_000);
    expect(preview).toEqual({ json: '"model could not be shown: nope"', truncated: true });
  });
});
