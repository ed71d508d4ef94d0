/**
 * Accuracy gate (floors in accuracy-floors.json, fail below floor − 0.005). Recomputes on the
 * datasets: Rand and Dunn on mixed-dev.json for CP, CPS, CTSS at the paper's thresholds (all 120 pages),
 * and the DF extractor's LCS word scores (CP, leave-one-out) on the first 20 pages of cetd/bbc and
 * cetd/wiki — a subset, to keep the run short. Metrics and loaders from @winnow/eval (a devDependency).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHtml, type Page } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { defaultDatasetsDir, dunnIndex, lcsWordScores, loadDataset, randIndex } from '@winnow/eval';
import { DISTANCE_MEASURES, clusterStructures, distanceAt, distanceMatrix, extractWithTemplateModel, learnTemplateModel, pageStructure } from '../src/index.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const datasetsDir = defaultDatasetsDir(path.resolve(packageDir, '../..'));
const available = existsSync(path.join(datasetsDir, 'mixed-dev.json')) && existsSync(path.join(datasetsDir, 'cetd'));
if (!available) console.log(`template-cluster accuracy gate skipped: no datasets at ${datasetsDir} (set DATASETS_DIR)`);

const EPSILON = 0.005;
const floors = JSON.parse(readFileSync(path.join(packageDir, 'accuracy-floors.json'), 'utf8'));
const DF_SITES = ['bbc', 'wiki'];
const DF_PAGES = 20;

describe.skipIf(!available)('template-cluster accuracy gate', () => {
  const list: Array<{ html: string; site: string }> = available ? JSON.parse(readFileSync(path.join(datasetsDir, 'mixed-dev.json'), 'utf8')) : [];

  it('still reads the data the floors were measured on', () => {
    const hash = createHash('sha256');
    for (const entry of list) hash.update(readFileSync(path.join(datasetsDir, entry.html)));
    if (hash.digest('hex') !== floors.mixedDevSha256) console.warn('mixed-dev.json pages changed since the floors were measured');
    expect(list).toHaveLength(120);
  });

  it('clusters mixed-dev.json by template at the paper thresholds (Rand, Dunn)', () => {
    const sites = list.map((entry) => entry.site);
    const structures = list.map((entry) => pageStructure(parseHtml(new Uint8Array(readFileSync(path.join(datasetsDir, entry.html))))));
    for (const measure of DISTANCE_MEASURES) {
      const clustering = clusterStructures(structures, { measure });
      const matrix = distanceMatrix(structures, measure);
      const rand = randIndex(clustering.labels, sites);
      const dunn = dunnIndex(sites, (i, j) => distanceAt(matrix, i, j));
      console.log(`mixed-dev ${measure}: Rand ${rand.toFixed(3)} (floor ${floors.mixedDev[measure].rand}), Dunn ${dunn.toFixed(3)} (floor ${floors.mixedDev[measure].dunn})`);
      expect(rand).toBeGreaterThanOrEqual(floors.mixedDev[measure].rand - EPSILON);
      expect(dunn).toBeGreaterThanOrEqual(floors.mixedDev[measure].dunn - EPSILON);
    }
  }, 120_000);

  it.each(DF_SITES)('extracts cetd/%s by DF over its template cluster (LCS word P, R, F1)', (site) => {
    const dataset = loadDataset(path.join(datasetsDir, 'cetd', site));
    const subset = dataset.pages.slice(0, DF_PAGES);
    const pages: Page[] = subset.map((page) => ({ id: page.id, html: page.html, site: page.site }));
    const model = learnTemplateModel(pages);
    let precision = 0;
    let recall = 0;
    let f1 = 0;
    pages.forEach((page, index) => {
      const scores = lcsWordScores(extractWithTemplateModel(model, page).text, subset[index].gold);
      precision += scores.precision / pages.length;
      recall += scores.recall / pages.length;
      f1 += scores.f1 / pages.length;
    });
    const floor = floors.df[`cetd/${site}`];
    console.log(`cetd/${site} (${pages.length} pages): P ${precision.toFixed(3)} R ${recall.toFixed(3)} F1 ${f1.toFixed(3)} (floors ${JSON.stringify(floor)})`);
    expect(precision).toBeGreaterThanOrEqual(floor.precision - EPSILON);
    expect(recall).toBeGreaterThanOrEqual(floor.recall - EPSILON);
    expect(f1).toBeGreaterThanOrEqual(floor.f1 - EPSILON);
  }, 120_000);
});
