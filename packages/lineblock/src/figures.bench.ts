/**
 * The README's accuracy table in one run: lineblock (tuned), lineblock-paper, plain and Readability
 * (the peer) through eval's harness on scrapinghub-aeb, cetd (all 700 pages) and cleaneval-dev.
 * Takes several minutes (Readability and plain parse every page; LCS over whole pages).
 *
 *   pnpm figures
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { evaluation } from './test-support/eval.js';

const DATASETS = ['scrapinghub-aeb', 'cetd', 'cleaneval-dev'];
const ALGORITHMS = ['lineblock', 'lineblock-paper', 'plain', 'readability'];

async function main(): Promise<void> {
  const root = evaluation.defaultDatasetsDir();
  const three = (value: number) => value.toFixed(3);
  console.log(`lineblock figures: datasets from ${root}, Node ${process.version}`);
  console.log('| dataset | algorithm | LCS P | LCS R | LCS F1 (micro) | LCS F1 (macro) | AEB F1 | empty | ms/page mean | ms/page median |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const name of DATASETS) {
    const datasetPath = path.join(root, name);
    if (!existsSync(datasetPath)) {
      console.log(`| ${name} | missing (set DATASETS_DIR) | | | | | | | | |`);
      continue;
    }
    const dataset = evaluation.loadDataset(datasetPath);
    for (const algorithm of ALGORITHMS) {
      const report = evaluation.runHarness(dataset, evaluation.getAlgorithm(algorithm));
      console.log(
        `| ${name} (${report.pages}) | ${algorithm} | ${three(report.precision)} | ${three(report.recall)} | ${three(report.f1)} | ${three(report.macroF1)} | ${report.aeb ? three(report.aeb.f1) : '—'} | ${report.empty} | ${report.msPerPage.toFixed(1)} | ${report.medianMsPerPage.toFixed(1)} |`,
      );
    }
  }
}

await main();
