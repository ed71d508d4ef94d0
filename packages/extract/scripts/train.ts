/*
 * Trains the single-page model of @winnow/extract and writes src/model/model.json.
 *
 *   pnpm --filter @winnow/extract train            # uses the cached corpus (winnow-extract-cache in the temp folder, or $EXTRACT_CACHE), builds it when missing
 *   EXTRACT_REBUILD=1 pnpm --filter @winnow/extract train
 *
 * Two passes of gradient-boosted trees: pass 1 over the block's own, ancestor and page features; pass 2
 * adds context features computed from pass-1 probabilities of the neighbours, ancestors and same-path
 * blocks. Pass 2 trains on out-of-fold pass-1 probabilities (two folds split by site) so that it learns
 * from probabilities like those it will see on new pages.
 *
 * Trained on wcxb-dev, cetd, cleaneval-dev and debian-sites only (see corpus.ts for the train /
 * validation split); scrapinghub-aeb is never read.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONTEXT_FEATURE_COUNT, CONTEXT_FEATURE_NAMES, FEATURE_COUNT, FEATURE_NAMES, contextFeatures } from '../src/features.js';
import { compactModel, predictRows, trainGbdt, type GbdtModel, type GbdtTrainOptions } from '../src/gbdt.js';
import { MODEL_VERSION, type ExtractModel } from '../src/model.js';
import { bagF1, loadCorpus, type CorpusPage } from './corpus.js';

const DEPTH = Number(process.env.DEPTH ?? 5);
const PASS1: Partial<GbdtTrainOptions> = { trees: Number(process.env.TREES1 ?? 120), depth: DEPTH, learningRate: 0.15, subsample: 0.3, colsample: 0.6, minHessian: 2 };
const PASS2: Partial<GbdtTrainOptions> = { trees: Number(process.env.TREES2 ?? 120), depth: DEPTH, learningRate: 0.15, subsample: 0.3, colsample: 0.6, minHessian: 2 };
const THRESHOLD = Number(process.env.THRESHOLD ?? 0.4);

/** Per-page weight so each page counts the same; within a page, blocks count by their words. */
function pageWeights(page: CorpusPage): Float32Array {
  const n = page.words.length;
  let total = 0;
  for (let u = 0; u < n; u++) total += page.words[u] + 1;
  const weights = new Float32Array(n);
  for (let u = 0; u < n; u++) weights[u] = (100 * (page.words[u] + 1)) / total;
  return weights;
}

/**
 * Stacks pages into one training matrix. Blocks of few words weigh little and are many: they are
 * sampled (a one-word block with probability 0.2, rising to 1 at 8 words) and reweighted by 1/probability.
 */
function stack(pages: CorpusPage[], columns: number, matrixOf: (page: CorpusPage) => Float32Array) {
  let state = 12345;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const picked: [CorpusPage, number[]][] = [];
  let rows = 0;
  for (const page of pages) {
    const keep: number[] = [];
    for (let u = 0; u < page.labels.length; u++) if (next() < keepProbability(page.words[u])) keep.push(u);
    picked.push([page, keep]);
    rows += keep.length;
  }
  const matrix = new Float32Array(rows * columns);
  const labels = new Uint8Array(rows);
  const weights = new Float32Array(rows);
  let offset = 0;
  for (const [page, keep] of picked) {
    const source = matrixOf(page);
    const pageWeight = pageWeights(page);
    for (const u of keep) {
      matrix.set(source.subarray(u * columns, (u + 1) * columns), offset * columns);
      labels[offset] = page.labels[u];
      weights[offset] = pageWeight[u] / keepProbability(page.words[u]);
      offset++;
    }
  }
  return { matrix, labels, weights, rows };
}

function keepProbability(words: number): number {
  return Math.min(1, 0.1 + words / 8);
}

function pass2Matrix(page: CorpusPage, p: Float32Array): Float32Array {
  const context = contextFeatures(page, p);
  const n = page.labels.length;
  const columns = FEATURE_COUNT + CONTEXT_FEATURE_COUNT;
  const out = new Float32Array(n * columns);
  for (let u = 0; u < n; u++) {
    out.set(page.matrix.subarray(u * FEATURE_COUNT, (u + 1) * FEATURE_COUNT), u * columns);
    out.set(context.subarray(u * CONTEXT_FEATURE_COUNT, (u + 1) * CONTEXT_FEATURE_COUNT), u * columns + FEATURE_COUNT);
  }
  return out;
}


