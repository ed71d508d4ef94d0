import { WinnowError, type Block, type Page } from '@winnow/dom-blocks';
import type { ExtractModel } from './model.js';
import type { Decisions } from './decide.js';

/** Version of the site model format; other versions are refused by `parseSiteModel`. */
export const SITE_MODEL_VERSION = 1;

/**
 * What winnow learned about a site from some of its pages, plain JSON (save it, ship it, merge it):
 * - `pages`: pages learned from;
 * - `segments`: for each block text (normalised, hashed), on how many of those pages it occurs (its
 *   document frequency, as the segment table of Wang et al. 2008 counts text segments);
 * - `paths`: for each block path (Nguyen et al. 2009 §III traversal path), on how many pages it occurs and how
 *   many of its words the single-page model judged content, site-wide.
 */
export interface SiteModel {
  version: typeof SITE_MODEL_VERSION;
  site: string;
  pages: number;
  segments: Record<string, number>;
  paths: Record<string, { pages: number; words: number; contentWords: number }>;
}

export const DEFAULT_SITE_OPTIONS = Object.freeze({
  /** Fewer pages than this and the site evidence is not used (two pages cannot tell a template from chance). */
  minPages: 3,
  /**
   * A block text occurring on at least this share of the site's pages (and on two pages at least) is
   * site furniture. Tuned on cetd's single-site folders and debian-sites (training split).
   */
  recurringShare: 0.2,
  /**
   * A page whose block paths (weighted by words) were seen on the site less than this share is taken for a
   * new template: the site evidence is set aside for that page.
   */
  minTemplateFit: 0.5,
  /** A path whose words the model judged content at least this share, site-wide, lends a dropped unique block to the content. */
  contentPathShare: 0.8,
  /** ... and that path must occur on at least this share of the site's pages. */
  contentPathPages: 0.3,
  /** Recurring blocks of fewer words than this on a content path stay content (labels of a form). */
  labelWords: 5,
});

export type SiteOptions = typeof DEFAULT_SITE_OPTIONS;

/** Normalised key of a block text: case-folded, whitespace collapsed, digits kept, hashed (FNV-1a, 52 bits). */
export function segmentKey(text: string): string {
  const normalized = text.toLowerCase().replace(/\s+/g, ' ').trim();
  let low = 0x811c9dc5;
  let high = 0x0100;
  for (let index = 0; index < normalized.length; index++) {
    low ^= normalized.charCodeAt(index);
    const product = low * 0x01000193;
    low = product >>> 0;
    high = (high * 0x01000193 + Math.floor(product / 0x100000000)) & 0xfffff;
  }
  return (high * 0x100000000 + low).toString(36);
}

/** An empty site model. */
export function emptySiteModel(site = ''): SiteModel {
  return { version: SITE_MODEL_VERSION, site, pages: 0, segments: {}, paths: {} };
}

/** One page's share of a site model: its distinct block texts (`segmentKey`), and its words and content words per block path. */
interface PageSiteCounts {
  segments: Set<string>;
  paths: Map<string, { words: number; contentWords: number }>;
}

/** What one page adds to a site model, from its units and the single-page model's probabilities. */
function pageSiteCounts(units: readonly Block[], probability: Float32Array, threshold: number): PageSiteCounts {
  const segments = new Set<string>();
  const paths = new Map<string, { words: number; contentWords: number }>();
  for (let u = 0; u < units.length; u++) {
    const unit = units[u];
    segments.add(segmentKey(unit.ownText));
    let entry = paths.get(unit.path);
    if (!entry) paths.set(unit.path, (entry = { words: 0, contentWords: 0 }));
    const words = wordCount(unit.ownText);
    entry.words += words;
    if (probability[u] >= threshold) entry.contentWords += words;
  }
  return { segments, paths };
}

