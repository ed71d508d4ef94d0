import { groupBySite, runExtractor, WinnowError, type Extractor, type Page } from '@winnow/dom-blocks';
import { aebFromCounts, aebPageCounts, type AebPageCounts, type AebScore } from './aeb.js';
import { bagScores, meanBagScores, type BagScores } from './bag.js';
import { pageBlockScores } from './block-f.js';
import type { Dataset, DatasetPage } from './datasets.js';
import { harmonicMean, lcsWordScores } from './lcs.js';
import {
  metadataAccuracy,
  scorePageTruth,
  scoresByType,
  snippetShares,
  type MetadataAccuracy,
  type PageTruthScores,
  type SnippetShares,
  type TypeScores,
} from './page-truth.js';

export interface PageResult {
  id: string;
  site: string;
  precision: number;
  recall: number;
  f1: number;
  /** Block-level F-measure of Nguyen et al. 2009 §IV.B over the page's own blocks (`pageBlockScores`). */
  blockF1: number;
  lcs: number;
  /** The WCXB bag-of-words precision, recall and F1 of this page (see `bagScores`). */
  bag: BagScores;
  /** The page's type, where the dataset gives one (wcxb). */
  pageType?: string;
  /** Snippets and metadata checked against the page's truth record, where the dataset has one (wcxb). */
  truth?: PageTruthScores;
  extractedWords: number;
  goldWords: number;
  /** Time of the extraction alone (learning excluded), in milliseconds. */
  ms: number;
  /** Time of learning charged to the page (its site's model, on the site's first scored page), in milliseconds. */
  learnMs: number;
  /** True when the extractor returned no text. */
  empty: boolean;
  /** The message of a failure; the page then counts as an empty extraction. */
  error?: string;
  notes: string[];
  /** The extracted text, when `keepText` was asked for. */
  text?: string;
}

export interface HarnessReport {
  dataset: string;
  algo: string;
  /** Pages scored. */
  pages: number;
  /** Micro-averaged: LCS, extracted and gold words pooled over all pages. */
  precision: number;
  recall: number;
  f1: number;
  /** Macro-averaged: the mean over pages of each page's figure. */
  macroPrecision: number;
  macroRecall: number;
  macroF1: number;
  /** Mean block-level F of Nguyen et al. 2009 §IV.B over pages, on each page's own blocks. */
  blockF1: number;
  /** The scrapinghub benchmark's own score, for that dataset only. */
  aeb: { precision: number; recall: number; f1: number } | null;
  /** The WCXB bag-of-words measure: mean over all pages of each page's precision, recall and F1. */
  bag: BagScores;
  /** `bag` per page type, on datasets that give page types (wcxb). */
  byType?: Record<string, TypeScores>;
  /** Shares of the truth's `with` snippets found and `without` snippets avoided (wcxb). */
  snippets?: SnippetShares;
  /** Title, author and date of `Extraction.metadata` against the truth, beside a `<title>` baseline (wcxb). */
  metadata?: MetadataAccuracy;
  msPerPage: number;
  medianMsPerPage: number;
  /** Pages whose extraction was empty (failures included). */
  empty: number;
  errors: number;
  /** Pages per site learned from before scoring (site algorithms), or skipped to score the same pages. */
  trainPages: number;
  /** Total time spent learning, in milliseconds (site algorithms). */
  learnMs: number;
  results: PageResult[];
}

export interface HarnessOptions {
  /**
   * Learn on the first N pages of each site in name order and score the rest. Page algorithms skip the
   * same pages, so every algorithm is scored on the same pages. Default: the algorithm's
   * `defaultTrainPages` for site algorithms, 0 for page algorithms.
   */
  train?: number;
  /** Called after each scored page. */
  onProgress?: (done: number, total: number, page: DatasetPage) => void;
  /** Keep each page's extracted text in the results. */
  keepText?: boolean;
  /** Score only pages whose site is in this list. */
  sites?: readonly string[];
}

