import type { RenderFormat } from '@winnow/dom-blocks';
import { extractPages, type ExtractPagesOptions } from './pool.js';
import { pageRecord, type PageRecord, type RecordFormat } from './process-page.js';
import { emptyCounts, readWarcFile, readWarcPages, type ReadWarcOptions, type WarcCounts, type WarcPage } from './warc.js';

/** True for a file name the CLI reads as a WARC: `.warc`, `.warc.gz`, `.arc`-less. */
export function isWarcFile(file: string): boolean {
  return /\.warc(\.gz)?$/i.test(file);
}

/** The pages of WARC files, one file after another, counting each file's records. */
export async function* readWarcFiles(files: readonly string[], options: { counts?: WarcCounts[]; onSkip?: ReadWarcOptions['onSkip'] } = {}): AsyncGenerator<WarcPage> {
  for (const file of files) {
    const counts = emptyCounts();
    options.counts?.push(counts);
    yield* readWarcPages(readWarcFile(file), { counts, onSkip: options.onSkip });
  }
}

export interface ExtractWarcOptions extends Omit<ExtractPagesOptions, 'format'> {
  format: RecordFormat;
  /** Each file's counts, pushed as it is read. */
  counts?: WarcCounts[];
  onSkip?: ReadWarcOptions['onSkip'];
}

/**
 * The JSON Lines records of the HTML pages of WARC files, in file and record order, extracted on
 * `workers` threads. Streaming: memory holds the pages in flight, not the files.
 */
export async function* extractWarcFiles(files: readonly string[], options: ExtractWarcOptions): AsyncGenerator<PageRecord> {
  const pages = readWarcFiles(files, { counts: options.counts, onSkip: options.onSkip });
  for await (const { page, output } of extractPages(pages, { ...options, format: options.format as RenderFormat })) {
    yield pageRecord(page, output, options.format);
  }
}
