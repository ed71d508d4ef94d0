/**
 * Speed of lineblock against `plain` (dom-blocks' `extractPlain`, which parses a DOM with linkedom) on the
 * same pages in one run: the budget is for lineblock's median ms/page to be at most a third of plain's.
 * Every page is handed over as bytes, so both pay for decoding. Each round runs every page through every
 * extractor, rotating which goes first; a page's time is its median over the rounds.
 *
 *   pnpm bench                       # scrapinghub-aeb, cetd and cleaneval-dev
 *   BENCH_ROUNDS=5 pnpm bench        # more rounds
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { extractPlain, type Extraction, type Page } from '@winnow/dom-blocks';
import { extractLineBlocks } from './index.js';
import { evaluation } from './test-support/eval.js';

const REQUIRED_RATIO = 1 / 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DATASETS = ['scrapinghub-aeb', 'cetd', 'cleaneval-dev'];

const extractors: [string, (page: Page) => Extraction][] = [
  ['lineblock', (page) => extractLineBlocks(page, { mode: 'tuned' })],
  ['lineblock-paper', (page) => extractLineBlocks(page, { mode: 'paper' })],
  ['plain', (page) => extractPlain(page)],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function main(): Promise<void> {
  const root = evaluation.defaultDatasetsDir();
  let failed = false;
  console.log(`lineblock bench: ${ROUNDS} rounds, datasets from ${root}, Node ${process.version}`);
  console.log('| dataset | pages | lineblock median ms | lineblock-paper median ms | plain median ms | lineblock mean ms | plain mean ms | median ratio lineblock/plain |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const name of DATASETS) {
    const datasetPath = path.join(root, name);
    if (!existsSync(datasetPath)) {
      console.log(`| ${name} | missing (set DATASETS_DIR) | | | | | | |`);
      continue;
    }
    const pages = evaluation.loadDataset(datasetPath).pages.map((page) => evaluation.toPage(page));
    // Warm up the JIT on a few pages.
    for (const page of pages.slice(0, 10)) for (const [, extract] of extractors) extract(page);
    const times = extractors.map(() => pages.map(() => [] as number[]));
    for (let round = 0; round < ROUNDS; round++) {
      pages.forEach((page, pageIndex) => {
        for (let offset = 0; offset < extractors.length; offset++) {
          const which = (pageIndex + round + offset) % extractors.length;
          const started = performance.now();
          extractors[which][1](page);
          times[which][pageIndex].push(performance.now() - started);
        }
      });
    }
    const perPage = times.map((rows) => rows.map(median));
    const [lineblock, paper, plain] = perPage;
    const ratio = median(lineblock) / median(plain);
    if (ratio > REQUIRED_RATIO) failed = true;
    const ms = (value: number) => value.toFixed(2);
    console.log(
      `| ${name} | ${pages.length} | ${ms(median(lineblock))} | ${ms(median(paper))} | ${ms(median(plain))} | ${ms(mean(lineblock))} | ${ms(mean(plain))} | ${ratio.toFixed(3)} (1/${(1 / ratio).toFixed(1)}) |`,
    );
  }
  console.log(failed ? `FAIL: lineblock's median is above ${REQUIRED_RATIO.toFixed(3)} of plain's on some dataset` : `OK: lineblock's median is at most 1/3 of plain's on every dataset`);
  if (failed) process.exitCode = 1;
}

await main();
