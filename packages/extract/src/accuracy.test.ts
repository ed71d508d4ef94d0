/**
 * Accuracy gate: recomputes winnow's figures on the shared datasets and fails when one drops more
 * than `epsilon` below its floor in `accuracy-floors.json`. Pages scored (stated to keep the run modest):
 * all 181 of scrapinghub-aeb, all 58 of cleaneval-dev, and the first 10 pages (name order) of each of
 * cetd's six folders (60 pages; the README gives all 700). Each floor records a hash of the pages it was
 * measured on; a changed dataset fails with a message instead of comparing apples with pears.
 *
 *   WINNOW_UPDATE_FLOORS=1 npx vitest run src/accuracy.test.ts   # raise floors to the measured figures (never lowers)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BASELINES, defaultDatasetsDir, loadDataset, runHarness, type Dataset, type SiteAlgorithm } from '@winnow/eval';
import { winnowExtractor } from './extractor.js';
import type { SiteModel } from './site.js';

const winnow: SiteAlgorithm<SiteModel> = {
  kind: 'site',
  name: 'winnow',
  description: winnowExtractor.description,
  defaultTrainPages: 0,
  learn: (pages) => winnowExtractor.learn(pages),
  extract: (model, page) => winnowExtractor.extract(model, page),
};
const evaluation = {
  defaultDatasetsDir,
  loadDataset,
  runHarness,
  getAlgorithm: (name: string) => (name === 'winnow' ? winnow : (BASELINES.find((algorithm) => algorithm.name === name) as (typeof BASELINES)[number])),
};

interface Floor {
  pages: number;
  hash: string;
  /** Micro-averaged LCS word F1 (the harness's headline figure). */
  lcsF1: number;
  /** Mean of per-page LCS word F1. */
  macroF1: number;
  /** The scrapinghub benchmark's own score (scrapinghub-aeb only). */
  aebF1?: number;
}

interface FloorsFile {
  epsilon: number;
  note: string;
  floors: Record<string, Record<string, Floor>>;
}

const FLOORS_FILE = fileURLToPath(new URL('../accuracy-floors.json', import.meta.url));
const floorsFile = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as FloorsFile;
const update = process.env.WINNOW_UPDATE_FLOORS === '1';
const ALGORITHMS = ['winnow'];
const CETD_PAGES_PER_FOLDER = 10;

const datasetsDir = evaluation.defaultDatasetsDir(path.dirname(FLOORS_FILE));
const available = ['scrapinghub-aeb', 'cleaneval-dev', 'cetd'].every((name) => existsSync(path.join(datasetsDir, name)));
if (!available) console.warn(`winnow accuracy: skipped, datasets not found under ${datasetsDir} (set DATASETS_DIR).`);

function sample(name: string): Dataset {
  const dataset = evaluation.loadDataset(path.join(datasetsDir, name));
  if (name !== 'cetd') return dataset;
  const perFolder = new Map<string, number>();
  const pages = dataset.pages.filter((page) => {
    const folder = page.id.split('/')[1];
    const seen = perFolder.get(folder) ?? 0;
    perFolder.set(folder, seen + 1);
    return seen < CETD_PAGES_PER_FOLDER;
  });
  return { ...dataset, name: 'cetd-sample', pages };
}

function hashOf(dataset: Dataset): string {
  const hash = createHash('sha256');
  for (const page of dataset.pages) hash.update(page.id).update(page.html).update(page.gold);
  return hash.digest('hex').slice(0, 16);
}

describe.skipIf(!available)('winnow accuracy floors', () => {
  const datasets = new Map<string, Dataset>();
  const datasetOf = (name: string): Dataset => {
    let dataset = datasets.get(name);
    if (!dataset) datasets.set(name, (dataset = sample(name)));
    return dataset;
  };

  const cases = ALGORITHMS.flatMap((algorithm) => ['scrapinghub-aeb', 'cleaneval-dev', 'cetd'].map((dataset) => [algorithm, dataset] as const));

  it.each(cases)('%s on %s stays above its floors', (algorithm, name) => {
    const dataset = datasetOf(name);
    const report = evaluation.runHarness(dataset, evaluation.getAlgorithm(algorithm));
    const measured: Floor = {
      pages: report.pages,
      hash: hashOf(dataset),
      lcsF1: round(report.f1),
      macroF1: round(report.macroF1),
      ...(report.aeb ? { aebF1: round(report.aeb.f1) } : {}),
    };
    const floor = floorsFile.floors[algorithm]?.[dataset.name];
    if (update) {
      const raised = floor && floor.hash === measured.hash ? raise(floor, measured) : measured;
      (floorsFile.floors[algorithm] ??= {})[dataset.name] = raised;
      return;
    }
    expect(floor, `no floor for ${algorithm} on ${dataset.name}: run with WINNOW_UPDATE_FLOORS=1`).toBeDefined();
    expect(measured.hash, `${dataset.name} changed since the floors were measured: re-measure with WINNOW_UPDATE_FLOORS=1`).toBe(floor.hash);
    for (const key of ['lcsF1', 'macroF1', 'aebF1'] as const) {
      if (floor[key] === undefined) continue;
      expect(measured[key], `${algorithm} ${dataset.name} ${key}`).toBeGreaterThanOrEqual((floor[key] as number) - floorsFile.epsilon);
    }
  }, 300_000);

  afterAll(() => {
    if (update) writeFileSync(FLOORS_FILE, `${JSON.stringify(floorsFile, null, 2)}\n`);
  });
});

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function raise(floor: Floor, measured: Floor): Floor {
  return {
    ...floor,
    lcsF1: Math.max(floor.lcsF1, measured.lcsF1),
    macroF1: Math.max(floor.macroF1, measured.macroF1),
    ...(measured.aebF1 !== undefined ? { aebF1: Math.max(floor.aebF1 ?? 0, measured.aebF1) } : {}),
  };
}