/** Adds one page's units (with the single-page model's probabilities) to a site model, in place. */
export function addPageToSite(model: SiteModel, units: readonly Block[], probability: Float32Array, threshold: number): SiteModel {
  const { segments, paths } = pageSiteCounts(units, probability, threshold);
  model.pages++;
  for (const key of segments) model.segments[key] = (model.segments[key] ?? 0) + 1;
  for (const [path, { words, contentWords }] of paths) {
    const entry = (model.paths[path] ??= { pages: 0, words: 0, contentWords: 0 });
    entry.pages++;
    entry.words += words;
    entry.contentWords += contentWords;
  }
  return model;
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;
}

/** Merges site models learned on different pages of one site (counts add up). */
export function mergeSiteModels(...models: SiteModel[]): SiteModel {
  const merged = emptySiteModel(models[0]?.site ?? '');
  for (const model of models) {
    merged.pages += model.pages;
    for (const [key, count] of Object.entries(model.segments)) merged.segments[key] = (merged.segments[key] ?? 0) + count;
    for (const [path, entry] of Object.entries(model.paths)) {
      const into = (merged.paths[path] ??= { pages: 0, words: 0, contentWords: 0 });
      into.pages += entry.pages;
      into.words += entry.words;
      into.contentWords += entry.contentWords;
    }
  }
  return merged;
}

/**
 * What a store of counts answers for one page's site keys (`siteKeys`): how many of the site's pages came
 * before the page, and for each key (in the order given) on how many of those pages it occurred.
 */
export interface SiteCounts {
  pages: number;
  frequencies: readonly number[];
}

/** Counts a page's site keys in a store and adds the page to it (see `extractWithSiteCounts`). */
export type SiteCounter = (keys: readonly string[]) => SiteCounts | Promise<SiteCounts>;

/** Prefixes of the three kinds of site keys: a block text, a block path, a path the page's content holds. */
export const SITE_KEY_PREFIXES = Object.freeze({ segment: 'winnow:t:', path: 'winnow:p:', contentPath: 'winnow:c:' });

/**
 * A page's site keys, distinct, for a store that counts on how many pages each key occurs (the segment
 * table's): each block text (`segmentKey`), each block path, and each path at least `contentPathShare` of
 * whose words on this page the single-page model judged content (a page's vote that the path holds content).
 */
export function siteKeys(units: readonly Block[], probability: Float32Array, threshold: number, contentPathShare = DEFAULT_SITE_OPTIONS.contentPathShare): string[] {
  const { segments, paths } = pageSiteCounts(units, probability, threshold);
  const keys = Array.from(segments, (key) => SITE_KEY_PREFIXES.segment + key);
  for (const [path, { words, contentWords }] of paths) {
    keys.push(SITE_KEY_PREFIXES.path + path);
    if (words > 0 && contentWords / words >= contentPathShare) keys.push(SITE_KEY_PREFIXES.contentPath + path);
  }
  return keys;
}

/**
 * The site model a store's counts make for one page (`siteKeys`, `SiteCounts`), holding only that page's
 * keys. A path's `words` and `contentWords` are counts of pages here — pages with the path, and pages whose
 * content the path held (`siteKeys`) — so `applySiteEvidence`'s content-path share is a share of pages, not
 * of words.
 */
export function siteModelFromCounts(keys: readonly string[], counts: SiteCounts, site = ''): SiteModel {
  if (counts.frequencies.length !== keys.length) {
    throw new WinnowError('STORE_ERROR', `The site store answered ${counts.frequencies.length} counts for ${keys.length} keys.`);
  }
  const model = emptySiteModel(site);
  model.pages = Math.max(0, counts.pages);
  const contentPages = new Map<string, number>();
  keys.forEach((key, index) => {
    if (key.startsWith(SITE_KEY_PREFIXES.contentPath)) contentPages.set(key.slice(SITE_KEY_PREFIXES.contentPath.length), counts.frequencies[index]);
  });
  keys.forEach((key, index) => {
    const frequency = Math.max(0, counts.frequencies[index]);
    if (frequency === 0) return;
    if (key.startsWith(SITE_KEY_PREFIXES.segment)) model.segments[key.slice(SITE_KEY_PREFIXES.segment.length)] = frequency;
    else if (key.startsWith(SITE_KEY_PREFIXES.path)) {
      const path = key.slice(SITE_KEY_PREFIXES.path.length);
      model.paths[path] = { pages: frequency, words: frequency, contentWords: Math.min(frequency, contentPages.get(path) ?? 0) };
    }
  });
  return model;
}

