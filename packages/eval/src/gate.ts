import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WinnowError, type Extractor } from '@winnow/dom-blocks';
import { defaultDatasetsDir, loadDataset, type Dataset } from './datasets.js';
import { runHarness, type HarnessReport } from './harness.js';

/*
 * The accuracy gate every package uses (after trafilatura's tests/eval_gate.py and
 * tests/eval_baseline.json): floors per algorithm, dataset and named metric in one JSON schema, each with
 * the hash of the pages it was measured on. A measurement below floor − epsilon fails; an update
 * (`WINNOW_UPDATE_FLOORS=1`) raises floors to what was measured and refuses to lower one. Missing data
 * skips with a message, or fails under `WINNOW_REQUIRE_DATASETS=1` (CI).
 */

/** The harness's figures, each named with how it averages: micro pools words over pages, macro means per-page figures. */
export const HARNESS_METRICS = Object.freeze([
  'lcs.microF1',
  'lcs.microPrecision',
  'lcs.microRecall',
  'lcs.macroF1',
  'lcs.macroPrecision',
  'lcs.macroRecall',
  'pageBlocks.macroF1',
  'aeb.f1',
  'aeb.precision',
  'aeb.recall',
] as const);

export type HarnessMetric = (typeof HARNESS_METRICS)[number];

/** One pinned figure. Exactly one of `floor` (higher is better) and `ceiling` (lower is better). */
export interface GateFloor {
  algo: string;
  /** A dataset path under `DATASETS_DIR`: `scrapinghub-aeb`, `cetd/bbc`, `mixed-dev.json`. */
  dataset: string;
  /** Only the first N pages (name order) of each folder of the dataset (the page id up to its last `/`). */
  pages?: number;
  /** Only these page ids, in dataset order. */
  ids?: string[];
  /** `datasetHash` of the pages measured on; empty in a new entry until an update fills it. */
  datasetHash: string;
  /** A `HarnessMetric`, or a package's own figure (`cluster.rand`, `segments.storageRatio`). */
  metric: string;
  /** Pages per site learned from before scoring (site algorithms). */
  train?: number;
  floor?: number;
  ceiling?: number;
}

export interface FloorsFile {
  schema: 1;
  /** Noise allowed below a floor (above a ceiling) before the gate fails. */
  epsilon: number;
  note?: string;
  floors: GateFloor[];
}

/** The floors measured by one run: one algorithm on one selection of one dataset. */
export interface GateCase {
  /** `algo on dataset[ (selection)]`, for test names. */
  name: string;
  algo: string;
  dataset: string;
  pages?: number;
  ids?: string[];
  train?: number;
  floors: GateFloor[];
}

/** What a test framework offers to skip a running test (vitest's test context). */
export interface SkipContext {
  skip(note?: string): void;
}

export interface AccuracyGateOptions {
  /** Names the gate in messages (`lineblock accuracy gate`). */
  name: string;
  /** Default: `defaultDatasetsDir` from the floors file's folder. */
  datasetsDir?: string;
}

/** `WINNOW_REQUIRE_DATASETS=1`: a gate whose data is missing fails instead of skipping. */
export function datasetsRequired(): boolean {
  return process.env.WINNOW_REQUIRE_DATASETS === '1';
}

/** `WINNOW_UPDATE_FLOORS=1`: gates raise their floors to the measured figures (never lower one). */
export function updatingFloors(): boolean {
  return process.env.WINNOW_UPDATE_FLOORS === '1';
}

/**
 * What to do when a gate's data is missing: throw a `DATASET_NOT_FOUND` error naming the gate under
 * `WINNOW_REQUIRE_DATASETS=1`; otherwise skip through `context` (or warn) and say how to run it.
 */
export function missingData(gate: string, where: string, context?: SkipContext): void {
  const message = `${gate}: no data at ${where}`;
  if (datasetsRequired()) {
    throw new WinnowError('DATASET_NOT_FOUND', `${message}. WINNOW_REQUIRE_DATASETS=1 makes missing data a failure: point DATASETS_DIR at the shared datasets.`);
  }
  const note = `${message} (set DATASETS_DIR): skipped`;
  if (context) context.skip(note);
  else console.warn(note);
}

