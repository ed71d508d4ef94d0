/*
 * Training corpus of the single-page model: every page of the training datasets parsed once into unit
 * features and gold labels, cached (v8 serialisation) so the training loop never re-parses.
 *
 * Datasets (all under DATASETS_DIR): wcxb-dev, cetd, cleaneval-dev, debian-sites. scrapinghub-aeb is
 * never read here: it is the out-of-sample check.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync } from 'node:zlib';
import { parseHtml } from '@winnow/dom-blocks';
import { blockTreeOf, NOSCRIPT_FALLBACK_WORDS } from '../src/extract.js';
import { defaultDatasetsDir, indexGold, isGoldBlock, loadDataset } from '@winnow/eval';
import { FEATURE_COUNT, FEATURE_NAMES, featureMatrix, pageFeatures } from '../src/features.js';
import { articleSignals, type ArticleSignals } from '../src/page-kind.js';
import { unitTree } from '../src/decide.js';

export interface CorpusPage {
  id: string;
  dataset: 'wcxb' | 'cetd' | 'cleaneval' | 'debian';
  /** WCXB page type, else the dataset's folder. */
  type: string;
  site: string;
  split: 'train' | 'validation';
  /** First-pass features, `units × FEATURE_COUNT`. */
  matrix: Float32Array;
  /** For each unit, 1 when it lies inside the best container. */
  inBest: Uint8Array;
  labels: Uint8Array;
  words: Uint32Array;
  ancestors: Int32Array;
  pathIds: Int32Array;
  regionIds: Int32Array;
  blockCount: number;
  /** Token ids (page-local vocabulary) of each unit: `tokens[offsets[u] .. offsets[u + 1]]`. */
  tokens: Int32Array;
  offsets: Int32Array;
  /** Gold token counts by the same ids (ids ≥ vocabulary of units for gold-only tokens). */
  goldCounts: Map<number, number>;
  goldTokens: number;
  /** Block index of each unit, and the parent block index of every block above a unit (`unitTree`: −1 for the root and the rest). */
  unitBlocks: Int32Array;
  blockParents: Int32Array;
  /** The page's article declarations (`articleSignals`). */
  article: ArticleSignals;
  /** Unit texts (for site evidence and debugging). */
  texts: string[];
  paths: string[];
}

export const CACHE_DIR = process.env.EXTRACT_CACHE ?? path.join(tmpdir(), 'winnow-extract-cache');
const TOKEN = /\w+/gu;

function lowerTokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

function hostHash(host: string): number {
  return createHash('md5').update(host).digest()[0];
}

interface RawPage {
  id: string;
  dataset: CorpusPage['dataset'];
  type: string;
  site: string;
  split: CorpusPage['split'];
  html: Uint8Array | string;
  gold: string;
}

function* rawPages(root: string): Generator<RawPage> {
  // wcxb-dev: split by host, a fifth of the hosts held out.
  const wcxb = path.join(root, 'wcxb-dev');
  const manifest = readFileSync(path.join(wcxb, 'manifest.tsv'), 'utf8').trim().split('\n').slice(1);
  for (const line of manifest) {
    const [id, type, host] = line.split('\t');
    const html = new Uint8Array(gunzipSync(readFileSync(path.join(wcxb, type, 'pages', `${id}.html.gz`))));
    const gold = readFileSync(path.join(wcxb, type, 'gold', `${id}.txt`), 'utf8');
    yield { id: `wcxb/${type}/${id}`, dataset: 'wcxb', type, site: host, split: hostHash(host) % 5 === 0 ? 'validation' : 'train', html, gold };
  }
  // cetd: the five single-site folders give their first 30 pages to training and the next 20 to
  // validation; chaos pages (many sites) every fifth to validation.
  const cetd = loadDataset(path.join(root, 'cetd'));
  const perFolder = new Map<string, number>();
  for (const page of cetd.pages) {
    const folder = page.id.split('/')[1];
    const seen = perFolder.get(folder) ?? 0;
    perFolder.set(folder, seen + 1);
    let split: RawPage['split'] | undefined;
    if (folder === 'chaos') split = seen % 5 === 0 ? 'validation' : 'train';
    else split = seen < 30 ? 'train' : seen < 50 ? 'validation' : undefined;
    if (split) yield { id: page.id, dataset: 'cetd', type: folder === 'chaos' ? 'chaos' : 'cetd-site', site: page.site, split, html: page.html, gold: page.gold };
  }
  const cleaneval = loadDataset(path.join(root, 'cleaneval-dev'));
  for (const [index, page] of cleaneval.pages.entries()) {
    yield { id: page.id, dataset: 'cleaneval', type: 'cleaneval', site: page.site, split: index % 5 === 0 ? 'validation' : 'train', html: page.html, gold: page.gold };
  }
  // debian-sites: 20 pages per site for training, the next 20 for validation.
  const debian = loadDataset(path.join(root, 'debian-sites'));
  const perSite = new Map<string, number>();
  for (const page of debian.pages) {
    const seen = perSite.get(page.site) ?? 0;
    perSite.set(page.site, seen + 1);
    const split = seen < 20 ? 'train' : seen < 40 ? 'validation' : undefined;
    if (split) yield { id: page.id, dataset: 'debian', type: 'debian', site: page.site, split, html: page.html, gold: page.gold };
  }
}

