/**
 * Accuracy gate (floors in accuracy-floors.json, @winnow/eval's `accuracyGate`: fails below floor −
 * epsilon). Recomputes on the datasets: Rand and Dunn on mixed-dev.json for CP, CPS, CTSS at the paper's
 * thresholds (all 120 pages), and the DF extractor's LCS word scores (CP, leave-one-out) on the first 20
 * pages of cetd/bbc and cetd/wiki — a subset, to keep the run short. Metrics, loaders and the gate come
 * from @winnow/eval (a devDependency).
 */
import { parseHtml, type Page } from '@winnow/dom-blocks';
import { afterAll, describe, it } from 'vitest';
import { accuracyGate, dunnIndex, lcsWordScores, randIndex, type Dataset, type GateMeasure } from '@winnow/eval';
import {
  DISTANCE_MEASURES,
  clusterStructures,
  distanceAt,
  distanceMatrix,
  extractWithTemplateModel,
  learnTemplateModel,
  pageStructure,
  type DistanceMeasure,
} from '../src/index.js';

const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'template-cluster accuracy gate' });

const structuresOf = new WeakMap<Dataset, ReturnType<typeof pageStructure>[]>();

/** Rand and Dunn of clustering the dataset's pages by template with `measure` at the paper's thresholds. */
const clustering: GateMeasure = (dataset, gateCase) => {
  const measure = gateCase.algo as DistanceMeasure;
  if (!DISTANCE_MEASURES.includes(measure)) throw new Error(`${gateCase.algo} is not one of ${DISTANCE_MEASURES.join(', ')}`);
  let structures = structuresOf.get(dataset);
  if (!structures) structuresOf.set(dataset, (structures = dataset.pages.map((page) => pageStructure(parseHtml(page.html)))));
  const sites = dataset.pages.map((page) => page.site);
  const labels = clusterStructures(structures, { measure }).labels;
  const matrix = distanceMatrix(structures, measure);
  return { 'cluster.rand': randIndex(labels, sites), 'cluster.dunn': dunnIndex(sites, (i, j) => distanceAt(matrix, i, j)) };
};

/** DF over the template cluster of all the pages (each page's own cluster leaves it out), LCS scores averaged over pages. */
const leaveOneOut: GateMeasure = (dataset) => {
  const pages: Page[] = dataset.pages.map((page) => ({ id: page.id, html: page.html, site: page.site }));
  const model = learnTemplateModel(pages);
  const sums = { precision: 0, recall: 0, f1: 0 };
  pages.forEach((page, index) => {
    const scores = lcsWordScores(extractWithTemplateModel(model, page).text, dataset.pages[index].gold);
    sums.precision += scores.precision / pages.length;
    sums.recall += scores.recall / pages.length;
    sums.f1 += scores.f1 / pages.length;
  });
  return { 'lcs.macroPrecision': sums.precision, 'lcs.macroRecall': sums.recall, 'lcs.macroF1': sums.f1 };
};

describe('template-cluster accuracy gate', () => {
  afterAll(() => gate.save());
  for (const gateCase of gate.cases) {
    it(gateCase.name, (context) => gate.check(gateCase, gateCase.algo === 'cluster' ? leaveOneOut : clustering, context), 120_000);
  }
});