/** A stable hash of the pages measured: ids, HTML bytes and gold text, in order (16 hex digits of SHA-256). */
export function datasetHash(pages: readonly { id: string; html: string | Uint8Array; gold?: string }[]): string {
  const hash = createHash('sha256');
  for (const page of pages) {
    hash.update(page.id).update(page.html);
    if (page.gold !== undefined) hash.update(page.gold);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The first `perFolder` pages of each folder (page id up to its last `/`), dataset order kept. */
export function firstPagesPerFolder(dataset: Dataset, perFolder: number): Dataset {
  const seen = new Map<string, number>();
  const pages = dataset.pages.filter((page) => {
    const folder = page.id.slice(0, Math.max(0, page.id.lastIndexOf('/')));
    const count = seen.get(folder) ?? 0;
    seen.set(folder, count + 1);
    return count < perFolder;
  });
  return { ...dataset, pages };
}

/** The harness report's figures under their gate names; the `aeb.*` ones only for scrapinghub-aeb. */
export function harnessMetrics(report: HarnessReport): Partial<Record<HarnessMetric, number>> {
  return {
    'lcs.microF1': report.f1,
    'lcs.microPrecision': report.precision,
    'lcs.microRecall': report.recall,
    'lcs.macroF1': report.macroF1,
    'lcs.macroPrecision': report.macroPrecision,
    'lcs.macroRecall': report.macroRecall,
    'pageBlocks.macroF1': report.blockF1,
    ...(report.aeb ? { 'aeb.f1': report.aeb.f1, 'aeb.precision': report.aeb.precision, 'aeb.recall': report.aeb.recall } : {}),
  };
}

const FIGURE_DIGITS = 4;
const round = (value: number) => Math.round(value * 10 ** FIGURE_DIGITS) / 10 ** FIGURE_DIGITS;

function invalid(file: string, message: string): never {
  throw new WinnowError('INVALID_OPTIONS', `${file}: ${message} (expected { schema: 1, epsilon, floors: [{ algo, dataset, datasetHash, metric, floor | ceiling }] }).`);
}

/** Reads and checks a floors file. */
export function readFloorsFile(file: string): FloorsFile {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as FloorsFile;
  if (parsed.schema !== 1) invalid(file, `schema ${String(parsed.schema)} is not 1`);
  if (typeof parsed.epsilon !== 'number' || !(parsed.epsilon >= 0)) invalid(file, 'epsilon must be a number ≥ 0');
  if (!Array.isArray(parsed.floors)) invalid(file, 'floors must be an array');
  const keys = new Set<string>();
  for (const [index, entry] of parsed.floors.entries()) {
    const where = `floors[${index}]`;
    for (const field of ['algo', 'dataset', 'metric'] as const) {
      if (typeof entry[field] !== 'string' || entry[field] === '') invalid(file, `${where}.${field} must be a non-empty string`);
    }
    if (typeof entry.datasetHash !== 'string') invalid(file, `${where}.datasetHash must be a string`);
    if ((entry.floor === undefined) === (entry.ceiling === undefined)) invalid(file, `${where} needs exactly one of floor and ceiling`);
    const bound = entry.floor ?? entry.ceiling;
    if (typeof bound !== 'number' || !Number.isFinite(bound)) invalid(file, `${where}: the floor or ceiling must be a number`);
    if (entry.train !== undefined && !(Number.isInteger(entry.train) && entry.train >= 0)) invalid(file, `${where}.train must be a whole number`);
    if (entry.pages !== undefined && !(Number.isInteger(entry.pages) && entry.pages > 0)) invalid(file, `${where}.pages must be a whole number > 0`);
    const key = `${caseKey(entry)}|${entry.metric}`;
    if (keys.has(key)) invalid(file, `${where} repeats ${entry.metric} of ${caseName(entry)}`);
    keys.add(key);
  }
  return parsed;
}

function caseKey(entry: GateFloor): string {
  return JSON.stringify([entry.algo, entry.dataset, entry.pages ?? null, entry.ids ?? null, entry.train ?? null]);
}

function caseName(entry: Pick<GateFloor, 'algo' | 'dataset' | 'pages' | 'ids' | 'train'>): string {
  const selection = [
    entry.pages !== undefined ? `first ${entry.pages} pages per folder` : '',
    entry.ids ? `${entry.ids.length} pages` : '',
    entry.train !== undefined ? `train ${entry.train}` : '',
  ].filter(Boolean);
  return `${entry.algo} on ${entry.dataset}${selection.length ? ` (${selection.join(', ')})` : ''}`;
}

/** Figures by metric name. */
export type GateFigures = Partial<Record<string, number>>;

/** A measurement of one case (synchronous, or a promise for measurements in a browser). */
export type GateMeasure = (dataset: Dataset, gateCase: GateCase) => GateFigures | Promise<GateFigures>;

export interface AccuracyGate {
  readonly name: string;
  readonly file: string;
  readonly datasetsDir: string;
  readonly epsilon: number;
  readonly cases: readonly GateCase[];
  /** The case's pages, or undefined (after skipping, or throwing under `WINNOW_REQUIRE_DATASETS=1`) when its data is missing. */
  load(gateCase: GateCase, context?: SkipContext): Dataset | undefined;
  /**
   * Loads the case's pages, measures them and compares every figure with its floor: throws one error
   * listing each figure below floor − epsilon (above ceiling + epsilon) and a dataset whose hash changed.
   * In update mode raises floors (lowers ceilings) to the measured figures instead; a figure worse than
   * its bound still fails, so an update never lowers a floor. Returns a promise when `measure` does.
   */
  check(gateCase: GateCase, measure: GateMeasure, context?: SkipContext): void | Promise<void>;
  /** `check` with the harness's figures of `algorithm` (learning on `train` pages per site). */
  checkHarness(gateCase: GateCase, algorithm: Extractor, context?: SkipContext): void;
  /** Writes the raised floors in update mode (call once, after the checks: vitest's `afterAll`). */
  save(): void;
}

/**
 * Loads a floors file (`{ schema: 1, epsilon, floors: [...] }`) and returns its gate: one case per
 * algorithm and page selection, to run as one test each.
 *
 *   const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'lineblock accuracy gate' });
 *   afterAll(() => gate.save());
 *   for (const gateCase of gate.cases) it(gateCase.name, (context) => gate.checkHarness(gateCase, algorithm, context));
 */
export function accuracyGate(floorsFile: string | URL, options: AccuracyGateOptions): AccuracyGate {
  const file = typeof floorsFile === 'string' ? path.resolve(floorsFile) : fileURLToPath(floorsFile);
  const floors = readFloorsFile(file);
  const datasetsDir = options.datasetsDir ?? defaultDatasetsDir(path.dirname(file));
  const update = updatingFloors();
  let changed = false;

  const byKey = new Map<string, GateCase>();
  for (const entry of floors.floors) {
    const key = caseKey(entry);
    let gateCase = byKey.get(key);
    if (!gateCase) {
      gateCase = { name: caseName(entry), algo: entry.algo, dataset: entry.dataset, pages: entry.pages, ids: entry.ids, train: entry.train, floors: [] };
      byKey.set(key, gateCase);
    }
    gateCase.floors.push(entry);
  }
  const loaded = new Map<string, Dataset>();

  function load(gateCase: GateCase, context?: SkipContext): Dataset | undefined {
    const where = path.join(datasetsDir, gateCase.dataset);
    if (!existsSync(where)) {
      missingData(`${options.name}, ${gateCase.name}`, where, context);
      return undefined;
    }
    const key = JSON.stringify([gateCase.dataset, gateCase.pages ?? null, gateCase.ids ?? null]);
    let dataset = loaded.get(key);
    if (!dataset) {
      dataset = loadDataset(where);
      if (gateCase.ids) {
        const wanted = new Set(gateCase.ids);
        dataset = { ...dataset, pages: dataset.pages.filter((page) => wanted.has(page.id)) };
        const missing = gateCase.ids.filter((id) => !dataset!.pages.some((page) => page.id === id));
        if (missing.length) throw new WinnowError('DATASET_NOT_FOUND', `${options.name}, ${gateCase.name}: pages ${missing.join(', ')} are not in ${where}.`);
      }
      if (gateCase.pages !== undefined) dataset = firstPagesPerFolder(dataset, gateCase.pages);
      loaded.set(key, dataset);
    }
    return dataset;
  }

  function check(gateCase: GateCase, measure: GateMeasure, context?: SkipContext): void | Promise<void> {
    const dataset = load(gateCase, context);
    if (!dataset) return;
    const figures = measure(dataset, gateCase);
    if (figures instanceof Promise) return figures.then((awaited) => compare(gateCase, dataset, awaited));
    compare(gateCase, dataset, figures);
  }

  function compare(gateCase: GateCase, dataset: Dataset, figures: GateFigures): void {
    const hash = datasetHash(dataset.pages);
    const failures: string[] = [];
    const report: string[] = [];
    for (const entry of gateCase.floors) {
      if (entry.datasetHash !== hash && !(update && entry.datasetHash === '')) {
        failures.push(
          `${entry.metric}: ${gateCase.dataset} changed since the floor was measured (hash ${entry.datasetHash || '(none)'}, now ${hash}); ` +
            'floors measured on other pages cannot be compared: review the entry, set its datasetHash to "" and re-measure with WINNOW_UPDATE_FLOORS=1',
        );
        continue;
      }
      const measured = figures[entry.metric];
      if (typeof measured !== 'number' || Number.isNaN(measured)) {
        failures.push(`${entry.metric}: the measurement gave no such figure (it gave ${Object.keys(figures).join(', ') || 'none'})`);
        continue;
      }
      const isFloor = entry.floor !== undefined;
      const bound = (isFloor ? entry.floor : entry.ceiling) as number;
      const worse = isFloor ? measured < bound - floors.epsilon : measured > bound + floors.epsilon;
      report.push(`${entry.metric} ${measured.toFixed(FIGURE_DIGITS)} (${isFloor ? 'floor' : 'ceiling'} ${bound})`);
      if (worse) {
        failures.push(
          `${entry.metric} ${measured.toFixed(FIGURE_DIGITS)} is ${isFloor ? 'below its floor' : 'above its ceiling'} ${bound} ${isFloor ? '−' : '+'} ${floors.epsilon}` +
            (update ? ': an update never lowers a floor (raises a ceiling); fix the regression, or change the entry by hand and say why' : ''),
        );
        continue;
      }
      if (update) {
        const better = isFloor ? Math.max(bound, round(measured)) : Math.min(bound, round(measured));
        if (better !== bound || entry.datasetHash !== hash) changed = true;
        if (isFloor) entry.floor = better;
        else entry.ceiling = better;
        entry.datasetHash = hash;
      }
    }
    console.log(`${options.name}, ${gateCase.name}, ${dataset.pages.length} pages: ${report.join(', ')}`);
    if (failures.length) throw new Error(`${options.name}, ${gateCase.name}:\n  ${failures.join('\n  ')}`);
  }

  return {
    name: options.name,
    file,
    datasetsDir,
    epsilon: floors.epsilon,
    cases: [...byKey.values()],
    load,
    check,
    checkHarness: (gateCase, algorithm, context) =>
      check(gateCase, (dataset) => harnessMetrics(runHarness(dataset, algorithm, gateCase.train === undefined ? {} : { train: gateCase.train })), context),
    save() {
      if (update && changed) writeFileSync(file, `${JSON.stringify(floors, null, 2)}\n`);
    },
  };
}
