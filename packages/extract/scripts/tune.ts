/*
 * Scores the bundled model on the cached corpus (no re-parsing): bag F1 by dataset and page type, on the
 * validation split (default) or all pages: at the model's threshold alone, and as `extract` decides
 * (the threshold, and the main region on pages that declare an article).
 *
 *   tsx scripts/tune.ts [validation|train|all]
 *   MODEL=<model file> tsx scripts/tune.ts   # another model (written by train.ts with MODEL_OUT)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONTEXT_FEATURE_COUNT, FEATURE_COUNT, contextFeatures, matrixRows } from '../src/features.js';
import { predictRaw, predictRows, sigmoid } from '../src/gbdt.js';
import type { ExtractModel } from '../src/model.js';
import { decideUnits, mainRegion } from '../src/decide.js';
import { bagF1, loadCorpus, type CorpusPage } from './corpus.js';

const model = JSON.parse(readFileSync(process.env.MODEL ?? fileURLToPath(new URL('../src/model/model.json', import.meta.url)), 'utf8')) as ExtractModel;

export function probabilities(page: CorpusPage): Float32Array {
  const n = page.labels.length;
  const first = predictRows(model.pass1, page.matrix, n);
  const context = contextFeatures(page, first);
  const row = new Float32Array(FEATURE_COUNT + CONTEXT_FEATURE_COUNT);
  const out = new Float32Array(n);
  for (let u = 0; u < n; u++) {
    row.set(page.matrix.subarray(u * FEATURE_COUNT, (u + 1) * FEATURE_COUNT), 0);
    row.set(context.subarray(u * CONTEXT_FEATURE_COUNT, (u + 1) * CONTEXT_FEATURE_COUNT), FEATURE_COUNT);
    out[u] = sigmoid(predictRaw(model.pass2, row, 0));
  }
  return out;
}


function main(): void {
  const which = process.argv[2] ?? 'validation';
  const pages = loadCorpus().filter((page) => which === 'all' || page.split === which);
  const variants: Record<string, (page: CorpusPage, p: Float32Array) => boolean[]> = {
    threshold: (_page, p) => Array.from(p, (value) => value >= model.threshold),
    // What `extract` decides: the threshold, and on pages declaring an article, REGION_OUTSIDE_THRESHOLD
    // outside the main region.
    region: (page, p) => {
      const article = page.article.ogArticle || page.article.schemaArticle;
      const region = article ? mainRegion(page.blockParents, page.unitBlocks, page.words, p, model.threshold) : undefined;
      return Array.from(decideUnits(matrixRows(page.matrix), p, model.threshold, region).content, (content) => content === 1);
    },
  };
  const groups = new Map<string, Map<string, number[]>>();
  for (const page of pages) {
    const p = probabilities(page);
    for (const [name, decide] of Object.entries(variants)) {
      const keep = decide(page, p);
      const f1 = bagF1(page, (u) => keep[u]);
      const byGroup = groups.get(name) ?? groups.set(name, new Map()).get(name)!;
      const group = page.dataset === 'wcxb' ? `wcxb:${page.type}` : page.dataset === 'cetd' ? `cetd:${page.type}` : page.dataset;
      for (const key of [group, page.dataset === 'wcxb' ? 'wcxb' : 'other']) (byGroup.get(key) ?? byGroup.set(key, []).get(key)!).push(f1);
    }
  }
  for (const [name, byGroup] of groups) {
    const summary = Object.fromEntries([...byGroup].sort().map(([key, list]) => [key, Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 1000) / 1000]));
    console.log(name, JSON.stringify(summary));
  }
}

if (process.argv[1]?.endsWith("tune.ts")) main();
