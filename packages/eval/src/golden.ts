import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { WinnowError, type PageMetadata } from '@winnow/dom-blocks';
import { compareNames } from './datasets.js';

/**
 * A golden page (the layout of Mozilla Readability's `test/test-pages/`): a folder `<slug>/` holding
 * `source.html`, `expected.txt` (the main content, one block a line) and optionally
 * `expected-metadata.json` and `url.txt` (the page's address). The slug starts with the page's type
 * (`forum-bike-thread`).
 */
export interface GoldenPage {
  slug: string;
  /** The slug's first word: `article`, `forum`, `product`, ... */
  pageType: string;
  url?: string;
  html: string;
  /** The expected main content, line breaks normalised, no trailing newline. */
  expectedText: string;
  /** The expected metadata, when the folder gives it: every field the page has, none it lacks. */
  expectedMetadata?: PageMetadata;
}

const read = (file: string) => readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');

/** Every golden page under `directory`, in slug order; folders without `source.html` are skipped. */
export function loadGoldenPages(directory: string): GoldenPage[] {
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new WinnowError('DATASET_NOT_FOUND', `No golden pages at ${directory}: pass the folder holding <slug>/source.html.`);
  }
  const pages: GoldenPage[] = [];
  for (const slug of readdirSync(directory).sort(compareNames)) {
    const folder = path.join(directory, slug);
    if (!existsSync(path.join(folder, 'source.html'))) continue;
    const expectedFile = path.join(folder, 'expected.txt');
    if (!existsSync(expectedFile)) throw new WinnowError('UNREADABLE_INPUT', `${folder} has source.html but no expected.txt: add the expected main content.`);
    const metadataFile = path.join(folder, 'expected-metadata.json');
    const urlFile = path.join(folder, 'url.txt');
    pages.push({
      slug,
      pageType: slug.split('-')[0],
      url: existsSync(urlFile) ? read(urlFile).trim() || undefined : undefined,
      html: read(path.join(folder, 'source.html')),
      expectedText: read(expectedFile).trimEnd(),
      expectedMetadata: existsSync(metadataFile) ? (JSON.parse(read(metadataFile)) as PageMetadata) : undefined,
    });
  }
  return pages;
}
