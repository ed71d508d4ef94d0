/**
 * Accuracy gate on the datasets (@winnow/eval's `accuracyGate`): the first 30 pages (name order) of every
 * cetd single-site folder and debian-sites site, scored from the 10th page on, must stay at or above the
 * floors of `accuracy-floors.json` (minus epsilon); the table's storage ratio must stay at or below its
 * ceiling. A subset keeps the run modest; `pnpm figures` measures all pages.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { accuracyGate, type GateMeasure } from '@winnow/eval';
import { measureSite, SITES, WARM_PAGES } from '../bench/measure.js';

const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'segment-table accuracy gate' });

const measure: GateMeasure = (dataset, gateCase) => {
  expect(gateCase.train, 'train is the warm-up pages, scored from the next page on').toBe(WARM_PAGES);
  const figures = measureSite(dataset.name, dataset.pages, {}, { timing: false, plain: false });
  return {
    'lcs.macroF1': figures.f1,
    'templateBlocks.microPrecision': figures.templatePrecision,
    'templateBlocks.microRecall': figures.templateRecall,
    'table.storageRatio': figures.storageRatio,
  };
};

describe('segment-table accuracy on the first 30 pages of each site', () => {
  afterAll(() => gate.save());

  it('has floors for every site', () => {
    expect([...new Set(gate.cases.map((gateCase) => gateCase.dataset))].sort()).toEqual([...SITES].sort());
  });

  for (const gateCase of gate.cases) it(gateCase.name, (context) => gate.check(gateCase, measure, context), 120_000);
});
