import { WinnowError } from '@winnow/dom-blocks';
import { normed, vectorFromObject, vectorKey, type NormedVector } from './page-blocks.js';
import { addPage, createSimilarityIndex, type SimilarityIndex } from './similarity-index.js';

/** The template format version this package reads and writes. Bump it when the meaning of a field changes. */
export const FCE_TEMPLATE_VERSION = 1;

/** Parameters a template was built with; detection must use the same ones. */
export interface FceTemplateParams {
  /** Cosine above which two blocks are similar (Nguyen et al. 2009 §II). */
  similarityThreshold: number;
  /** Fraction of the other pages holding a similar block that made a training block non-content. */
  nonContentPageFraction: number;
  /** Tags opening blocks besides dom-blocks' block-level tags (they change the paths). */
  extraBlockTags: string[];
  /** Paths stored (and looked up) with runs of one tag collapsed. */
  collapseRepeatedTags: boolean;
  /** Pages the template was learned from (summed when templates are merged). */
  pageCount: number;
}

/** A stored non-content block sharing its path with content blocks (Nguyen et al. 2009 §III). */
export interface FceNonContentBlock {
  /** Traversal path, e.g. `HTML.BODY.DIV.UL.LI`. */
  path: string;
  /** The block's text (for people reading the template; matching uses `vector`). */
  text: string;
  /** Its CE feature vector: `w:<term>` term counts, `#images`, `#scripts`, `#links`, `#forms`, `#empty`. */
  vector: Record<string, number>;
}

/**
 * A FastCE site template (Nguyen et al. 2009 §III, Fig. 4), plain JSON:
 * - `version`: `FCE_TEMPLATE_VERSION`; other versions are refused;
 * - `site`: the site it describes (a host name or dataset label; may be empty);
 * - `params`: what it was built with;
 * - `paths`: the traversal paths of the content blocks of the training pages, sorted;
 * - `nonContent`: the non-content blocks of the training pages whose path is in `paths`, once each;
 * - `nonContentPaths` (optional): the paths of the training pages' other blocks, which were never content.
 */
export interface FceTemplate {
  version: typeof FCE_TEMPLATE_VERSION;
  site: string;
  params: FceTemplateParams;
  paths: string[];
  nonContent: FceNonContentBlock[];
  /**
   * The other paths of the training pages' blocks (never content), sorted. Optional: templates
   * written before it have none, and detection's `contentSiblings` then has no effect.
   */
  nonContentPaths?: string[];
}

export interface TemplateValidation {
  value: FceTemplate | null;
  errors: string[];
}

/** Tags joined by dots (`HTML.BODY.DIV.P`); tags hold no dot or space. */
const PATH_PATTERN = /^[^.\s]+(?:\.[^.\s]+)*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks that a value is a template this version can use; never throws. */
export function validateTemplate(value: unknown): TemplateValidation {
  const errors: string[] = [];
  if (!isRecord(value)) return { value: null, errors: ['a template is a JSON object'] };
  if (value.version !== FCE_TEMPLATE_VERSION) {
    errors.push(`version is ${JSON.stringify(value.version)}, this package reads version ${FCE_TEMPLATE_VERSION}: rebuild the template with \`winnow template build\``);
    return { value: null, errors };
  }
  if (typeof value.site !== 'string') errors.push('site must be a string');
  const params = value.params;
  if (!isRecord(params)) errors.push('params must be an object');
  else {
    const number = (name: string, min: number, max: number) => {
      const field = params[name];
      if (typeof field !== 'number' || !Number.isFinite(field) || field < min || field > max) errors.push(`params.${name} must be a number from ${min} to ${max}`);
    };
    number('similarityThreshold', 0, 1);
    number('nonContentPageFraction', 0, 1);
    number('pageCount', 0, Number.MAX_SAFE_INTEGER);
    if (typeof params.collapseRepeatedTags !== 'boolean') errors.push('params.collapseRepeatedTags must be true or false');
    if (!Array.isArray(params.extraBlockTags) || !params.extraBlockTags.every((tag) => typeof tag === 'string')) {
      errors.push('params.extraBlockTags must be an array of tag names');
    }
  }
  if (!Array.isArray(value.paths)) errors.push('paths must be an array of traversal paths');
  else {
    const bad = value.paths.findIndex((path) => typeof path !== 'string' || !PATH_PATTERN.test(path));
    if (bad >= 0) errors.push(`paths[${bad}] is not a traversal path like "HTML.BODY.DIV.P": ${JSON.stringify(value.paths[bad])}`);
  }
  if (value.nonContentPaths !== undefined) {
    if (!Array.isArray(value.nonContentPaths)) errors.push('nonContentPaths must be an array of traversal paths');
    else {
      const bad = value.nonContentPaths.findIndex((path) => typeof path !== 'string' || !PATH_PATTERN.test(path));
      if (bad >= 0) errors.push(`nonContentPaths[${bad}] is not a traversal path like "HTML.BODY.DIV.P": ${JSON.stringify(value.nonContentPaths[bad])}`);
    }
  }
  if (!Array.isArray(value.nonContent)) errors.push('nonContent must be an array');
  else {
    value.nonContent.some((entry, position) => {
      const error = nonContentError(entry);
      if (error) errors.push(`nonContent[${position}]: ${error}`);
      return error !== null;
    });
  }
  return { value: errors.length ? null : (value as unknown as FceTemplate), errors };
}