/** Reads a site model from JSON (a string or a parsed object); throws `INVALID_MODEL` for anything else. */
export function parseSiteModel(json: string | unknown): SiteModel {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new WinnowError('INVALID_MODEL', 'The site model is not valid JSON: save it with JSON.stringify(learnSite(pages)).', { cause });
    }
  }
  const model = value as Partial<SiteModel> | null;
  if (!model || typeof model !== 'object' || model.version !== SITE_MODEL_VERSION || typeof model.pages !== 'number' || typeof model.segments !== 'object' || typeof model.paths !== 'object') {
    throw new WinnowError('INVALID_MODEL', `Not a winnow site model of version ${SITE_MODEL_VERSION}: learn it again with learnSite(pages).`);
  }
  return model as SiteModel;
}

export type { Page, ExtractModel };

/**
 * Applies site evidence to single-page decisions, in place, and returns notes. A cascade of three
 * stages: (1) too few pages learned → nothing; (2) the page does not fit the learned template → nothing,
 * with a note; (3) block texts recurring across the site are boilerplate, and unique texts on paths
 * that are content site-wide are content.
 */
export function applySiteEvidence(
  site: SiteModel,
  units: readonly Block[],
  probability: Float32Array,
  decisions: Decisions,
  options: Partial<SiteOptions> = {},
): string[] {
  const settings = { ...DEFAULT_SITE_OPTIONS, ...options };
  if (site.pages === 0) return [];
  if (site.pages < settings.minPages) return [`site evidence unused: learned from ${site.pages} page(s), fewer than ${settings.minPages}`];
  let seenWords = 0;
  let allWords = 0;
  const words = units.map((unit) => wordCount(unit.ownText) + 1);
  units.forEach((unit, u) => {
    allWords += words[u];
    if (site.paths[unit.path]) seenWords += words[u];
  });
  const fit = allWords ? seenWords / allWords : 1;
  if (fit < settings.minTemplateFit) {
    return [`site evidence set aside: the page does not fit the site's template (${Math.round(fit * 100)}% of its text at paths seen on the site); judged alone`];
  }
  const recurring = Math.max(2, Math.ceil(settings.recurringShare * site.pages));
  let dropped = 0;
  let added = 0;
  for (let u = 0; u < units.length; u++) {
    const unit = units[u];
    const count = site.segments[segmentKey(unit.ownText)] ?? 0;
    const path = site.paths[unit.path];
    const contentPath = path !== undefined && path.words > 0 && path.contentWords / path.words >= settings.contentPathShare;
    if (count >= recurring) {
      // A short label on a path that holds content site-wide ("Returns:", "Parameters:" in API docs)
      // recurs because the content has a form, not because it is furniture.
      if (decisions.content[u] && !(contentPath && wordCount(unit.ownText) < settings.labelWords)) {
        decisions.content[u] = 0;
        decisions.reasons[u] = `site: text on ${count} of ${site.pages} pages of the site`;
        dropped++;
      }
      continue;
    }
    if (!decisions.content[u] && count <= 1 && contentPath && path.pages >= settings.contentPathPages * site.pages) {
      decisions.content[u] = 1;
      decisions.reasons[u] = `site: path content on the site (${Math.round((100 * path.contentWords) / path.words)}% of its words), text unique (model ${probability[u].toFixed(2)})`;
      added++;
    }
  }
  return [`site evidence: ${site.pages} pages learned, template fit ${Math.round(fit * 100)}%; ${dropped} recurring block(s) dropped, ${added} block(s) kept by path`];
}
