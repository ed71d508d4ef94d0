import { availableParallelism } from 'node:os';
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CAC } from 'cac';
import type { RenderFormat } from '@winnow/dom-blocks';
import {
  DEFAULT_CRAWL_ALGORITHM,
  DEFAULT_LOCK_MS,
  DEFAULT_PAGES_IN_FLIGHT,
  DEFAULT_QUEUE,
  DEFAULT_STORE_PREFIX,
  extractPages,
  extractWarcFiles,
  isWarcFile,
  runCrawl,
  runWorker,
  type RecordFormat,
  type WarcCounts,
} from '@winnow/crawl';
import { readPages } from '../inputs.js';
import type { ExtractOutput } from './extract.js';

/** A bad flag of `crawl`, `worker` or the parallel `extract`: exit code 2. */
export class CrawlUsageError extends Error {}

/** Where `crawl` and `worker` find Redis when `--redis` is not given. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export { isWarcFile };

function parsePositive(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CrawlUsageError(`--${name} must be a whole number ≥ 1, not "${value}"`);
  return number;
}

/** `--workers`: a whole number ≥ 1, by default the machine's cores. */
export function parseWorkers(value: unknown): number {
  return parsePositive('workers', value, availableParallelism());
}

function recordFormat(format: RenderFormat): RecordFormat {
  if (format !== 'text' && format !== 'markdown') throw new CrawlUsageError(`WARC input gives JSON Lines records with text or markdown: --format text or markdown, not "${format}"`);
  return format;
}

/** One line about what reading WARCs met. */
export function formatCounts(counts: readonly WarcCounts[]): string {
  const total = counts.reduce((sum, each) => ({ records: sum.records + each.records, pages: sum.pages + each.pages, notResponse: sum.notResponse + each.notResponse, nonHtml: sum.nonHtml + each.nonHtml, truncated: sum.truncated + each.truncated, malformed: sum.malformed + each.malformed }), { records: 0, pages: 0, notResponse: 0, nonHtml: 0, truncated: 0, malformed: 0 });
  return `${total.records} records: ${total.pages} HTML pages, ${total.notResponse} not responses, ${total.nonHtml} non-HTML, ${total.truncated} truncated, ${total.malformed} malformed`;
}

export interface ExtractWarcCommandOptions {
  files: string[];
  algo: string;
  format: RenderFormat;
  workers: number;
  /** A folder for `<warc name>.jsonl` files; else each record is a line of `write`. */
  out?: string;
  write: (line: string) => void;
  /** Passed to the algorithm's `extract` (`--links`, `--images`). */
  options?: Record<string, unknown>;
  /** `--site-store`: winnow learns each site from its pages as they stream by. */
  siteStore?: boolean;
}

/** `winnow extract crawl.warc.gz`: JSON Lines records, streamed in WARC order; returns the counts and failures. */
export async function runExtractWarc(options: ExtractWarcCommandOptions): Promise<{ counts: WarcCounts[]; failed: number; pages: number }> {
  const format = recordFormat(options.format);
  const counts: WarcCounts[] = [];
  let failed = 0;
  let pages = 0;
  for (const file of options.files) {
    const output = options.out ? createWriteStream(path.join(mkdirOnce(options.out), `${path.basename(file).replace(/\.warc(\.gz)?$/i, '')}.jsonl`)) : undefined;
    for await (const record of extractWarcFiles([file], { algo: options.algo, format, workers: options.workers, counts, options: options.options, siteStore: options.siteStore })) {
      pages += 1;
      if (record.error) failed += 1;
      const line = `${JSON.stringify(record)}\n`;
      if (output) {
        if (!output.write(line)) await new Promise<void>((resolve) => output.once('drain', () => resolve()));
      } else options.write(line);
    }
    if (output) await new Promise<void>((resolve) => output.end(() => resolve()));
  }
  return { counts, failed, pages };
}

function mkdirOnce(folder: string): string {
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** True when inputs are files or folders that give more than one page (so a thread pool can help). */
export function manyPages(inputs: readonly string[]): boolean {
  if (inputs.some((input) => input === '-' || input === '\u0000stdin' || !existsSync(input))) return false;
  return inputs.length > 1 || inputs.some((input) => statSync(input).isDirectory());
}

/** `winnow extract <folder> --workers N` for page algorithms: the outputs of `runExtract`, from a thread pool. */
export async function runExtractInPool(options: { inputs: string[]; algo: string; format: RenderFormat; workers: number; options?: Record<string, unknown>; stdin?: NodeJS.ReadableStream; onProgress?: (done: number, total: number, id: string) => void }): Promise<ExtractOutput[]> {
  const { pages } = await readPages(options.inputs, options.stdin);
  const outputs: ExtractOutput[] = [];
  for await (const { output } of extractPages(pages, { algo: options.algo, format: options.format, workers: options.workers, options: options.options })) {
    outputs.push({ id: output.id, ...(output.extraction ? { extraction: output.extraction } : {}), rendered: output.rendered, ms: output.ms, ...(output.error ? { error: output.error } : {}) });
    options.onProgress?.(outputs.length, pages.length, output.id);
  }
  return outputs;
}

interface CrawlIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  signal?: AbortSignal;
}

