/**
 * The accuracy gate (after trafilatura's tests/eval_gate.py): every algorithm's figures on the datasets
 * are pinned as floors in accuracy-floors.json; a change that lowers one by more than epsilon fails.
 * Floors only ever rise.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDatasetsDir, loadDataset, runHarness } from '@winnow/eval';
import { getAlgorithm } from './index.js';

interface Floor {
  dataset: string;
  algo: string;
  train?: number;
  f1?: number;
  aebF1?: number;
}

const gate = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../accuracy-floors.json'), 'utf8')) as { epsilon: number; floors: Floor[] };
const datasets = defaultDatasetsDir();
const present = existsSync(datasets);
if (!present) console.warn(`accuracy gate: no datasets at ${datasets} (set DATASETS_DIR): skipped`);

describe.skipIf(!present)('accuracy gate', () => {
  it.each(gate.floors.map((floor) => [`${floor.algo} on ${floor.dataset}`, floor] as const))('%s', (_name, floor) => {
    const report = runHarness(loadDataset(path.join(datasets, floor.dataset)), getAlgorithm(floor.algo), { train: floor.train });
    if (floor.f1 !== undefined) expect(report.f1).toBeGreaterThanOrEqual(floor.f1 - gate.epsilon);
    if (floor.aebF1 !== undefined) expect(report.aeb?.f1 ?? 0).toBeGreaterThanOrEqual(floor.aebF1 - gate.epsilon);
  }, 600_000);
});