function nonContentError(entry: unknown): string | null {
  if (!isRecord(entry)) return 'must be an object { path, text, vector }';
  if (typeof entry.path !== 'string' || !PATH_PATTERN.test(entry.path)) return 'path must be a traversal path';
  if (typeof entry.text !== 'string') return 'text must be a string';
  if (!isRecord(entry.vector)) return 'vector must be an object of feature counts';
  for (const [key, count] of Object.entries(entry.vector)) {
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) return `vector["${key}"] must be a non-negative number`;
  }
  return null;
}

/**
 * Reads a template from JSON text or a parsed value. Throws `WinnowError('INVALID_MODEL')` for a
 * malformed or wrong-version template, naming what is wrong.
 */
export function parseTemplate(input: string | unknown): FceTemplate {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (cause) {
      throw new WinnowError('INVALID_MODEL', `The FastCE template is not valid JSON (${(cause as Error).message}): rebuild it with \`winnow template build\`.`, { cause });
    }
  }
  const { value: template, errors } = validateTemplate(value);
  if (!template) throw new WinnowError('INVALID_MODEL', `Not a usable FastCE template: ${errors.join('; ')}.`);
  return template;
}

/** The template as stable, pretty JSON (paths sorted, non-content blocks in path order). */
export function serializeTemplate(template: FceTemplate): string {
  return `${JSON.stringify(template, null, 2)}\n`;
}

/**
 * Merges templates of the same site built with the same parameters: paths and non-content blocks are
 * united (duplicates kept once), page counts summed. Templates of different sites or parameters are
 * refused (`INVALID_MODEL`): their paths and comparisons do not mean the same thing.
 */
export function mergeTemplates(...templates: FceTemplate[]): FceTemplate {
  if (templates.length === 0) throw new WinnowError('INVALID_MODEL', 'mergeTemplates needs at least one template.');
  const checked = templates.map((template) => parseTemplate(template));
  const [first] = checked;
  const sites = new Set(checked.map((template) => template.site).filter(Boolean));
  if (sites.size > 1) {
    throw new WinnowError('INVALID_MODEL', `Cannot merge templates of different sites (${[...sites].join(', ')}): a template describes one site.`);
  }
  for (const template of checked.slice(1)) {
    const a = first.params;
    const b = template.params;
    if (a.similarityThreshold !== b.similarityThreshold || a.nonContentPageFraction !== b.nonContentPageFraction || a.extraBlockTags.join(',') !== b.extraBlockTags.join(',') || a.collapseRepeatedTags !== b.collapseRepeatedTags) {
      throw new WinnowError('INVALID_MODEL', 'Cannot merge templates built with different params (similarityThreshold, nonContentPageFraction, extraBlockTags, collapseRepeatedTags): rebuild them with the same options.');
    }
  }
  const paths = new Set<string>();
  const nonContent = new Map<string, FceNonContentBlock>();
  // Merged templates know the other paths only when every part does.
  const knowsOtherPaths = checked.every((template) => template.nonContentPaths);
  const otherPaths = new Set<string>();
  for (const template of checked) {
    for (const path of template.paths) paths.add(path);
    for (const path of template.nonContentPaths ?? []) otherPaths.add(path);
    for (const entry of template.nonContent) {
      const key = `${entry.path}\u0000${vectorKey(vectorFromObject(entry.vector))}`;
      if (!nonContent.has(key)) nonContent.set(key, entry);
    }
  }
  return makeTemplate({
    site: [...sites][0] ?? '',
    params: { ...first.params, pageCount: checked.reduce((sum, template) => sum + template.params.pageCount, 0) },
    paths: [...paths],
    nonContent: [...nonContent.values()],
    ...(knowsOtherPaths ? { nonContentPaths: [...otherPaths].filter((path) => !paths.has(path)) } : {}),
  });
}

/** Builds a template object in canonical form (sorted paths, non-content blocks sorted by path, stable). */
export function makeTemplate(parts: Omit<FceTemplate, 'version'>): FceTemplate {
  return {
    version: FCE_TEMPLATE_VERSION,
    site: parts.site,
    params: { ...parts.params, extraBlockTags: [...parts.params.extraBlockTags] },
    paths: [...parts.paths].sort(),
    nonContent: [...parts.nonContent].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    ...(parts.nonContentPaths ? { nonContentPaths: [...parts.nonContentPaths].sort() } : {}),
  };
}

/** A template ready for detection: a path set, and the non-content vectors grouped by path. */
export interface CompiledTemplate {
  template: FceTemplate;
  paths: ReadonlySet<string>;
  /** `nonContentPaths` as a set; null for a template without them. */
  nonContentPaths: ReadonlySet<string> | null;
  nonContentByPath: ReadonlyMap<string, NormedVector[]>;
  /** All stored non-content blocks as one indexed page, for the fallback (any path). */
  nonContentIndex: SimilarityIndex;
}

const compiledTemplates = new WeakMap<FceTemplate, CompiledTemplate>();

/** Validates once and indexes a template (cached per template object). */
export function compileTemplate(template: FceTemplate): CompiledTemplate {
  let compiled = compiledTemplates.get(template);
  if (compiled) return compiled;
  parseTemplate(template);
  const nonContentByPath = new Map<string, NormedVector[]>();
  for (const entry of template.nonContent) {
    let list = nonContentByPath.get(entry.path);
    if (!list) nonContentByPath.set(entry.path, (list = []));
    list.push(normed(vectorFromObject(entry.vector)));
  }
  const nonContentIndex = createSimilarityIndex();
  addPage(nonContentIndex, [...nonContentByPath.values()].flat());
  compiled = {
    template,
    paths: new Set(template.paths),
    nonContentPaths: template.nonContentPaths ? new Set(template.nonContentPaths) : null,
    nonContentByPath,
    nonContentIndex,
  };
  compiledTemplates.set(template, compiled);
  return compiled;
}