/** Registers `winnow crawl` and `winnow worker`; `run` hands the command's exit code to the CLI. */
export function registerCrawlCommands(cli: CAC, io: CrawlIo, run: (task: Promise<number>) => void, parseAlgo: (value: unknown) => string): void {
  cli
    .command('crawl <...warcs>', 'Queue the HTML pages of WARC files on Redis for `winnow worker` processes (any machines) and write their records')
    .option('--redis <url>', 'Redis URL', { default: DEFAULT_REDIS_URL })
    .option('--out <dir>', 'Folder for <warc name>.jsonl per WARC and summary.json')
    .option('--algo <name>', 'winnow, a page algorithm, or segment-table (its site tables in Redis)', { default: DEFAULT_CRAWL_ALGORITHM })
    .option('--format <format>', 'Record content: text or markdown', { default: 'text' })
    .option('--queue <name>', 'BullMQ queue name (workers must use the same)', { default: DEFAULT_QUEUE })
    .option('--store-prefix <prefix>', 'Key prefix of the site store in Redis (crawls with the same prefix share site tables)', { default: DEFAULT_STORE_PREFIX })
    .option('--in-flight <n>', `Pages queued at once (default ${DEFAULT_PAGES_IN_FLIGHT})`)
    .option('--site-store', "winnow: keep each site's model in the Redis store, learning from the site's pages in crawl order")
    .example('winnow crawl crawl.warc.gz --redis redis://10.0.0.5:6379 --out records/ --algo segment-table')
    .example('winnow crawl crawl.warc.gz --out records/ --site-store')
    .action((warcs: string[], flags: Record<string, unknown>) => {
      run(
        (async () => {
          if (!flags.out || flags.out === true) throw new CrawlUsageError('crawl needs --out <dir> for its records');
          const bad = warcs.filter((file) => !isWarcFile(file));
          if (bad.length) throw new CrawlUsageError(`crawl reads .warc and .warc.gz files, not ${bad.join(', ')}`);
          const summary = await runCrawl({
            warcs,
            redisUrl: String(flags.redis),
            outDir: String(flags.out),
            algo: parseAlgo(flags.algo),
            siteStore: flags.siteStore === true,
            format: recordFormat(String(flags.format) as RenderFormat),
            queue: String(flags.queue),
            storePrefix: String(flags.storePrefix),
            pagesInFlight: parsePositive('in-flight', flags.inFlight, DEFAULT_PAGES_IN_FLIGHT),
          });
          io.stderr(`winnow: ${formatCounts(summary.warcs.map((warc) => warc.counts))}\n`);
          io.stderr(`winnow: wrote ${summary.pages} records (${summary.failed} failed) to ${flags.out} in ${summary.seconds.toFixed(1)} s (${(summary.pages / summary.seconds).toFixed(1)} pages/s)\n`);
          return summary.failed ? 1 : 0;
        })(),
      );
    });

  cli
    .command('worker', 'Process the pages `winnow crawl` queues on Redis until stopped (SIGINT, SIGTERM); start any number, anywhere')
    .option('--redis <url>', 'Redis URL', { default: DEFAULT_REDIS_URL })
    .option('--queue <name>', 'BullMQ queue name', { default: DEFAULT_QUEUE })
    .option('--concurrency <n>', 'Pages at once in this process (default 1: start one worker per core)')
    .option('--lock-ms <ms>', `How soon another worker takes over the page of a dead one (default ${DEFAULT_LOCK_MS})`)
    .example('winnow worker --redis redis://10.0.0.5:6379')
    .action((flags: Record<string, unknown>) => {
      run(
        (async () => {
          const worker = await runWorker({
            redisUrl: String(flags.redis),
            queue: String(flags.queue),
            concurrency: parsePositive('concurrency', flags.concurrency, 1),
            lockMs: parsePositive('lock-ms', flags.lockMs, DEFAULT_LOCK_MS),
          });
          io.stderr(`winnow: worker ready on ${flags.redis} (queue ${flags.queue})\n`);
          await new Promise<void>((resolve) => {
            const stop = () => resolve();
            io.signal?.addEventListener('abort', stop, { once: true });
            process.once('SIGINT', stop);
            process.once('SIGTERM', stop);
          });
          await worker.close();
          io.stderr(`winnow: worker stopped after ${worker.processed} pages\n`);
          return 0;
        })(),
      );
    });
}
