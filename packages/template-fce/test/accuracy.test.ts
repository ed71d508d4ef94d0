/**
 * Accuracy gate (CONVENTIONS.md §6): recomputes word F1 and block F of CE and FastCE on a subset of the
 * datasets and fails below the pinned floor minus epsilon. Subset, to keep `pnpm test` short: four sites
 * (cetd/arstechnica, debian gri, postgresql15 and python311), templates from the first 25 pages, scored on the next 30. The full
 * figures come from `pnpm bench` (README).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { datasetsAvailable, datasetsDir, measureSite } from './measure.js';

interface Floors {
  epsilon: number;
  train: number;
  maxScored: number;
  sites: Record<string, Record<'ce' | 'fce', { f1: number; blockF1: number }>>;
}

const floors: Floors = JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../accuracy-floors.json'), 'utf8'));

if (!datasetsAvailable) console.warn(`template-fce accuracy gate skipped: no datasets at ${datasetsDir} (set DATASETS_DIR)`);

describe.skipIf(!datasetsAvailable)('accuracy floors (subset of four sites)', () => {
  it.each(Object.keys(floors.sites))('%s', (site) => {
    const figures = measureSite(site, { train: floors.train, maxScored: floors.maxScored });
    const measured = { ce: figures.ce, fce: figures.fce };
    for (const algorithm of ['ce', 'fce'] as const) {
      const floor = floors.sites[site][algorithm];
      expect.soft(measured[algorithm].f1, `${site} ${algorithm} word F1`).toBeGreaterThanOrEqual(floor.f1 - floors.epsilon);
      expect.soft(measured[algorithm].blockF1, `${site} ${algorithm} block F`).toBeGreaterThanOrEqual(floor.blockF1 - floors.epsilon);
    }
  }, 300_000);
});
