/**
 * Accuracy gate: recomputes lineblock's figures on the shared datasets with @winnow/eval's harness and
 * fails when one drops more than `epsilon` below its floor in `accuracy-floors.json`. Pages scored
 * (stated to keep the run modest): all 181 of scrapinghub-aeb, all 58 of cleaneval-dev, and the first 10
 * pages (name order) of each of cetd's six folders (60 pages; the README gives all 700). Each floor
 * records the hash of the pages it was measured on; a changed dataset fails with a message.
 *
 *   WINNOW_UPDATE_FLOORS=1 npx vitest run src/accuracy.test.ts   # raise floors to the measured figures (never lowers)
 */
import { afterAll, describe, it } from 'vitest';
import { accuracyGate } from '@winnow/eval';
import { evaluation } from './test-support/eval.js';

const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'lineblock accuracy gate' });

describe('lineblock accuracy floors', () => {
  afterAll(() => gate.save());
  for (const gateCase of gate.cases) {
    it(gateCase.name, (context) => gate.checkHarness(gateCase, evaluation.getAlgorithm(gateCase.algo), context), 300_000);
  }
});
