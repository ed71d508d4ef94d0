/**
 * Dataset measurements of CE and FastCE (Nguyen et al. 2009 §IV) beside `plain` and `readability`, shared by the
 * benchmark (`pnpm bench`) and the accuracy gate. Metrics, loaders and the baselines
 * come from @winnow/eval (a devDependency).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHtml, type Extraction, type Page } from '@winnow/dom-blocks';
import { BASELINES, blockScores, defaultDatasetsDir, harmonicMean, lcsWordScores, loadDataset, type DatasetPage } from '@winnow/eval';
import { labelTrainingPages } from '../src/ce.js';
import { templateFromLabels } from '../src/fce.js';
import { DEFAULT_FCE_OPTIONS, resolveCeOptions } from '../src/options.js';
import {
  ceExtraction,
  classifyCeUnits,
  compileTemplate,
  detectFce,
  fceExtraction,
  learnCe,
  pageBlockTree,
  type CeOptions,
  type FceDetectionMode,
} from '../src/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
/** `DATASETS_DIR`, else `../shared/datasets` beside the repository (or one of its parents, for worktrees). */
export const datasetsDir = defaultDatasetsDir(repoRoot);
export const datasetsAvailable = existsSync(path.join(datasetsDir, 'cetd')) && existsSync(path.join(datasetsDir, 'debian-sites'));

/** cetd's single-site folders (news and wiki) and the debian documentation sites. */
export const SITES: readonly string[] = Object.freeze([
  'cetd/arstechnica',
  'cetd/bbc',
  'cetd/nytimes',
  'cetd/wiki',
  'cetd/yahoo',
  'debian-sites/django32',
  'debian-sites/gri',
  'debian-sites/jsoup-javadoc',
  'debian-sites/postgresql15',
  'debian-sites/python311',
]);

/** Word F1 (micro: LCS and word counts pooled over the pages, as `winnow eval`), mean block F, time. */
export interface Scores {
  f1: number;
  precision: number;
  recall: number;
  blockF1: number;
  /** Mean milliseconds per page. */
  ms: number;
}

export interface SiteAlgorithmFigures extends Scores {
  /** Blocks compared with per decision: CE all stored blocks, FastCE the template's non-content blocks (NumBlockTemp). */
  numBlockTemp: number;
  /** Blocks per page: CE's units, FastCE's extracted blocks (NumBlock). */
  numBlock: number;
  /** Mean milliseconds per page of detection alone (block tree + comparisons; parsing excluded, shared). */
  detectMs: number;
  learnMs: number;
}

export interface SiteFigures {
  site: string;
  train: number;
  scored: number;
  parseMs: number;
  ce: SiteAlgorithmFigures;
  fce: SiteAlgorithmFigures;
  fcePaper: SiteAlgorithmFigures;
  plain?: Scores;
  readability?: Scores;
  templatePaths: number;
}

class Tally {
  lcs = 0;
  extracted = 0;
  gold = 0;
  blockF = 0;
  ms = 0;
  pages = 0;
  add(extraction: Extraction, gold: string, ms: number): void {
    const words = lcsWordScores(extraction.text, gold);
    this.lcs += words.lcs;
    this.extracted += words.extractedWords;
    this.gold += words.goldWords;
    this.blockF += blockScores(extraction.blocks, gold).f1;
    this.ms += ms;
    this.pages++;
  }
  scores(): Scores {
    const precision = this.extracted ? this.lcs / this.extracted : 0;
    const recall = this.gold ? this.lcs / this.gold : 0;
    const n = Math.max(1, this.pages);
    return { f1: harmonicMean(precision, recall), precision, recall, blockF1: this.blockF / n, ms: this.ms / n };
  }
}

export function loadSite(site: string): DatasetPage[] {
  return loadDataset(path.join(datasetsDir, site)).pages;
}

export interface MeasureOptions {
  train?: number;
  /** Score at most this many pages after the training pages (all by default). */
  maxScored?: number;
  /** Also run plain and readability on the same pages. */
  peers?: boolean;
  /** CE options for both CE and FastCE's preparation (default: the package defaults). */
  ceOptions?: Partial<CeOptions>;
  /** The site's pages in name order (default: loaded from the datasets). */
  pages?: readonly DatasetPage[];
}

/**
 * FastCE's template with the package defaults, and the paper's (full paths), from one CE labelling of
 * the training pages (the labelling does not depend on the paths).
 */
export function buildTemplates(training: Page[], ceOptions: Partial<CeOptions> = {}) {
  const params = resolveCeOptions(ceOptions);
  const labelled = labelTrainingPages(training, params);
  const site = labelled.site ?? '';
  return {
    template: templateFromLabels(labelled.pages, { ...params, collapseRepeatedTags: DEFAULT_FCE_OPTIONS.collapseRepeatedTags }, site),
    paperTemplate: templateFromLabels(labelled.pages, { ...params, collapseRepeatedTags: false }, site),
  };
}