function report(label: string, pages: CorpusPage[], probability: Map<string, Float32Array>, threshold = THRESHOLD): Record<string, number> {
  const groups = new Map<string, number[]>();
  for (const page of pages) {
    const p = probability.get(page.id) as Float32Array;
    const f1 = bagF1(page, (u) => p[u] >= threshold);
    const group = page.dataset === 'wcxb' ? `wcxb:${page.type}` : page.dataset === 'cetd' ? `cetd:${page.type}` : page.dataset;
    for (const key of [group, page.dataset === 'wcxb' ? 'wcxb' : 'other']) {
      const list = groups.get(key) ?? [];
      list.push(f1);
      groups.set(key, list);
    }
  }
  const summary: Record<string, number> = {};
  for (const [key, list] of [...groups].sort()) summary[key] = Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 1000) / 1000;
  console.log(label, JSON.stringify(summary));
  return summary;
}

function siteFold(page: CorpusPage): number {
  return createHash('md5').update(page.site).digest()[0] % 2;
}

function main(): void {
  const corpus = loadCorpus(process.env.EXTRACT_REBUILD === '1');
  const train = corpus.filter((page) => page.split === 'train');
  const validation = corpus.filter((page) => page.split === 'validation');
  console.log(`corpus: ${train.length} training pages, ${validation.length} validation pages`);
  const started = Date.now();
  const time = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

  // Pass 1 on each fold, predicting the other (out-of-fold probabilities for pass 2).
  const oof = new Map<string, Float32Array>();
  for (const fold of [0, 1]) {
    const learn = train.filter((page) => siteFold(page) !== fold);
    const data = stack(learn, FEATURE_COUNT, (page) => page.matrix);
    const model = trainGbdt(data.matrix, data.labels, data.weights, FEATURE_COUNT, PASS1);
    for (const page of train.filter((candidate) => siteFold(candidate) === fold)) oof.set(page.id, predictRows(model, page.matrix, page.labels.length));
    console.log(`pass 1 fold ${fold}: ${data.rows} rows, ${time()}`);
  }
  const all = stack(train, FEATURE_COUNT, (page) => page.matrix);
  const pass1 = trainGbdt(all.matrix, all.labels, all.weights, FEATURE_COUNT, PASS1);
  console.log(`pass 1: ${all.rows} rows, ${time()}`);
  const validationP1 = new Map(validation.map((page) => [page.id, predictRows(pass1, page.matrix, page.labels.length)]));
  report('validation pass 1', validation, validationP1);

  const columns = FEATURE_COUNT + CONTEXT_FEATURE_COUNT;
  const data2 = stack(train, columns, (page) => pass2Matrix(page, oof.get(page.id) as Float32Array));
  const pass2 = trainGbdt(data2.matrix, data2.labels, data2.weights, columns, PASS2);
  console.log(`pass 2: ${time()}`);
  const validationP2 = new Map(validation.map((page) => [page.id, predictRows(pass2, pass2Matrix(page, validationP1.get(page.id) as Float32Array), page.labels.length)]));
  for (const threshold of [0.3, 0.4, 0.5, 0.6]) report(`validation pass 2 @${threshold}`, validation, validationP2, threshold);
  const oracle = new Map(validation.map((page) => [page.id, Float32Array.from(page.labels)]));
  report('validation label oracle', validation, oracle);

  const model: ExtractModel = {
    version: MODEL_VERSION,
    trainedOn: `wcxb-dev, cetd, cleaneval-dev, debian-sites (${train.length} pages, ${all.rows} blocks); scrapinghub-aeb never read`,
    featureNames: [...FEATURE_NAMES],
    contextNames: [...CONTEXT_FEATURE_NAMES],
    threshold: THRESHOLD,
    pass1: compactModel(pass1),
    pass2: compactModel(pass2),
  };
  const file = process.env.MODEL_OUT ?? fileURLToPath(new URL('../src/model/model.json', import.meta.url));
  writeFileSync(file, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${file} (${(JSON.stringify(model).length / 1024).toFixed(0)} KiB)`);
}

export type { GbdtModel };
main();
