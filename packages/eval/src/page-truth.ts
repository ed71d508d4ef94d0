import { htmlToString, parseHtml, type PageMetadata } from '@winnow/dom-blocks';
import { meanBagScores, snippetShare, type BagScores } from './bag.js';
import type { DatasetPage, PageTruth } from './datasets.js';

/*
 * What a benchmark's truth record lets us check beyond the main content (WCXB, Murrough Foley 2026):
 * the `with` snippets an extraction must contain and the `without` snippets (boilerplate) it must not,
 * and the page's title, author and publication date against the extractor's metadata.
 */

/** Which metadata fields of one page matched the truth; a field the truth leaves empty is absent. */
export interface MetadataMatch {
  title?: boolean;
  /** The simple baseline: the page's `<title>` element, as is. */
  titleTag?: boolean;
  author?: boolean;
  published?: boolean;
}

/** A page's checks against its truth record. */
export interface PageTruthScores {
  /** Share of the page's `with` snippets found in the extraction; absent when it has none. */
  withFound?: number;
  /** Share of the page's `without` snippets found in the extraction (lower is better); absent when it has none. */
  withoutFound?: number;
  metadata: MetadataMatch;
}

/** Bag-of-words scores of the pages of one page type. */
export interface TypeScores extends BagScores {
  pages: number;
}

/** Snippet shares over the pages that have snippets of each kind. */
export interface SnippetShares {
  /** Mean share of `with` snippets found (WCXB's "With snippets"). */
  withFound: number;
  /** Pages with at least one `with` snippet. */
  withPages: number;
  /** Mean share of `without` snippets kept out of the extraction (1 − WCXB's "Without snippets"). */
  withoutAvoided: number;
  /** Pages with at least one `without` snippet. */
  withoutPages: number;
}

/** One metadata field: the share of pages whose truth gives it that the extractor got right. */
export interface FieldAccuracy {
  /** Pages whose truth gives the field. */
  pages: number;
  share: number;
}

export interface MetadataAccuracy {
  title: FieldAccuracy & {
    /** The same share for the `<title>` element taken as is: the baseline. */
    titleTagShare: number;
  };
  author: FieldAccuracy;
  /** The date part must equal the truth's (`YYYY-MM-DD`, or as much of it as the truth gives). */
  published: FieldAccuracy;
}

const collapse = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim();
/** Typographic quotes and dashes as ASCII: WCXB's truth writes `We've` where the page has `We’ve`. */
const foldPunctuation = (text: string) =>
  text
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-');

/**
 * Titles match when equal after Unicode (NFKC), whitespace and quote/dash normalisation: exact match
 * otherwise, case kept.
 */
export function titlesMatch(predicted: string | undefined, truth: string): boolean {
  return predicted !== undefined && foldPunctuation(collapse(predicted)) === foldPunctuation(collapse(truth));
}

/**
 * Authors match when they name the same people, ignoring case, whitespace, a leading "by" and how the
 * names are joined (`A, B and C` = `A, B, C`).
 */
export function authorsMatch(predicted: string | undefined, truth: string): boolean {
  const names = (text: string) =>
    [...new Set(foldPunctuation(collapse(text)).toLowerCase().replace(/^by\s+/, '').split(/\s*(?:,|&|\band\b)\s*/).map((name) => name.trim()).filter(Boolean))].sort().join('\n');
  return predicted !== undefined && names(predicted) !== '' && names(predicted) === names(truth);
}

/** Dates match when the prediction starts with the truth's date (`2024-05-01`, or `2024-05`). */
export function datesMatch(predicted: string | undefined, truth: string): boolean {
  const date = truth.trim();
  return predicted !== undefined && date !== '' && predicted.trim().startsWith(date);
}

/** Longest `<title>` element read for the baseline; a longer one is cut (a broken page, not a title). */
const MAX_TITLE_ELEMENT = 4096;

/** The page's first `<title>` element's text, entities decoded, as a browser's `document.title` gives it. */
export function titleElementText(html: string | Uint8Array): string | undefined {
  let text: string;
  try {
    text = htmlToString(html);
  } catch {
    return undefined;
  }
  const open = /<title\b[^>]*>/i.exec(text);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const end = text.slice(start, start + MAX_TITLE_ELEMENT).search(/<\/title\s*>/i);
  const raw = text.slice(start, end < 0 ? start + MAX_TITLE_ELEMENT : start + end);
  const title = collapse(parseHtml(`<title>${raw}</title>`).querySelector('title')?.textContent ?? '');
  return title || undefined;
}

/** Checks one page's extraction against its truth record. */
export function scorePageTruth(page: DatasetPage & { truth: PageTruth }, text: string, metadata: PageMetadata | undefined): PageTruthScores {
  const { truth } = page;
  const match: MetadataMatch = {};
  if (truth.title) {
    match.title = titlesMatch(metadata?.title, truth.title);
    match.titleTag = titlesMatch(titleElementText(page.html), truth.title);
  }
  if (truth.author) match.author = authorsMatch(metadata?.author, truth.author);
  if (truth.published) match.published = datesMatch(metadata?.published, truth.published);
  return { withFound: snippetShare(text, truth.with), withoutFound: snippetShare(text, truth.without), metadata: match };
}

const mean = (values: readonly number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
const defined = <T>(values: readonly (T | undefined)[]) => values.filter((value): value is T => value !== undefined);

/** Bag-of-words scores per page type, types in first-seen order. */
export function scoresByType(results: readonly { pageType?: string; bag: BagScores }[]): Record<string, TypeScores> {
  const groups = new Map<string, BagScores[]>();
  for (const result of results) {
    if (result.pageType === undefined) continue;
    const group = groups.get(result.pageType);
    if (group) group.push(result.bag);
    else groups.set(result.pageType, [result.bag]);
  }
  return Object.fromEntries([...groups].map(([type, scores]) => [type, { pages: scores.length, ...meanBagScores(scores) }]));
}

/** Snippet shares over the pages checked against a truth record. */
export function snippetShares(scores: readonly PageTruthScores[]): SnippetShares {
  const withShares = defined(scores.map((score) => score.withFound));
  const withoutShares = defined(scores.map((score) => score.withoutFound));
  return {
    withFound: mean(withShares),
    withPages: withShares.length,
    withoutAvoided: withoutShares.length ? 1 - mean(withoutShares) : 0,
    withoutPages: withoutShares.length,
  };
}

function field(matches: readonly (boolean | undefined)[]): FieldAccuracy {
  const known = defined(matches);
  return { pages: known.length, share: mean(known.map(Number)) };
}

/** Metadata accuracy over the pages checked against a truth record. */
export function metadataAccuracy(scores: readonly PageTruthScores[]): MetadataAccuracy {
  return {
    title: { ...field(scores.map((score) => score.metadata.title)), titleTagShare: field(scores.map((score) => score.metadata.titleTag)).share },
    author: field(scores.map((score) => score.metadata.author)),
    published: field(scores.map((score) => score.metadata.published)),
  };
}
