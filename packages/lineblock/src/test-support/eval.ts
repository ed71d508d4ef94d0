import type { PageExtractor } from '@winnow/dom-blocks';
import { BASELINES, defaultDatasetsDir, loadDataset, runHarness, toPage } from '@winnow/eval';
import { lineBlockExtractor, lineBlockPaperExtractor } from '../extract.js';

export type { Dataset, DatasetPage, HarnessReport } from '@winnow/eval';

/**
 * What the accuracy test and the benchmarks use of `@winnow/eval` (a devDependency), with the four
 * extractors they compare: lineblock in both modes and the baselines, `plain` and `readability`.
 */
const PAGE_ALGORITHMS: readonly PageExtractor[] = [lineBlockExtractor, lineBlockPaperExtractor, ...BASELINES];

function getAlgorithm(name: string): PageExtractor {
  const algorithm = PAGE_ALGORITHMS.find((candidate) => candidate.name === name);
  if (!algorithm) throw new Error(`lineblock measurements know ${PAGE_ALGORITHMS.map((candidate) => candidate.name).join(', ')}, not ${name}`);
  return algorithm;
}

export const evaluation = { defaultDatasetsDir, loadDataset, runHarness, toPage, getAlgorithm };
export type EvalModule = typeof evaluation;
