import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  hasSiteFolderTraining,
  htmlToString,
  isWinnowError,
  renderExtraction,
  runExtractor,
  type Extraction,
  type Extractor,
  type Page,
  type RenderFormat,
  type Training,
} from '@winnow/dom-blocks';
import { getAlgorithm } from '@winnow/algorithms';
import { fceExtractor } from '@winnow/template-fce';
import { readTemplate } from './template.js';
import { compareNames } from '@winnow/eval';
import { HTML_FILE, listHtmlFiles, readPages } from '../inputs.js';

export interface ExtractCommandOptions {
  /** Files, folders, or `-`. */
  inputs: string[];
  algo: string;
  format: RenderFormat;
  /** Write one file per page into this folder instead of standard output. */
  out?: string;
  /** Site algorithms: learn from at most this many pages (name order). Default: the algorithm's own. */
  train?: number;
  /** Site algorithms given one page: the folder of its site's other pages (default: the page's folder). */
  siteDir?: string;
  /** A FastCE template file (`winnow template build`): extract with it instead of `algo`. */
  template?: string;
  /**
   * Passed to the extractor's `extract` (and `learn`): winnow's reads `markdown: { links, images }` for
   * the Markdown it renders from the page; extractors ignore options they do not know.
   */
  extractorOptions?: Record<string, unknown>;
  stdin?: NodeJS.ReadableStream;
  onProgress?: (done: number, total: number, id: string) => void;
  /** One line about something the run worked around (a training page skipped, few site pages). */
  onWarning?: (message: string) => void;
}

export interface ExtractOutput {
  id: string;
  /** Present unless the page failed. */
  extraction?: Extraction;
  rendered: string;
  ms: number;
  /** One line saying why the page failed. */
  error?: string;
}

const EXTENSIONS: Record<RenderFormat, string> = { text: 'txt', markdown: 'md', html: 'html', json: 'json' };

