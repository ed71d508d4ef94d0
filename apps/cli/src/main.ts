import { cac } from 'cac';
import { isWinnowError, RENDER_FORMATS, type RenderFormat } from '@winnow/dom-blocks';
import { algorithmNames, DEFAULT_ALGORITHM } from '@winnow/algorithms';
import { formatClusterReport, runCluster } from './commands/cluster.js';
import { formatPages, formatReport, runEval, summarize } from './commands/eval.js';
import { formatMany, runExtract, writeOutputs } from './commands/extract.js';
import { parseServeOptions, runServe, ServeUsageError } from './commands/serve.js';
import { formatSegmentsPage, formatSegmentsSummary, runSegments } from './commands/segments.js';
import { describeTemplate, runTemplateBuild } from './commands/template.js';
import { runSegment, SEGMENT_LAYOUT_CHOICES, type SegmentLayoutChoice } from './commands/segment.js';
import { createProgress } from './progress.js';
import { CrawlUsageError, formatCounts, isWarcFile, manyPages, parseWorkers, registerCrawlCommands, runExtractInPool, runExtractWarc } from './commands/crawl.js';
import { getAlgorithm } from '@winnow/algorithms';

/** Exit codes: 0 success, 1 a page or a run failed, 2 bad arguments or unreadable input. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdin?: NodeJS.ReadableStream;
  /** Show progress on standard error (default: true). */
  progress?: boolean;
  /** Stops long-running commands (`serve`); the CLI aborts it on SIGINT and SIGTERM. */
  signal?: AbortSignal;
}

class UsageError extends Error {}

const STDIN_PLACEHOLDER = '\u0000stdin';

