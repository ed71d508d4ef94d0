/** Dataset access for the scripts (never for the package at run time), through @winnow/eval's loaders. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDatasetsDir, loadDataset, type DatasetPage } from '@winnow/eval';

export type { DatasetPage };
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `DATASETS_DIR`, else `../shared/datasets` beside the repository (found from this package upwards). */
export const DATASETS_DIR = defaultDatasetsDir(PACKAGE_ROOT);

export function datasetsAvailable(): boolean {
  return existsSync(DATASETS_DIR);
}

/** The pages of a dataset folder of `DATASETS_DIR` (`cetd/bbc`, `scrapinghub-aeb`, `debian-sites/python311`), name order. */
export function datasetPages(folder: string): DatasetPage[] {
  return loadDataset(path.join(DATASETS_DIR, folder)).pages;
}

/** Every k-th item (a deterministic, evenly spread sample). */
export function everyNth<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)]);
}