export function toPage(page: DatasetPage): Page {
  return { id: page.id, html: page.html, site: page.site, url: page.url };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

/** Block F over the page's own blocks (see `pageBlockScores`); 0 for a page that cannot be parsed. */
function blockF1Of(page: DatasetPage, extracted: string): number {
  try {
    return pageBlockScores(page.html, extracted, page.gold).f1;
  } catch {
    return 0;
  }
}

/**
 * Runs an extractor over a dataset and scores every page: LCS word precision/recall/F1 (micro and macro),
 * block F, the scrapinghub score where it applies, empty outputs and time per page. A page whose
 * extraction throws is recorded with its error and scored as empty; the run goes on.
 */
export function runHarness(dataset: Dataset, extractor: Extractor, options: HarnessOptions = {}): HarnessReport {
  if (dataset.pagesAreSites && options.train) {
    throw new WinnowError(
      'INVALID_OPTIONS',
      `${dataset.name}: no two pages share a site (its folders are page types, not sites), so there is nothing to learn a site from: run it without --train.`,
    );
  }
  // On a dataset whose pages are sites of their own, a site algorithm learns from no other page.
  const train = options.train ?? (extractor.kind === 'site' && !dataset.pagesAreSites ? extractor.defaultTrainPages : 0);
  if (!Number.isInteger(train) || train < 0) throw new RangeError(`train must be a whole number ≥ 0, not ${train}`);
  const pages = dataset.pages.filter((page) => !options.sites || options.sites.includes(page.site));
  const datasetPageOf = new Map<Page, DatasetPage>(pages.map((page) => [toPage(page), page]));
  const total = [...groupBySite(pages).values()].reduce((sum, site) => sum + Math.max(0, site.length - train), 0);
  const results: PageResult[] = [];
  const aebCounts: AebPageCounts[] = [];
  let learnMs = 0;

  // The first `train` pages of each site are learned from (site extractors) or skipped (page extractors).
  for (const run of runExtractor(extractor, datasetPageOf.keys(), { training: { perSite: train } })) {
    const page = datasetPageOf.get(run.page)!;
    learnMs += run.learnMs;
    const text = run.extraction?.text ?? '';
    let error: string | undefined;
    if (run.error) {
      const message = run.error.cause instanceof Error ? run.error.cause.message : String(run.error.cause);
      // A site whose learning fails scores its pages as failures; the other sites go on.
      error = run.error.stage === 'learn' ? `learning on ${run.trainingPages.length} page(s) of ${page.site} failed: ${message}` : message;
    }
    const scores = lcsWordScores(text, page.gold);
    if (dataset.kind === 'scrapinghub-aeb') aebCounts.push(aebPageCounts(page.gold, text));
    results.push({
      id: page.id,
      site: page.site,
      precision: scores.precision,
      recall: scores.recall,
      f1: scores.f1,
      blockF1: blockF1Of(page, text),
      lcs: scores.lcs,
      bag: bagScores(text, page.gold),
      ...(page.pageType !== undefined ? { pageType: page.pageType } : {}),
      ...(page.truth ? { truth: scorePageTruth({ ...page, truth: page.truth }, text, run.extraction?.metadata) } : {}),
      extractedWords: scores.extractedWords,
      goldWords: scores.goldWords,
      ms: run.extractMs,
      learnMs: run.learnMs,
      empty: text.trim() === '',
      error,
      notes: run.extraction?.notes ?? [],
      ...(options.keepText ? { text } : {}),
    });
    options.onProgress?.(results.length, total, page);
  }

  const lcs = results.reduce((sum, result) => sum + result.lcs, 0);
  const extractedWords = results.reduce((sum, result) => sum + result.extractedWords, 0);
  const goldWords = results.reduce((sum, result) => sum + result.goldWords, 0);
  const precision = extractedWords ? lcs / extractedWords : 0;
  const recall = goldWords ? lcs / goldWords : 0;
  const aeb: AebScore | null = dataset.kind === 'scrapinghub-aeb' && aebCounts.length ? aebFromCounts(aebCounts) : null;
  const truthScores = results.flatMap((result) => (result.truth ? [result.truth] : []));
  return {
    dataset: dataset.name,
    algo: extractor.name,
    pages: results.length,
    precision,
    recall,
    f1: harmonicMean(precision, recall),
    macroPrecision: mean(results.map((result) => result.precision)),
    macroRecall: mean(results.map((result) => result.recall)),
    macroF1: mean(results.map((result) => result.f1)),
    blockF1: mean(results.map((result) => result.blockF1)),
    aeb: aeb ? { precision: aeb.precision, recall: aeb.recall, f1: aeb.f1 } : null,
    bag: meanBagScores(results.map((result) => result.bag)),
    ...(results.some((result) => result.pageType !== undefined) ? { byType: scoresByType(results) } : {}),
    ...(truthScores.length ? { snippets: snippetShares(truthScores), metadata: metadataAccuracy(truthScores) } : {}),
    msPerPage: mean(results.map((result) => result.ms)),
    medianMsPerPage: median(results.map((result) => result.ms)),
    empty: results.filter((result) => result.empty).length,
    errors: results.filter((result) => result.error !== undefined).length,
    trainPages: train,
    learnMs,
    results,
  };
}