/** Learns CE and FastCE on the first `train` pages of a site (name order) and scores the rest. */
export function measureSite(site: string, options: MeasureOptions = {}): SiteFigures {
  const train = options.train ?? 25;
  const pages = options.pages ?? loadSite(site);
  const training = pages.slice(0, train).map((page) => ({ id: page.id, html: page.html, site: page.site }));
  const scored = pages.slice(train, options.maxScored === undefined ? undefined : train + options.maxScored);
  let started = performance.now();
  const model = learnCe(training, options.ceOptions);
  const ceLearnMs = performance.now() - started;
  started = performance.now();
  const { template, paperTemplate } = buildTemplates(training, options.ceOptions);
  const fceLearnMs = performance.now() - started;
  const compiled = compileTemplate(template);
  const paperCompiled = compileTemplate(paperTemplate);
  const tallies = { ce: new Tally(), fce: new Tally(), fcePaper: new Tally(), plain: new Tally(), readability: new Tally() };
  const blocks = { ce: 0, fce: 0, fcePaper: 0 };
  let parseMs = 0;
  for (const page of scored) {
    started = performance.now();
    const document = parseHtml(page.html);
    const parsed = performance.now() - started;
    parseMs += parsed;

    started = performance.now();
    const ceTree = pageBlockTree(document);
    const classification = classifyCeUnits(model, ceTree);
    const ce = ceExtraction(classification);
    tallies.ce.add(ce, page.gold, performance.now() - started);
    blocks.ce += classification.units.length;

    for (const mode of ['parts', 'paper'] as FceDetectionMode[]) {
      started = performance.now();
      const tree = pageBlockTree(document);
      const detection = mode === 'paper' ? detectFce(paperCompiled, tree, { mode, minCoverage: 0 }) : detectFce(compiled, tree);
      const fce = fceExtraction(tree, detection);
      const key = mode === 'parts' ? 'fce' : 'fcePaper';
      tallies[key].add(fce, page.gold, performance.now() - started);
      blocks[key] += detection.extracted.length;
    }
    if (options.peers) {
      for (const algorithm of BASELINES) {
        const name = algorithm.name as 'plain' | 'readability';
        started = performance.now();
        const extraction = algorithm.extract({ id: page.id, html: page.html });
        tallies[name].add(extraction, page.gold, performance.now() - started);
      }
    }
  }
  const n = Math.max(1, scored.length);
  const meanParse = parseMs / n;
  const figures = (key: 'ce' | 'fce' | 'fcePaper', numBlockTemp: number, learnMs: number): SiteAlgorithmFigures => {
    const scores = tallies[key].scores();
    return { ...scores, detectMs: scores.ms, ms: scores.ms + meanParse, numBlockTemp, numBlock: blocks[key] / n, learnMs };
  };
  return {
    site,
    train,
    scored: scored.length,
    parseMs: meanParse,
    ce: figures('ce', model.index.blockCount, ceLearnMs),
    fce: figures('fce', template.nonContent.length, fceLearnMs),
    fcePaper: figures('fcePaper', paperTemplate.nonContent.length, fceLearnMs),
    ...(options.peers ? { plain: tallies.plain.scores(), readability: tallies.readability.scores() } : {}),
    templatePaths: template.paths.length,
  };
}

export interface CurvePoint {
  train: number;
  fce: number;
  fcePaper: number;
  ce: number;
}

/** Word F1 against the number of template pages, always scored on the pages after the largest count. */
export function learningCurve(site: string, counts: readonly number[] = [1, 2, 5, 10, 25], maxScored?: number): CurvePoint[] {
  const pages = loadSite(site);
  const largest = Math.max(...counts);
  const scored = pages.slice(largest, maxScored === undefined ? undefined : largest + maxScored);
  const documents = scored.map((page) => ({ page, document: parseHtml(page.html) }));
  return counts.map((train) => {
    const training = pages.slice(0, train).map((page) => ({ id: page.id, html: page.html, site: page.site }));
    const model = learnCe(training);
    const templates = buildTemplates(training);
    const compiled = compileTemplate(templates.template);
    const paperCompiled = compileTemplate(templates.paperTemplate);
    const tallies = { ce: new Tally(), fce: new Tally(), fcePaper: new Tally() };
    for (const { page, document } of documents) {
      tallies.ce.add(ceExtraction(classifyCeUnits(model, pageBlockTree(document))), page.gold, 0);
      for (const mode of ['parts', 'paper'] as FceDetectionMode[]) {
        const tree = pageBlockTree(document);
        const detection = mode === 'paper' ? detectFce(paperCompiled, tree, { mode, minCoverage: 0 }) : detectFce(compiled, tree);
        tallies[mode === 'parts' ? 'fce' : 'fcePaper'].add(fceExtraction(tree, detection), page.gold, 0);
      }
    }
    return { train, fce: tallies.fce.scores().f1, fcePaper: tallies.fcePaper.scores().f1, ce: tallies.ce.scores().f1 };
  });
}