function errorLine(cause: unknown): string {
  if (isWinnowError(cause)) return `${cause.code}: ${cause.message}`;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * The pages a site algorithm learns from when extracting `pages`, at most `limit` in name order: the
 * `--site-dir` folder, the pages themselves, or a lone page with the HTML files beside it (its own folder
 * only, the page always included). Only those are read; a page that cannot be decoded is skipped with a
 * warning naming it.
 */
function learningPages(pages: Page[], options: ExtractCommandOptions, folder: string | undefined, limit: number, needsPages: boolean): Page[] {
  const read = (file: string): Page => ({ id: file, html: new Uint8Array(readFileSync(file)) });
  let candidates: Page[];
  const only = pages[0];
  if (options.siteDir) candidates = listHtmlFiles(options.siteDir).slice(0, limit).map(read);
  else if (pages.length > 1 || folder || only.id === 'stdin') candidates = pages.slice(0, limit);
  else {
    const siblings = readdirSync(path.dirname(only.id), { withFileTypes: true })
      .filter((entry) => entry.isFile() && HTML_FILE.test(entry.name))
      .map((entry) => path.join(path.dirname(only.id), entry.name))
      .filter((file) => file !== only.id)
      .sort(compareNames)
      .slice(0, Math.max(0, limit - 1));
    candidates = [only, ...siblings.map(read)];
  }
  const readable = candidates.filter((page) => {
    try {
      htmlToString(page.html);
      return true;
    } catch (cause) {
      options.onWarning?.(`${page.id}: not learned from: ${errorLine(cause)}`);
      return false;
    }
  });
  // An extractor that works with no site pages (winnow: defaultTrainPages 0) takes what is there, quietly.
  if (needsPages && readable.length < limit && !options.siteDir && pages.length === 1 && !folder && only.id !== 'stdin') {
    options.onWarning?.(`learning from ${readable.length} page(s) of ${path.dirname(only.id)}, fewer than ${limit}: pass --site-dir or --train`);
  }
  return readable;
}

/**
 * Where a site algorithm's model comes from (see `Training`): a stored template; each page's own training
 * pages in `--site-dir` when the algorithm gathers them (Gottron 2008 §3 follows the page's links); else one
 * model learned from the folder's pages, the `--site-dir` folder or a lone page's sibling files.
 */
function trainingOf(extractor: Extractor, pages: Page[], options: ExtractCommandOptions, folder: string | undefined): Training | undefined {
  if (options.template) return { model: readTemplate(options.template) };
  if (extractor.kind !== 'site') return undefined;
  const limit = Math.max(1, options.train ?? extractor.defaultSitePages ?? extractor.defaultTrainPages);
  const { siteDir } = options;
  const needsPages = extractor.defaultTrainPages > 0 || options.train !== undefined;
  if (siteDir && hasSiteFolderTraining(extractor)) {
    return { pagesFor: (page) => (page.id === 'stdin' ? { pages: learningPages(pages, options, folder, limit, needsPages) } : extractor.trainingPagesInFolder(page.id, siteDir)) };
  }
  // Gathered when the first page comes: a failure (an unreadable --site-dir) is each page's error.
  return { pages: () => learningPages(pages, options, folder, limit, needsPages) };
}

/**
 * Runs one algorithm over pages and renders each result. Site algorithms learn once from the folder's
 * pages (or the page's sibling files) in name order, then extract every page. A page that fails is
 * reported in its output's `error` and the others go on.
 */
export async function runExtract(options: ExtractCommandOptions): Promise<ExtractOutput[]> {
  const extractor = options.template ? fceExtractor : getAlgorithm(options.algo);
  const { pages, folder } = await readPages(options.inputs, options.stdin);
  const outputs: ExtractOutput[] = [];
  const training = trainingOf(extractor, pages, options, folder) ?? { pages: [] };
  for (const run of runExtractor(extractor, pages, { training, options: options.extractorOptions })) {
    const { page, extraction, error } = run;
    if (extraction) outputs.push({ id: page.id, extraction, rendered: renderExtraction(extraction, options.format), ms: run.extractMs });
    else outputs.push({ id: page.id, rendered: '', ms: run.extractMs, error: error?.stage === 'learn' ? `learning failed: ${errorLine(error.cause)}` : errorLine(error?.cause) });
    options.onProgress?.(outputs.length, pages.length, page.id);
  }
  return outputs;
}

/** The file an output is written to under `--out`: the page's name with the format's extension. */
export function outputFileName(id: string, format: RenderFormat, used: Set<string>): string {
  const base = id === 'stdin' ? 'stdin' : path.basename(id).replace(/\.[^.]+$/, '');
  let name = `${base}.${EXTENSIONS[format]}`;
  for (let suffix = 2; used.has(name); suffix++) name = `${base}-${suffix}.${EXTENSIONS[format]}`;
  used.add(name);
  return name;
}

/** Writes outputs to `folder`, one file per page; returns the paths written. */
export function writeOutputs(outputs: readonly ExtractOutput[], folder: string, format: RenderFormat): string[] {
  mkdirSync(folder, { recursive: true });
  const used = new Set<string>();
  const written: string[] = [];
  for (const output of outputs) {
    if (output.error) continue;
    const file = path.join(folder, outputFileName(output.id, format, used));
    writeFileSync(file, output.rendered.endsWith('\n') ? output.rendered : `${output.rendered}\n`);
    written.push(file);
  }
  return written;
}

/** Standard output for several pages: JSON Lines for `json`, else each page under a `==> id <==` header. */
export function formatMany(outputs: readonly ExtractOutput[], format: RenderFormat): string {
  if (format === 'json') {
    return outputs
      .filter((output) => !output.error)
      .map((output) => JSON.stringify({ id: output.id, ...output.extraction }))
      .join('\n');
  }
  return outputs
    .filter((output) => !output.error)
    .map((output) => `==> ${output.id} <==\n${output.rendered}`)
    .join('\n\n');
}
