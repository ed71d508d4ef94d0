/**
 * Accuracy gate (CONVENTIONS.md §6, @winnow/eval's `accuracyGate`): recomputes word F1 (LCS, micro) and
 * mean block F (over each extractor's own blocks) of CE and FastCE on a subset of the datasets and fails
 * below the pinned floor minus epsilon. Subset, to keep `pnpm test` short: four sites (cetd/arstechnica,
 * debian gri, postgresql15 and python311), templates from the first 25 pages, scored on the next 30.
 * The full figures come from `pnpm bench` (README).
 */
import { afterAll, describe, it } from 'vitest';
import { accuracyGate, type GateMeasure } from '@winnow/eval';
import { measureSite, type SiteFigures } from './measure.js';

const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'template-fce accuracy gate' });

/** One run measures CE and FastCE on a site: kept for the second of the two cases. */
const measured = new Map<string, SiteFigures>();

const measure: GateMeasure = (dataset, gateCase) => {
  const train = gateCase.train ?? 25;
  const key = `${dataset.name}|${train}|${dataset.pages.length}`;
  let figures = measured.get(key);
  if (!figures) measured.set(key, (figures = measureSite(dataset.name, { train, pages: dataset.pages })));
  const scores = gateCase.algo === 'ce' ? figures.ce : gateCase.algo === 'fce' ? figures.fce : undefined;
  if (!scores) throw new Error(`template-fce measures ce and fce, not ${gateCase.algo}`);
  return { 'lcs.microF1': scores.f1, 'ownBlocks.macroF1': scores.blockF1 };
};

describe('template-fce accuracy floors (subset of four sites)', () => {
  afterAll(() => gate.save());
  for (const gateCase of gate.cases) it(gateCase.name, (context) => gate.check(gateCase, measure, context), 300_000);
});
