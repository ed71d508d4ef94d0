import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Extraction, Page } from '@winnow/dom-blocks';

/*
 * @winnow/eval depends on this package (its registry runs lineblock), so this package cannot depend on
 * eval, not even as a devDependency: turbo refuses the cycle. The benchmark and the accuracy test load
 * eval's build by path instead (turbo.json makes `@winnow/lineblock#test` wait for `@winnow/eval#build`).
 * Only the few members used here are typed.
 */

export interface DatasetPage {
  id: string;
  site: string;
  html: Uint8Array;
  gold: string;
}

export interface Dataset {
  kind: string;
  name: string;
  pages: DatasetPage[];
}

export interface HarnessReport {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  macroF1: number;
  aeb: { precision: number; recall: number; f1: number } | null;
  msPerPage: number;
  medianMsPerPage: number;
  empty: number;
  errors: number;
}

export interface PageAlgorithm {
  kind: 'page';
  name: string;
  extract(page: Page): Extraction;
}

export interface EvalModule {
  defaultDatasetsDir(from?: string): string;
  loadDataset(datasetPath: string): Dataset;
  getAlgorithm(name: string): PageAlgorithm;
  runHarness(dataset: Dataset, algorithm: PageAlgorithm, options?: { sites?: readonly string[] }): HarnessReport;
  toPage(page: DatasetPage): Page;
}

const EVAL_BUILD = new URL('../../../eval/dist/index.js', import.meta.url);

/** `@winnow/eval`'s build, or null when it has not been built (`pnpm build` first). */
export async function loadEval(): Promise<EvalModule | null> {
  if (!existsSync(fileURLToPath(EVAL_BUILD))) return null;
  return (await import(EVAL_BUILD.href)) as EvalModule;
}
