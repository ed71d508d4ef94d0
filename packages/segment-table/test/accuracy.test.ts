/**
 * Accuracy gate on the datasets: the first `ACCURACY_PAGES` pages (name order) of every cetd single-site
 * folder and debian-sites site, scored from the 10th page on, must stay at or above the floors of
 * `accuracy-floors.json` (minus EPSILON); the table's storage ratio must stay at or below its ceiling.
 * A subset keeps the run modest; `pnpm figures` measures all pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATASETS_DIR, datasetExists, loadSite, measureSite, SITES } from '../bench/measure.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const floors = JSON.parse(readFileSync(path.join(here, '..', 'accuracy-floors.json'), 'utf8')) as {
  pages: number;
  epsilon: number;
  sites: Record<string, { f1: number; templatePrecision: number; templateRecall: number; storageRatioCeiling: number }>;
};

const exists = datasetExists();
if (!exists) console.warn(`segment-table accuracy: datasets not found at ${DATASETS_DIR} (set DATASETS_DIR); skipping the accuracy gate`);

describe.skipIf(!exists)(`segment-table accuracy on the first ${floors.pages} pages of each site`, () => {
  it('has a floor for every site', () => {
    expect(Object.keys(floors.sites).sort()).toEqual([...SITES].sort());
  });

  it.each(SITES.map((site) => [site]))('%s stays above its floors', (site) => {
    const figures = measureSite(site, loadSite(site, floors.pages), {}, { timing: false, plain: false });
    const floor = floors.sites[site];
    expect(figures.f1).toBeGreaterThanOrEqual(floor.f1 - floors.epsilon);
    expect(figures.templatePrecision).toBeGreaterThanOrEqual(floor.templatePrecision - floors.epsilon);
    expect(figures.templateRecall).toBeGreaterThanOrEqual(floor.templateRecall - floors.epsilon);
    expect(figures.storageRatio).toBeLessThanOrEqual(floor.storageRatioCeiling + floors.epsilon);
  }, 120_000);
});
