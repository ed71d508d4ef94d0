import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { htmlToString, isWinnowError, renderExtraction, type Extraction, type Page, type RenderFormat } from '@winnow/dom-blocks';
import { getAlgorithm } from '@winnow/algorithms';
import { extractFce } from '@winnow/template-fce';
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
function learningPages(pages: Page[], options: ExtractCommandOptions, folder: string | undefined, limit: number): Page[] {
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
  if (readable.length < limit && !options.siteDir && pages.length === 1 && !folder && only.id !== 'stdin') {
    options.onWarning?.(`learning from ${readable.length} page(s) of ${path.dirname(only.id)}, fewer than ${limit}: pass --site-dir or --train`);
  }
  return readable;
}

/** Learns a site model, turning a failure into one that every page reports. */
function learnOrFail<Model>(learn: () => Model): { model?: Model; error?: string } {
  try {
    return { model: learn() };
  } catch (cause) {
    return { error: `learning failed: ${errorLine(cause)}` };
  }
}

/**
 * Runs one algorithm over pages and renders each result. Site algorithms learn once from the folder's
 * pages (or the page's sibling files) in name order, then extract every page. A page that fails is
 * reported in its output's `error` and the others go on.
 */
export async function runExtract(options: ExtractCommandOptions): Promise<ExtractOutput[]> {
  const algorithm = getAlgorithm(options.algo);
  const { pages, folder } = await readPages(options.inputs, options.stdin);
  let extract: (page: Page) => Extraction;
  if (options.template) {
    const template = readTemplate(options.template);
    extract = (page) => extractFce(template, page);
  } else if (algorithm.kind === 'site' && options.siteDir && algorithm.extractFromSiteFolder) {
    // The algorithm gathers each page's own training pages from the site folder (paper 004 §3).
    const siteDir = options.siteDir;
    const fromFolder = algorithm.extractFromSiteFolder;
    const limit = Math.max(1, options.train ?? algorithm.defaultTrainPages);
    const learned = pages.some((page) => page.id === 'stdin') ? learnOrFail(() => algorithm.learn(learningPages(pages, options, folder, limit))) : {};
    extract = (page) => {
      if (page.id !== 'stdin') return fromFolder(page.id, siteDir);
      if (learned.error) throw new Error(learned.error);
      return algorithm.extract(learned.model, page);
    };
  } else if (algorithm.kind === 'site') {
    const limit = Math.max(1, options.train ?? algorithm.defaultTrainPages);
    const learned = learnOrFail(() => algorithm.learn(learningPages(pages, options, folder, limit)));
    extract = (page) => {
      if (learned.error) throw new Error(learned.error);
      return algorithm.extract(learned.model, page);
    };
  } else {
    extract = (page) => algorithm.extract(page);
  }
  const outputs: ExtractOutput[] = [];
  for (const page of pages) {
    const started = performance.now();
    try {
      const extraction = extract(page);
      outputs.push({ id: page.id, extraction, rendered: renderExtraction(extraction, options.format), ms: performance.now() - started });
    } catch (cause) {
      outputs.push({ id: page.id, rendered: '', ms: performance.now() - started, error: errorLine(cause) });
    }
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