function parseFormat(value: unknown): RenderFormat {
  const format = String(value ?? 'text') as RenderFormat;
  if (!RENDER_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${RENDER_FORMATS.join(', ')}, not "${format}"`);
  return format;
}

function parseCount(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) throw new UsageError(`--${name} must be a whole number ≥ 0, not "${value}"`);
  return count;
}

/**
 * The extractor's options from the flags: `--links` and `--images` (`markdown: { links, images }`, which shape
 * Markdown only) and winnow's `--comments` (`comments: true`).
 */
function extractorOptionsOf(flags: Record<string, unknown>, format: RenderFormat, algo: string): Record<string, unknown> | undefined {
  const links = flags.links === true;
  const images = flags.images === true;
  const options: Record<string, unknown> = {};
  if (links || images) {
    if (format !== 'markdown' && format !== 'json') throw new UsageError(`--links and --images shape Markdown: use them with --format markdown (or json, which carries the Markdown), not ${format}`);
    options.markdown = { links, images };
  }
  if (flags.comments === true) {
    if (algo !== 'winnow' || flags.template) throw new UsageError(`--comments is an option of winnow (the default --algo), not of ${flags.template ? 'a FastCE template' : algo}`);
    options.comments = true;
  }
  return Object.keys(options).length ? options : undefined;
}

function parseAlgo(value: unknown): string {
  const name = String(value ?? DEFAULT_ALGORITHM);
  if (!algorithmNames().includes(name)) throw new UsageError(`--algo must be one of ${algorithmNames().join(', ')}, not "${name}"`);
  return name;
}

/**
 * Runs the `winnow` command line with `argv` (without `node` and the script) and returns the exit code.
 * Everything is written through `io`, so tests call this directly.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const cli = cac('winnow');
  let result: Promise<number> | undefined;
  const showProgress = io.progress ?? true;

  cli
    .command('extract [...inputs]', 'Extract the main content of a page, a folder of pages, or - (standard input)')
    .option('--algo <name>', `Algorithm: ${algorithmNames().join(', ')}`, { default: DEFAULT_ALGORITHM })
    .option('--format <format>', `Output format: ${RENDER_FORMATS.join(', ')}`, { default: 'text' })
    .option('--out <dir>', 'Write one file per page into this folder instead of standard output')
    .option('--train <n>', 'Site algorithms: learn from at most this many pages of the folder')
    .option('--site-dir <dir>', "Site algorithms given one page: the folder of its site's other pages")
    .option('--template <file>', 'Extract with a FastCE template built by `winnow template build` (replaces --algo)')
    .option('--workers <n>', 'Worker threads for WARC files and for folders with a page algorithm (default: the cores)')
    .option('--site-store', "WARC input, winnow: learn each site from its pages as they stream by (the site's pages in WARC order on one thread)")
    .option('--links', 'Markdown: keep links as [text](url), made absolute against the page URL (winnow)')
    .option('--images', 'Markdown: keep images as ![alt](src) (winnow)')
    .option('--comments', 'winnow: keep the comments under an article (left out by default)')
    .example('winnow extract page.html')
    .example('winnow extract page.html --format markdown --links')
    .example('winnow extract crawl.warc.gz --format markdown > records.jsonl')
    .example('winnow extract pages/ --algo plain --format markdown --out extracted/')
    .action((inputs: string[], flags: Record<string, unknown>) => {
      result = (async () => {
        const format = parseFormat(flags.format);
        const algo = parseAlgo(flags.algo);
        const train = parseCount('train', flags.train);
        if (inputs.length === 0) throw new UsageError('extract needs a file, a folder or - (see winnow extract --help)');
        if (flags.template === true) throw new UsageError('--template needs a file (see winnow template build --help)');
        const workers = parseWorkers(flags.workers);
        const extractorOptions = extractorOptionsOf(flags, format, algo);
        if (inputs.some(isWarcFile)) {
          if (!inputs.every(isWarcFile)) throw new UsageError('extract reads WARC files or HTML pages, not both at once');
          const warc = await runExtractWarc({ files: inputs, algo, format, workers, out: flags.out as string | undefined, write: io.stdout, options: extractorOptions, siteStore: flags.siteStore === true });
          io.stderr(`winnow: ${formatCounts(warc.counts)}${warc.failed ? `; ${warc.failed} pages failed (see their "error")` : ''}\n`);
          return warc.failed ? EXIT_FAILURE : EXIT_OK;
        }
        if (flags.siteStore) throw new UsageError('--site-store is for WARC input; a folder of pages is learned as a site with --train (winnow learns its first 50 pages by default)');
        const progress = createProgress(`extract ${flags.template ? 'fce template' : algo}`, { quiet: !showProgress });
        const pooled = workers > 1 && !flags.template && getAlgorithm(algo).kind === 'page' && manyPages(inputs);
        const outputs = pooled ? await runExtractInPool({ inputs, algo, format, workers, options: extractorOptions, onProgress: (done, total, id) => total > 1 && progress.update(done, total, id) }) : await runExtract({
          inputs: inputs.map((input) => (input === STDIN_PLACEHOLDER ? '-' : input)),
          algo,
          format,
          train,
          out: flags.out as string | undefined,
          siteDir: flags.siteDir as string | undefined,
          template: flags.template as string | undefined,
          extractorOptions,
          stdin: io.stdin,
          onProgress: (done, total, id) => total > 1 && progress.update(done, total, id),
          onWarning: (message) => io.stderr(`winnow: ${message}\n`),
        });
        progress.done();
        const failed = outputs.filter((output) => output.error);
        for (const output of failed) io.stderr(`winnow: ${output.id}: ${output.error}\n`);
        if (flags.out) {
          const written = writeOutputs(outputs, String(flags.out), format);
          io.stderr(`wrote ${written.length} file${written.length === 1 ? '' : 's'} to ${flags.out}\n`);
        } else if (outputs.length === 1 && !failed.length) {
          const text = outputs[0].rendered;
          io.stdout(text.endsWith('\n') || text === '' ? text : `${text}\n`);
        } else {
          const text = formatMany(outputs, format);
          if (text) io.stdout(`${text}\n`);
        }
        return failed.length ? EXIT_FAILURE : EXIT_OK;
      })();
    });

  cli
    .command('eval', 'Score an algorithm on a dataset of ../shared/datasets (LCS word P/R/F1, WCXB bag-of-words F1, block F, AEB score, ms/page)')
    .option('--dataset <path>', 'scrapinghub-aeb, cetd, cetd/<site>, cleaneval-dev, site folders (debian-sites, debian-sites/<site>), wcxb-dev, wcxb-dev/<type> or mixed-dev.json')
    .option('--algo <name>', `Algorithm: ${algorithmNames().join(', ')}`, { default: DEFAULT_ALGORITHM })
    .option('--train <n>', 'Learn on the first N pages of each site (name order) and score the rest')
    .option('--sites <list>', 'Comma-separated site labels to score (default: all)')
    .option('--json', 'Print exactly one JSON object on standard output')
    .option('--per-page', 'Add each page\'s figures (a table, or `results` in the JSON object)')
    .example('winnow eval --dataset ../shared/datasets/scrapinghub-aeb --algo plain --json')
    .action((flags: Record<string, unknown>) => {
      result = (async () => {
        if (!flags.dataset || flags.dataset === true) throw new UsageError('eval needs --dataset <path> (see winnow eval --help)');
        const algo = parseAlgo(flags.algo);
        const train = parseCount('train', flags.train);
        const progress = createProgress(`eval ${algo}`, { quiet: !showProgress });
        const report = runEval({
          dataset: String(flags.dataset),
          algo,
          train,
          sites: typeof flags.sites === 'string' ? flags.sites.split(',').map((site) => site.trim()).filter(Boolean) : undefined,
          onProgress: (done, total, id) => progress.update(done, total, id),
        });
        progress.done();
        if (report.pages === 0) {
          throw new UsageError(`no pages to score in ${report.dataset}: --sites matches no site, or --train ${train ?? 0} leaves no page of any site`);
        }
        const perPage = Boolean(flags.perPage);
        if (flags.json) io.stdout(`${JSON.stringify(perPage ? report : summarize(report))}\n`);
        else io.stdout(`${formatReport(report)}\n${perPage ? `\n${formatPages(report)}\n` : ''}`);
        return report.errors ? EXIT_FAILURE : EXIT_OK;
      })();
    });

  cli
    .command('segments [...inputs]', 'Detect templates incrementally (segment table, Wang et al. 2008): process pages in the order given')
    .option('--store <file>', 'SQLite file of the crawl (created when absent; a later run resumes it). Default: a table in memory')
    .option('--site <host>', 'Site key of the pages (default: "default")')
    .option('--json', "One JSON line per page: its labelled blocks, layout blocks, page number and the table's size")
    .example('winnow segments pages/ --store crawl.sqlite --site example.com')
    .action((inputs: string[], flags: Record<string, unknown>) => {
      result = (async () => {
        if (inputs.length === 0) throw new UsageError('segments needs files, a folder or - (see winnow segments --help)');
        if (flags.store === true || flags.store === '') throw new UsageError('--store needs a file name');
        if (flags.site === true || flags.site === '') throw new UsageError('--site needs a host');
        let printed = 0;
        const many = inputs.length > 1 || inputs.some((input) => input !== STDIN_PLACEHOLDER && !/\.(html?|xhtml)$/i.test(input));
        const summary = await runSegments(
          {
            inputs: inputs.map((input) => (input === STDIN_PLACEHOLDER ? '-' : input)),
            store: flags.store === undefined ? undefined : String(flags.store),
            site: flags.site === undefined ? undefined : String(flags.site),
            stdin: io.stdin,
          },
          (output) => {
            if (output.error) io.stderr(`winnow: ${output.id}: ${output.error}\n`);
            const text = formatSegmentsPage(output, Boolean(flags.json), many);
            if (!flags.json && output.error) return;
            io.stdout(`${!flags.json && many && printed++ ? '\n' : ''}${text}\n`);
          },
        );
        if (showProgress) io.stderr(`${formatSegmentsSummary(summary)}\n`);
        return summary.failed ? EXIT_FAILURE : EXIT_OK;
      })();
    });

  cli
    .command('template <action> [...inputs]', 'build: learn a FastCE site template (Nguyen et al. 2009) from pages or a folder')
    .option('-o, --output <file>', 'Where to write the template JSON (required)')
    .option('--pages <n>', 'Learn from the first N pages in name order', { default: 25 })
    .option('--site <name>', "The site the template describes (default: the folder's name)")
    .example('winnow template build pages/ -o site.template.json --pages 25')
    .action((action: string, inputs: string[], flags: Record<string, unknown>) => {
      result = (async () => {
        if (action !== 'build') throw new UsageError(`unknown template action "${action}" (actions: build)`);
        if (inputs.length === 0) throw new UsageError('template build needs pages or a folder (see winnow template --help)');
        if (!flags.output || flags.output === true) throw new UsageError('template build needs -o <file>');
        const pages = parseCount('pages', flags.pages);
        if (pages === 0) throw new UsageError('--pages must be at least 1');
        const progress = createProgress('template build', { quiet: !showProgress });
        const built = await runTemplateBuild({
          inputs,
          output: String(flags.output),
          pages,
          site: typeof flags.site === 'string' ? flags.site : undefined,
          onProgress: ({ phase, done, total }) => progress.update(done, total, phase === 'parse' ? 'reading pages' : 'comparing blocks (CE)'),
        });
        progress.done();
        io.stderr(`${describeTemplate(built)}\n`);
        return EXIT_OK;
      })();
    });

  cli
    .command('segment <page>', 'Divide a page into content blocks under their title blocks (Sano et al. 2013), with the layout of headless Chromium')
    .option('--json', 'Print the segmentation as JSON')
    .option('--png <file>', 'Save a screenshot with the content blocks outlined (needs Chromium)')
    .option('--layout <source>', `Boxes from: ${SEGMENT_LAYOUT_CHOICES.join(', ')} (auto: Chromium when installed)`, { default: 'auto' })
    .example('winnow segment page.html --png page.png')
    .action((page: string, flags: Record<string, unknown>) => {
      result = (async () => {
        const layout = String(flags.layout ?? 'auto') as SegmentLayoutChoice;
        if (!SEGMENT_LAYOUT_CHOICES.includes(layout)) throw new UsageError(`--layout must be one of ${SEGMENT_LAYOUT_CHOICES.join(', ')}, not "${layout}"`);
        const png = typeof flags.png === 'string' ? flags.png : undefined;
        const output = await runSegment({
          input: page === STDIN_PLACEHOLDER ? '-' : page,
          layout,
          json: Boolean(flags.json),
          png,
          stdin: io.stdin,
        });
        io.stdout(`${output.rendered}\n`);
        if (png) io.stderr(`wrote ${png}\n`);
        return EXIT_OK;
      })();
    });

  cli
    .command('cluster [...inputs]', 'Cluster pages by template (Gottron 2008): files, folders, or a JSON list [{ "html", "site" }]')
    .option('--distance <measure>', 'cp (common paths), cps (path shingles) or ctss (tag-sequence shingles)', { default: 'cp' })
    .option('--threshold <t>', 'Single-linkage threshold (default: the paper\'s, CP 0.7, CPS 0.6, CTSS 0.85)')
    .option('--shingle <k>', 'Tags per shingle for cps and ctss (default 8)')
    .option('--json', 'Print exactly one JSON object on standard output')
    .example('winnow cluster ../shared/datasets/mixed-dev.json --distance ctss')
    .action((inputs: string[], flags: Record<string, unknown>) => {
      result = (async () => {
        if (inputs.length === 0) throw new UsageError('cluster needs files, folders or a JSON list (see winnow cluster --help)');
        const distance = String(flags.distance ?? 'cp');
        if (!['cp', 'cps', 'ctss'].includes(distance)) throw new UsageError(`--distance must be one of cp, cps, ctss, not "${distance}"`);
        let threshold: number | undefined;
        if (flags.threshold !== undefined) {
          threshold = Number(flags.threshold);
          if (!(threshold >= 0 && threshold <= 1)) throw new UsageError(`--threshold must be a number within [0, 1], not "${flags.threshold}"`);
        }
        const shingleLength = parseCount('shingle', flags.shingle);
        if (shingleLength === 0) throw new UsageError('--shingle must be at least 1');
        const report = await runCluster({ inputs, distance: distance as 'cp' | 'cps' | 'ctss', threshold, shingleLength });
        io.stdout(flags.json ? `${JSON.stringify(report)}\n` : `${formatClusterReport(report)}\n`);
        return EXIT_OK;
      })();
    });

  cli
    .command('serve', 'Start the demo web page: try every algorithm on your own pages (apps/demo)')
    .option('--port <port>', 'TCP port (0 picks a free one)', { default: 8080 })
    .option('--host <address>', 'Address to listen on', { default: '127.0.0.1' })
    .option('--allow-url-fetch', 'Let visitors give a URL for the server to fetch (off: it never reads the network)')
    .option('--max-pages <n>', 'Most pages per request (default 20)')
    .option('--max-page-bytes <n>', 'Largest page accepted, in bytes (default 5 MiB)')
    .option('--workers <n>', 'Worker threads running the algorithms (default: 2, or 1 on one core)')
    .option('--timeout-ms <n>', 'Stop the algorithms of a request after this long (default 20000)')
    .example('winnow serve --port 8080')
    .action((flags: Record<string, unknown>) => {
      result = (async () => {
        const options = parseServeOptions(flags);
        const stop = new AbortController();
        io.signal?.addEventListener('abort', () => stop.abort(), { once: true });
        const onSignal = () => stop.abort();
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        try {
          await runServe(options, (line) => io.stderr(`${line}\n`), stop.signal);
        } finally {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
        }
        return EXIT_OK;
      })();
    });

  registerCrawlCommands(cli, io, (task) => (result = task), parseAlgo);

  cli.help();
  cli.version('0.0.0');

  try {
    // cac (mri) reads a lone "-" as an empty flag: carry it through as a placeholder.
    cli.parse(['node', 'winnow', ...argv.map((arg) => (arg === '-' ? STDIN_PLACEHOLDER : arg))], { run: false });
    if (!cli.matchedCommand) {
      if (cli.options.help || cli.options.version) return EXIT_OK;
      if (cli.args.length) throw new UsageError(`unknown command "${cli.args[0]}" (commands: extract, eval, segment, cluster, template, segments, serve, crawl, worker; see winnow --help)`);
      cli.outputHelp();
      return EXIT_USAGE;
    }
    if (cli.options.help) return EXIT_OK;
    await cli.runMatchedCommand();
    return result ? await result : EXIT_OK;
  } catch (cause) {
    if (cause instanceof UsageError || cause instanceof ServeUsageError || cause instanceof CrawlUsageError || (cause instanceof Error && cause.name === 'CACError')) {
      io.stderr(`winnow: ${cause.message}\n`);
      return EXIT_USAGE;
    }
    if (isWinnowError(cause)) {
      io.stderr(`winnow: ${cause.code}: ${cause.message}\n`);
      return cause.code === 'UNREADABLE_INPUT' || cause.code === 'DATASET_NOT_FOUND' || cause.code === 'UNKNOWN_ALGORITHM' ? EXIT_USAGE : EXIT_FAILURE;
    }
    io.stderr(`winnow: ${cause instanceof Error ? cause.message : String(cause)}\n`);
    return EXIT_FAILURE;
  }
}
