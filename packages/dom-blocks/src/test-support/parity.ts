/**
 * The parse5 parity check over every page of every dataset: the words a reader sees in `parseHtml`'s
 * document must equal, in order, those of parse5's own tree (its default tree adapter) — nothing lost,
 * moved or duplicated. The pages are split into shards so that test files can run them in parallel.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { htmlToString, parseHtml } from '../parse.js';
import { visibleWordsLinkedom, visibleWordsParse5 } from './trees.js';

export const DATASETS_DIR = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../../../../shared/datasets');

interface PageFile {
  dataset: string;
  /** Path relative to the datasets folder. */
  id: string;
  file: string;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function filesIn(folder: string, suffix = ''): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith(suffix))
    .sort(byName)
    .map((file) => path.join(folder, file));
}

function subfolders(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(byName);
}

/** Where each dataset keeps its HTML pages. */
const LAYOUTS: Readonly<Record<string, (root: string) => string[]>> = {
  'scrapinghub-aeb': (root) => filesIn(path.join(root, 'html'), '.html.gz'),
  cetd: (root) => subfolders(root).flatMap((site) => filesIn(path.join(root, site, 'original'))),
  'cleaneval-dev': (root) => filesIn(path.join(root, 'input')),
  'debian-sites': (root) => subfolders(root).flatMap((site) => filesIn(path.join(root, site, 'pages'))),
  'wcxb-dev': (root) => subfolders(root).flatMap((type) => filesIn(path.join(root, type, 'pages'), '.html.gz')),
};

export const PARITY_DATASETS: readonly string[] = Object.keys(LAYOUTS);

/** The datasets present under `DATASETS_DIR`, and those missing. */
export function parityDatasets(): { present: string[]; missing: string[] } {
  const present = PARITY_DATASETS.filter((dataset) => existsSync(path.join(DATASETS_DIR, dataset)));
  return { present, missing: PARITY_DATASETS.filter((dataset) => !present.includes(dataset)) };
}

/** Every page of the datasets, in a fixed order. */
export function parityPages(datasets: readonly string[]): PageFile[] {
  return datasets.flatMap((dataset) =>
    LAYOUTS[dataset](path.join(DATASETS_DIR, dataset)).map((file) => ({ dataset, id: path.relative(DATASETS_DIR, file), file })),
  );
}

/** How two word sequences first differ, or null when they are equal. */
export function firstDifference(expected: readonly string[], actual: readonly string[]): string | null {
  const length = Math.min(expected.length, actual.length);
  let index = 0;
  while (index < length && expected[index] === actual[index]) index++;
  if (index === length && expected.length === actual.length) return null;
  const around = (words: readonly string[]) => JSON.stringify(words.slice(Math.max(0, index - 3), index + 5).join(' '));
  return `word ${index} of ${expected.length} (parse5) / ${actual.length} (parseHtml): parse5 ${around(expected)}, parseHtml ${around(actual)}`;
}

export interface ParityReport {
  /** Pages compared per dataset. */
  compared: Record<string, number>;
  /** `id: first difference` of every page whose words differ. */
  differing: string[];
  /** Bytes of HTML read. */
  bytes: number;
}

/** Compares the pages of shard `shard` (of `shards`, round robin over `parityPages`). */
export function runParity(datasets: readonly string[], shard: number, shards: number): ParityReport {
  const report: ParityReport = { compared: Object.fromEntries(datasets.map((dataset) => [dataset, 0])), differing: [], bytes: 0 };
  const pages = parityPages(datasets);
  for (let index = shard; index < pages.length; index += shards) {
    const page = pages[index];
    let bytes: Uint8Array = readFileSync(page.file);
    if (page.file.endsWith('.gz')) bytes = gunzipSync(bytes);
    report.bytes += bytes.length;
    const html = htmlToString(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
    const difference = firstDifference(visibleWordsParse5(parse(html)), visibleWordsLinkedom(parseHtml(html)));
    if (difference) report.differing.push(`${page.id}: ${difference}`);
    report.compared[page.dataset]++;
  }
  return report;
}
