import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateInput } from './generate.js';
import { formatSummary, replay, runFuzz, type Reproducer } from './run.js';
import { shrink } from './shrink.js';

const REGRESSIONS = path.resolve(import.meta.dirname, '../regressions');

describe('generated inputs', () => {
  it('are the same for the same seed and index, and differ between indices', () => {
    const a = generateInput(7, 123);
    expect(generateInput(7, 123)).toEqual(a);
    expect(generateInput(7, 124).html).not.toEqual(a.html);
    expect(generateInput(8, 123).html).not.toEqual(a.html);
  });

  it('cover the mutations and parse families the run names', () => {
    const steps = new Set(Array.from({ length: 2_000 }, (_, index) => generateInput(1, index).steps).flat().map((step) => step.split(':')[0]));
    for (const step of ['truncate', 'drop-tags', 'double-tags', 'unclosed', 'nesting', 'siblings', 'attribute-flood', 'binary-junk', 'charset', 'bom', 'nuls', 'lone-surrogates', 'family', 'string']) {
      expect(steps, step).toContain(step);
    }
  });

  it('make the huge inputs on their schedule', () => {
    const deep = generateInput(1, 9, { hugeEvery: 10 });
    expect(deep.steps).toEqual(['deep-nesting']);
    expect(deep.html.length).toBeGreaterThan(5_000_000);
  });
});

describe('shrink', () => {
  it('removes what the failure does not need', async () => {
    const { input } = await shrink('aaaa<bad>bbbbbbbb<bad>cccc', async (candidate) => candidate.includes('<bad>'), { maxTrials: 1_000, maxMs: 10_000 });
    expect(input).toBe('<bad>');
  });

  it('shrinks bytes too, within its budget', async () => {
    const bytes = new Uint8Array(1_000).fill(1);
    bytes[500] = 0;
    const { input, trials } = await shrink(bytes, async (candidate) => candidate.includes(0), { maxTrials: 200, maxMs: 10_000 });
    expect([...input]).toEqual([0]);
    expect(trials).toBeLessThanOrEqual(200);
  });
});

const reproducers = readdirSync(REGRESSIONS).filter((file) => file.endsWith('.json'));

describe('regressions found by the fuzz run', () => {
  it.each(reproducers)('%s gives an extraction or a typed error everywhere, in time', async (file) => {
    const reproducer = JSON.parse(readFileSync(path.join(REGRESSIONS, file), 'utf8')) as Reproducer;
    expect(await replay(reproducer)).toBeNull();
  }, 300_000);
});

describe('the CI sample', () => {
  it('runs 2,000 inputs through every algorithm, the CLI and the demo without a crash or a hang', async () => {
    const summary = await runFuzz({ count: 2_000, seed: 2026, hugeEvery: 0, spawnEvery: 500 });
    console.log(formatSummary(summary));
    expect(summary.inputs).toBe(2_000);
    expect(summary.failures).toEqual([]);
    expect(summary.outcomes.ok).toBeGreaterThan(2_000);
  }, 600_000);
});
