/**
 * Accuracy gate: recomputes winnow's figures on the shared datasets with @winnow/eval's harness and fails
 * when one drops more than `epsilon` below its floor in `accuracy-floors.json`. Pages scored (stated to
 * keep the run modest): all 181 of scrapinghub-aeb and all 58 of cleaneval-dev, single page; the first 10
 * pages (name order) of each of cetd's six folders, single page; the first 40 pages of each debian-sites
 * site, learning the site from the first 25 and scoring the other 15. Each floor records the hash of the
 * pages it was measured on.
 *
 *   WINNOW_UPDATE_FLOORS=1 npx vitest run src/accuracy.test.ts   # raise floors to the measured figures (never lowers)
 */
import { afterAll, describe, it } from 'vitest';
import { accuracyGate } from '@winnow/eval';
import { winnowExtractor } from './extractor.js';

const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'winnow accuracy gate' });

describe('winnow accuracy floors', () => {
  afterAll(() => gate.save());
  for (const gateCase of gate.cases) {
    it(gateCase.name, (context) => gate.checkHarness(gateCase, winnowExtractor, context), 600_000);
  }
});