export function corpusPage(raw: RawPage): CorpusPage {
  const tree = blockTreeOf(parseHtml(raw.html));
  const features = pageFeatures(tree);
  const gold = indexGold(raw.gold);
  const labels = new Uint8Array(features.units.length);
  const vocabulary = new Map<string, number>();
  const idOf = (token: string) => {
    let id = vocabulary.get(token);
    if (id === undefined) vocabulary.set(token, (id = vocabulary.size));
    return id;
  };
  const tokens: number[] = [];
  const offsets = [0];
  features.units.forEach((unit, u) => {
    labels[u] = isGoldBlock(unit.ownText, gold) ? 1 : 0;
    for (const token of lowerTokens(unit.ownText)) tokens.push(idOf(token));
    offsets.push(tokens.length);
  });
  const goldCounts = new Map<number, number>();
  let goldTokens = 0;
  for (const token of lowerTokens(raw.gold)) {
    const id = idOf(token);
    goldCounts.set(id, (goldCounts.get(id) ?? 0) + 1);
    goldTokens++;
  }
  return {
    id: raw.id,
    dataset: raw.dataset,
    type: raw.type,
    site: raw.site,
    split: raw.split,
    matrix: featureMatrix(features, features.units.length),
    inBest: features.inBest.slice(),
    labels,
    words: features.words.slice(),
    ancestors: features.ancestors.slice(),
    pathIds: features.pathIds.slice(),
    regionIds: features.regionIds.slice(),
    blockCount: features.blockCount,
    tokens: Int32Array.from(tokens),
    offsets: Int32Array.from(offsets),
    goldCounts,
    goldTokens,
    ...unitTree(features.units, features.blockCount),
    article: articleSignals(tree.document),
    texts: features.units.map((unit) => unit.ownText),
    paths: features.units.map((unit) => unit.path),
  };
}

/** Re-reads the cached pages with fewer than `NOSCRIPT_FALLBACK_WORDS` words (after a change to `blockTreeOf`). */
export function refreshSmallPages(): CorpusPage[] {
  const pages = loadCorpus();
  const small = new Set(pages.filter((page) => page.words.reduce((sum, words) => sum + words, 0) < NOSCRIPT_FALLBACK_WORDS).map((page) => page.id));
  const byId = new Map(pages.map((page, index) => [page.id, index]));
  for (const raw of rawPages(defaultDatasetsDir())) {
    if (!small.has(raw.id)) continue;
    pages[byId.get(raw.id) as number] = corpusPage(raw);
  }
  writeFileSync(path.join(CACHE_DIR, process.env.EXTRACT_CORPUS ?? 'corpus.v9'), serialize(pages));
  return pages;
}

const IN_BEST_COLUMN = FEATURE_NAMES.indexOf('inBest');

/** A page cached before `inBest` was kept on its own gets it from its matrix. */
function withInBest(page: CorpusPage): CorpusPage {
  if (page.inBest) return page;
  const inBest = new Uint8Array(page.labels.length);
  for (let u = 0; u < inBest.length; u++) inBest[u] = page.matrix[u * FEATURE_COUNT + IN_BEST_COLUMN] ? 1 : 0;
  return { ...page, inBest };
}

/** Loads the cached corpus, building it first when missing (or when `rebuild`). */
export function loadCorpus(rebuild = false): CorpusPage[] {
  const file = path.join(CACHE_DIR, process.env.EXTRACT_CORPUS ?? 'corpus.v9');
  if (!rebuild && existsSync(file)) return (deserialize(readFileSync(file)) as CorpusPage[]).map(withInBest);
  mkdirSync(CACHE_DIR, { recursive: true });
  const root = defaultDatasetsDir();
  const pages: CorpusPage[] = [];
  const started = Date.now();
  for (const raw of rawPages(root)) {
    try {
      pages.push(corpusPage(raw));
    } catch (error) {
      console.warn(`skipped ${raw.id}: ${(error as Error).message}`);
    }
    if (pages.length % 200 === 0) console.error(`corpus: ${pages.length} pages, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  writeFileSync(file, serialize(pages));
  return pages;
}

/** WCXB bag-of-words F1 of the units `keep` selects against the page's gold (the empty-gold rule included). */
export function bagF1(page: CorpusPage, keep: (u: number) => boolean): number {
  const predicted = new Map<number, number>();
  let predictedTotal = 0;
  for (let u = 0; u < page.labels.length; u++) {
    if (!keep(u)) continue;
    for (let t = page.offsets[u]; t < page.offsets[u + 1]; t++) {
      predicted.set(page.tokens[t], (predicted.get(page.tokens[t]) ?? 0) + 1);
      predictedTotal++;
    }
  }
  if (page.goldTokens === 0) return predictedTotal === 0 ? 1 : 0;
  if (predictedTotal === 0) return 0;
  let overlap = 0;
  for (const [token, count] of predicted) overlap += Math.min(count, page.goldCounts.get(token) ?? 0);
  return (2 * overlap) / (predictedTotal + page.goldTokens);
}
