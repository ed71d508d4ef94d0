/**
 * Wang et al. 2008's figures on one site: LCS F1 of the content, template-block precision and recall, the
 * table's average size against the cached pages of a batch method, and time per page. Shared by
 * `figures.ts` (all pages) and `test/accuracy.test.ts` (a subset).
 * The metrics come from `@winnow/eval` (a devDependency).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBlockTree, extractPlain, parseHtml } from '@winnow/dom-blocks';
import { defaultDatasetsDir, harmonicMean, indexGold, isGoldBlock, lcsWordScores, loadDataset, type DatasetPage } from '@winnow/eval';
import { createMemoryStore, openSqliteStore, processPage, type ProcessOptions } from '../src/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (two levels above this package). */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');
/** `DATASETS_DIR`, else `../shared/datasets` beside the repository root or one of its parents (a worktree). */
export const DATASETS_DIR = defaultDatasetsDir(REPO_ROOT);

/** The sites measured: cetd's single-site folders and every debian-sites site. */
export const SITES: readonly string[] = Object.freeze([
  'cetd/arstechnica', 'cetd/bbc', 'cetd/nytimes', 'cetd/wiki', 'cetd/yahoo',
  'debian-sites/django32', 'debian-sites/gri', 'debian-sites/jsoup-javadoc', 'debian-sites/postgresql15', 'debian-sites/python311',
]);

/** Pages processed before scoring starts: scores from the 10th page on. */
export const WARM_PAGES = 9;
/** The paper's average batch of the batch methods it compares with (Wang et al. 2008 §3: "24"). */
export const BATCH_PAGES = 24;

export interface SiteFigures {
  site: string;
  pages: number;
  scored: number;
  /** Mean over scored pages of the per-page LCS F1. */
  f1: number;
  /** LCS pooled over the scored pages. */
  microF1: number;
  /** All visible text, for comparison. */
  plainF1: number;
  templatePrecision: number;
  templateRecall: number;
  /** Mean of the table's size after each page, all pages (Wang et al. 2008 §3 "AverageSize"). */
  tableBytes: number;
  tableSegments: number;
  /** Largest table seen. */
  maxTableBytes: number;
  /** Mean size of a batch of `BATCH_PAGES` cached pages (HTML bytes). */
  batchBytes: number;
  /** tableBytes / batchBytes. */
  storageRatio: number;
  /** processPage with the in-memory store, ms per page (all pages). */
  msPerPage: number;
  /** processPage with a SQLite store, ms per page. */
  sqliteMsPerPage: number;
  /** parseHtml + buildBlockTree alone, the reference measured in the same run. */
  parseMsPerPage: number;
}

export function datasetExists(): boolean {
  return existsSync(path.join(DATASETS_DIR, 'cetd')) && existsSync(path.join(DATASETS_DIR, 'debian-sites'));
}

export function loadSite(site: string, limit = Infinity): DatasetPage[] {
  return loadDataset(path.join(DATASETS_DIR, site)).pages.slice(0, limit);
}

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

export interface MeasureOptions {
  /** Time the SQLite store and the parse reference too (a second pass). Default true. */
  timing?: boolean;
  /** Score plain text (all visible text) for comparison. Default true. */
  plain?: boolean;
}

/** Runs the segment table over a site's pages in name order and measures it. */
export function measureSite(site: string, pages: readonly DatasetPage[], options: ProcessOptions = {}, measure: MeasureOptions = {}): SiteFigures {
  const timing = measure.timing ?? true;
  const store = createMemoryStore();
  const sizes: number[] = [];
  const segments: number[] = [];
  const f1s: number[] = [];
  const plainF1s: number[] = [];
  let lcs = 0;
  let extractedWords = 0;
  let goldWords = 0;
  let truePositives = 0;
  let predicted = 0;
  let actual = 0;
  let processMs = 0;
  pages.forEach((page, index) => {
    const started = performance.now();
    const result = processPage(store, { id: page.id, html: page.html, site: 'site' }, options);
    processMs += performance.now() - started;
    sizes.push(result.size.bytes);
    segments.push(result.size.segments);
    if (index < WARM_PAGES) return;
    const scores = lcsWordScores(result.extraction.text, page.gold);
    f1s.push(scores.f1);
    lcs += scores.lcs;
    extractedWords += scores.extractedWords;
    goldWords += scores.goldWords;
    if (measure.plain ?? true) plainF1s.push(lcsWordScores(extractPlain({ id: page.id, html: page.html }).text, page.gold).f1);
    const gold = indexGold(page.gold);
    for (const block of result.layoutBlocks) {
      if (!/[\p{L}\p{N}]/u.test(block.text)) continue;
      // A template block is one whose text is absent from the gold.
      const isTemplate = !isGoldBlock(block.text, gold);
      if (isTemplate) actual++;
      if (block.template) predicted++;
      if (isTemplate && block.template) truePositives++;
    }
  });
  let sqliteMs = 0;
  let parseMs = 0;
  if (timing) {
    const directory = mkdtempSync(path.join(tmpdir(), 'winnow-segment-figures-'));
    const sqlite = openSqliteStore(path.join(directory, 'crawl.sqlite'));
    for (const page of pages) {
      let started = performance.now();
      buildBlockTree(parseHtml(page.html));
      parseMs += performance.now() - started;
      started = performance.now();
      processPage(sqlite, { id: page.id, html: page.html, site: 'site' }, options);
      sqliteMs += performance.now() - started;
    }
    sqlite.close();
    rmSync(directory, { recursive: true, force: true });
  }
  const batches: number[] = [];
  for (let start = 0; start < pages.length; start += BATCH_PAGES) {
    batches.push(pages.slice(start, start + BATCH_PAGES).reduce((sum, page) => sum + page.html.byteLength, 0));
  }
  const microPrecision = extractedWords ? lcs / extractedWords : 0;
  const microRecall = goldWords ? lcs / goldWords : 0;
  const tableBytes = mean(sizes);
  const batchBytes = mean(batches);
  return {
    site,
    pages: pages.length,
    scored: f1s.length,
    f1: mean(f1s),
    microF1: harmonicMean(microPrecision, microRecall),
    plainF1: mean(plainF1s),
    templatePrecision: predicted ? truePositives / predicted : 0,
    templateRecall: actual ? truePositives / actual : 0,
    tableBytes,
    tableSegments: mean(segments),
    maxTableBytes: Math.max(...sizes),
    batchBytes,
    storageRatio: batchBytes ? tableBytes / batchBytes : 0,
    msPerPage: processMs / pages.length,
    sqliteMsPerPage: timing ? sqliteMs / pages.length : 0,
    parseMsPerPage: timing ? parseMs / pages.length : 0,
  };
}
