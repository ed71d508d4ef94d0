/**
 * The accuracy gate (after trafilatura's tests/eval_gate.py): every registered algorithm's figures from
 * the harness are pinned as floors in accuracy-floors.json; a change that lowers one by more than epsilon
 * fails. Floors only rise (`WINNOW_UPDATE_FLOORS=1`); missing datasets fail under
 * `WINNOW_REQUIRE_DATASETS=1`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { accuracyGate } from '@winnow/eval';
import { ALGORITHMS, getAlgorithm } from './index.js';

const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'algorithms accuracy gate' });

describe('accuracy gate', () => {
  afterAll(() => gate.save());

  it('has a floor for every registered algorithm', () => {
    const gated = new Set(gate.cases.map((gateCase) => gateCase.algo));
    const missing = ALGORITHMS.map((algorithm) => algorithm.name).filter((name) => !gated.has(name));
    expect(missing, 'add a floor entry (floor 0, datasetHash "") for each and measure it with WINNOW_UPDATE_FLOORS=1').toEqual([]);
  });

  for (const gateCase of gate.cases) {
    it(gateCase.name, (context) => gate.checkHarness(gateCase, getAlgorithm(gateCase.algo), context), 600_000);
  }
});
