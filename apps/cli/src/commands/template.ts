import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WinnowError } from '@winnow/dom-blocks';
import { buildTemplate, parseTemplate, serializeTemplate, type BuildProgress, type FceTemplate } from '@winnow/template-fce';
import { readPages } from '../inputs.js';

/** Pages a template is built from when `--pages` is not given (Nguyen et al. 2009 §IV: 20 to 30 pages). */
export const DEFAULT_TEMPLATE_PAGES = 25;

export interface TemplateBuildOptions {
  /** Files or folders (every HTML file inside, name order). */
  inputs: string[];
  /** Where to write the template JSON. */
  output: string;
  /** Learn from the first N pages in name order (default `DEFAULT_TEMPLATE_PAGES`). */
  pages?: number;
  /** The site the template describes (default: the first folder's name). */
  site?: string;
  onProgress?: (progress: BuildProgress) => void;
}

export interface TemplateBuildResult {
  output: string;
  template: FceTemplate;
  /** Pages found in the inputs; only the first `template.params.pageCount` were learned from. */
  available: number;
}

/**
 * `winnow template build <pages…|folder> -o site.template.json [--pages N]`: FastCE's preparation phase
 * (Nguyen et al. 2009 §III) over the first N pages in name order, written as the versioned template JSON.
 */
export async function runTemplateBuild(options: TemplateBuildOptions): Promise<TemplateBuildResult> {
  const limit = options.pages ?? DEFAULT_TEMPLATE_PAGES;
  if (!Number.isInteger(limit) || limit < 1) throw new WinnowError('INVALID_OPTIONS', `--pages must be a whole number ≥ 1, not ${limit}.`);
  const { pages, folder } = await readPages(options.inputs);
  const site = options.site ?? (folder ? siteNameOf(folder) : '');
  const template = buildTemplate(pages.slice(0, limit), { site }, options.onProgress);
  mkdirSync(path.dirname(path.resolve(options.output)), { recursive: true });
  writeFileSync(options.output, serializeTemplate(template));
  return { output: options.output, template, available: pages.length };
}

/** Folders named like a dataset's page folder (`pages`, `original`, `html`) take their parent's name. */
function siteNameOf(folder: string): string {
  const resolved = path.resolve(folder);
  const name = path.basename(resolved);
  return /^(pages|original|html)$/i.test(name) ? path.basename(path.dirname(resolved)) : name;
}

/** Reads and checks a template file (`INVALID_MODEL` for a malformed or wrong-version one). */
export function readTemplate(file: string): FceTemplate {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new WinnowError('UNREADABLE_INPUT', `Cannot read the template ${file}: ${(cause as Error).message}`, { cause });
  }
  try {
    return parseTemplate(text);
  } catch (cause) {
    if (cause instanceof WinnowError) throw new WinnowError(cause.code, `${file}: ${cause.message}`, { cause });
    throw cause;
  }
}

/** One line for standard error after a build. */
export function describeTemplate(result: TemplateBuildResult): string {
  const { template } = result;
  return `wrote ${result.output}: ${template.paths.length} content paths, ${template.nonContent.length} stored non-content blocks, learned from ${template.params.pageCount} of ${result.available} pages`;
}
