import {
  WinnowError,
  buildBlockTree,
  SKIPPED_TAGS,
  labelBlock,
  makeExtraction,
  htmlToString,
  parseHtml,
  renderMarkdownFromTree,
  type Block,
  type BlockTree,
  type Extraction,
  type LabelledBlock,
  type MarkdownOptions,
  type Page,
} from '@winnow/dom-blocks';
import { CONTEXT_FEATURE_COUNT, FEATURE_COUNT, contextRows, contextScratch, pageFeatures, type PageFeatures } from './features.js';
import { REGION_OUTSIDE_THRESHOLD, decideUnits, mainRegion, unitTree } from './decide.js';
import { keepDeclaredBody } from './declared-body.js';
import { readPageEvidence, type PageEvidence } from './metadata.js';
import { forestPredictor, sigmoid } from './gbdt.js';
import { typedArrays } from './arena.js';
import { validateModel, type ExtractModel } from './model.js';
import { dropArticleFurniture } from './furniture.js';
import trainedModel from './model/model.json' with { type: 'json' };
import { dropComments } from './comments.js';
import { addPageToSite, applySiteEvidence, emptySiteModel, mergeSiteModels, siteKeys, siteModelFromCounts, type SiteCounter, type SiteModel } from './site.js';

/** What `extract` accepts: a page, an HTML string, bytes, or an already parsed `Document`. */
export type ExtractInput = Page | string | Uint8Array | ArrayBuffer | Document;

export interface ExtractOptions {
  /** A site model from `learnSite`: blocks and text recurring across the site enter the decision. */
  site?: SiteModel;
  /** Probability at or above which a block is content; default: the model's own (tuned on the training data). */
  threshold?: number;
  /**
   * On a page that declares itself one article (Open Graph `og:type` article, a schema.org Article type),
   * the probability a block outside the page's main region (the subtree the model is surest of) needs to
   * be content; default `REGION_OUTSIDE_THRESHOLD` (0.6). At or below `threshold` the region changes nothing.
   */
  regionThreshold?: number;
  /**
   * On a page that declares one article, keep blocks whose `class` or `id` names a picture's caption or
   * credit (default true). The headline repeating the title and the byline are always left out there:
   * they are in `metadata`.
   */
  captions?: boolean;
  /**
   * On a page that declares one article and no discussion (no `DiscussionForumPosting`, `QAPage` or
   * `Comment` items), keep the comments under it: blocks inside a block whose `class` or `id` names
   * comments (default false, as WCXB's golds and Readability; cetd's golds keep them).
   */
  comments?: boolean;
  /** A model other than the bundled one (from `scripts/train.ts`). */
  model?: ExtractModel;
  /** `Content-Type` of the page's transport, for decoding bytes. */
  contentType?: string;
  /** The page's URL (default: a `Page`'s `url`): makes the canonical URL, links and images absolute. */
  url?: string;
  /**
   * How the content's Markdown (`Extraction.markdown`) is rendered: `links` and `images` kept (default
   * both false), `baseUrl` to resolve them against (default: the page's URL).
   */
  markdown?: MarkdownOptions;
}

export const DEFAULT_EXTRACT_OPTIONS = Object.freeze({
  /** Read from the bundled model (tuned on the validation split of the training datasets). */
  threshold: undefined as number | undefined,
  /** See `REGION_OUTSIDE_THRESHOLD` (tuned on the validation split of the training datasets). */
  regionThreshold: REGION_OUTSIDE_THRESHOLD,
  /** See `dropArticleFurniture`: cetd's golds keep captions. */
  captions: true,
  /** See `dropComments`: WCXB's article golds leave comments out. */
  comments: false,
});

let bundled: ExtractModel | undefined;

/** The bundled model (trained by `scripts/train.ts` on wcxb-dev, cetd, cleaneval-dev and debian-sites). */
export function bundledModel(): ExtractModel {
  bundled ??= validateModel(trainedModel as unknown as ExtractModel);
  return bundled;
}

/**
 * A page whose visible text has fewer words than this is read again with its `<noscript>` content and
 * its markup-hidden elements: pages rendered by scripts put their text there — Discourse forums in
 * `<noscript>` for crawlers, Next.js streaming in `<div hidden>` that its scripts move into place. Tuned
 * on wcxb-dev's forum and article pages.
 */
export const NOSCRIPT_FALLBACK_WORDS = 20;

/** Words of the page's own texts, counted up to `limit` (spaces plus one per text: a cheap upper bound). */
function wordsOf(tree: BlockTree, limit = Infinity): number {
  let words = 0;
  for (const block of tree.blocks) {
    const text = block.ownText;
    if (!text) continue;
    words++;
    for (let index = text.indexOf(' '); index >= 0 && words < limit; index = text.indexOf(' ', index + 1)) words++;
    if (words >= limit) return words;
  }
  return words;
}

/**
 * The block tree of a document; see `NOSCRIPT_FALLBACK_WORDS` for pages that show their text only without
 * scripts. The fallback reads `source` (the page's HTML; by default the document serialised) again with
 * each `<noscript>` made a `<div>`, so it does not depend on how the parser treats `<noscript>` (a parser
 * with scripting on keeps its content as raw text).
 */
export function blockTreeOf(document: Document, source?: string): BlockTree {
  const tree = buildBlockTree(document);
  const words = wordsOf(tree, NOSCRIPT_FALLBACK_WORDS);
  if (words >= NOSCRIPT_FALLBACK_WORDS) return tree;
  const html = source ?? document.documentElement?.outerHTML ?? '';
  if (!/<noscript|\shidden/i.test(html)) return tree;
  const scriptless = parseHtml(html.replace(/<(\/?)noscript\b/gi, '<$1div'));
  const withNoscript = buildBlockTree(scriptless, { isSkipped: (_element, tag) => SKIPPED_TAGS.has(tag) });
  return wordsOf(withNoscript) > words ? withNoscript : tree;
}

function isDocument(input: unknown): input is Document {
  return typeof input === 'object' && input !== null && 'documentElement' in input;
}

/** A page read once: its document, the block tree labelled (see `blockTreeOf`) and its URL when known. */
export interface ReadPage {
  document: Document;
  tree: BlockTree;
  url?: string;
}

/** Reads any accepted input into its document and block tree, parsing it once. */
export function readInput(input: ExtractInput, contentType?: string): ReadPage {
  if (isDocument(input)) return { document: input, tree: blockTreeOf(input) };
  let html: string | undefined;
  let url: string | undefined;
  if (input instanceof ArrayBuffer) html = htmlToString(new Uint8Array(input), { contentType });
  else if (typeof input === 'string' || input instanceof Uint8Array) html = htmlToString(input, { contentType });
  else if (typeof input === 'object' && input !== null && 'html' in input) {
    html = htmlToString(input.html, { contentType: input.contentType ?? contentType });
    url = input.url;
  }
  if (html === undefined) {
    throw new WinnowError('UNREADABLE_INPUT', 'extract() takes a Page ({ id, html }), an HTML string, bytes (Uint8Array or ArrayBuffer) or a Document.');
  }
  const document = parseHtml(html);
  return { document, tree: blockTreeOf(document, html), url };
}

/** Reads any accepted input into a block tree. */
export function treeOf(input: ExtractInput, contentType?: string): BlockTree {
  return readInput(input, contentType).tree;
}

/** Probabilities of the two passes for every unit of a page. */
export interface UnitScores {
  features: PageFeatures;
  /** First-pass probability per unit. */
  first: Float32Array;
  /** Final probability per unit. */
  probability: Float32Array;
}

/**
 * Scores every unit of a block tree with the model. Each unit's feature row is written into one scratch
 * row for each pass, never kept: memory stays a few dozen bytes per unit on pages of millions of blocks.
 */
export function scoreTree(tree: BlockTree, model: ExtractModel = bundledModel()): UnitScores {
  const features = pageFeatures(tree);
  const n = features.units.length;
  const row = new Float32Array(FEATURE_COUNT + CONTEXT_FEATURE_COUNT);
  // Taken together before the passes (see `typedArrays`).
  const { first, probability } = typedArrays({ first: [Float32Array, n], probability: [Float32Array, n] } as const);
  const scratch = contextScratch(features);
  const pass1 = forestPredictor(model.pass1);
  const pass2 = forestPredictor(model.pass2);
  for (let u = 0; u < n; u++) {
    features.row(u, row, 0);
    first[u] = sigmoid(pass1(row, 0));
  }
  const context = contextRows(features, first, scratch);
  for (let u = 0; u < n; u++) {
    features.row(u, row, 0);
    context.row(u, row, FEATURE_COUNT);
    probability[u] = sigmoid(pass2(row, 0));
  }
  return { features, first, probability };
}

/**
 * Labels every unit from its probability (and site evidence when given). With `regionThreshold` (given for
 * pages that declare one article), a unit outside the page's main region needs that probability, and the
 * article's furniture (`dropArticleFurniture`: the headline repeating `article.title`, the byline, captions
 * unless `article.captions`) is left out, and the comments under the article (`dropComments`) unless
 * `article.comments` or the page declares a discussion (`article.discussion`).
 */
export function labelUnits(
  scores: UnitScores,
  threshold: number,
  site?: SiteModel,
  pageTree?: BlockTree,
  regionThreshold?: number,
  article: { title?: string; captions?: boolean; comments?: boolean; body?: string; discussion?: boolean } = {},
): { blocks: LabelledBlock[]; notes: string[] } {
  const { features, probability } = scores;
  const notes: string[] = [];
  let region: Uint8Array | undefined;
  let tree: { blockParents: Int32Array; unitBlocks: Int32Array } | undefined;
  if (regionThreshold !== undefined && regionThreshold > threshold) {
    tree = unitTree(features.units, features.blockCount);
    region = mainRegion(tree.blockParents, tree.unitBlocks, features.words, probability, threshold);
  }
  const decisions = decideUnits(features, probability, threshold, region, regionThreshold);
  if (site && pageTree) notes.push(...applySiteEvidence(site, features.units, probability, decisions));
  if (regionThreshold !== undefined) dropArticleFurniture(features.units, features.words, decisions, article.title, article.captions ?? DEFAULT_EXTRACT_OPTIONS.captions);
  if (regionThreshold !== undefined && !article.comments && !article.discussion) dropComments(features.units, features.words, decisions, features.blockCount);
  if (article.body) {
    tree ??= unitTree(features.units, features.blockCount);
    keepDeclaredBody(features.units, features.words, decisions, article.body, tree.blockParents, tree.unitBlocks);
  }
  const blocks = features.units.map((unit: Block, u) => labelBlock(unit, decisions.content[u] ? 'content' : 'boilerplate', decisions.reasons[u]));
  if (!blocks.some((block) => block.label === 'content')) notes.push('no main content found');
  return { blocks, notes };
}

/**
 * Scores and labels a page's units. Its own function so that the scores (a few dozen bytes a unit, on
 * pages of millions of units) are garbage before the Markdown is rendered.
 */
function labelPage(page: ReadPage, model: ExtractModel, threshold: number, options: ExtractOptions, evidence: PageEvidence, scored?: ScoredPage): { blocks: LabelledBlock[]; notes: string[] } {
  const scores = scored?.scores ?? scoreTree(page.tree, model);
  // Released here so that the scores are garbage before the Markdown is rendered.
  if (scored) scored.scores = undefined;
  const title = evidence.metadata.title;
  const article = evidence.article.ogArticle || evidence.article.schemaArticle;
  return labelUnits(scores, threshold, scored ? scored.site : options.site, page.tree, article ? (options.regionThreshold ?? DEFAULT_EXTRACT_OPTIONS.regionThreshold) : undefined, {
    title,
    captions: options.captions,
    comments: options.comments ?? DEFAULT_EXTRACT_OPTIONS.comments,
    body: evidence.articleBody,
    discussion: evidence.article.discussion,
  });
}

/** A page scored before labelling, with the site model to label it with. */
interface ScoredPage {
  scores: UnitScores | undefined;
  site: SiteModel | undefined;
}

/**
 * Extracts the main content of a page: every block with text labelled content or boilerplate, with the
 * reason, the content as text and as GitHub Flavored Markdown (`markdown`: headings, lists, tables and
 * code blocks kept), and the page's metadata (`metadata`: title, author, publication date, language,
 * canonical URL, site name, description). With `options.site` (see `learnSite`), blocks recurring across
 * the site and the site's template paths enter the decision; a page that does not fit what was learned is
 * judged alone, with a note.
 */
export function extract(input: ExtractInput, options: ExtractOptions = {}): Extraction {
  const model = options.model ? validateModel(options.model) : bundledModel();
  return extractRead(readInput(input, options.contentType), model, options);
}

function thresholdOf(model: ExtractModel, options: ExtractOptions): number {
  return options.threshold ?? DEFAULT_EXTRACT_OPTIONS.threshold ?? model.threshold;
}

function extractRead(page: ReadPage, model: ExtractModel, options: ExtractOptions, scored?: ScoredPage): Extraction {
  const url = options.url ?? page.url;
  const evidence = readPageEvidence(page.document, url);
  const { metadata } = evidence;
  const { blocks, notes } = labelPage(page, model, thresholdOf(model, options), options, evidence, scored);
  const extraction = makeExtraction(blocks, notes);
  const content = blocks.filter((block) => block.label === 'content').map((block) => block.order);
  const markdown = renderMarkdownFromTree(page.tree, content, { ...options.markdown, baseUrl: options.markdown?.baseUrl ?? url });
  return { ...extraction, metadata, markdown };
}

/**
 * Site keys one page may give a store (`extractWithSiteCounts`): a page with more (tens of thousands of
 * distinct blocks, far beyond any page of the five datasets) is judged alone and not counted.
 */
export const MAX_SITE_KEYS = 50_000;

/**
 * Extracts a page with a site model kept in a store of counts that learns from each page as pages stream
 * by — the segment table's store of `@winnow/segment-table` (memory, SQLite or Redis; `@winnow/crawl`'s
 * `--site-store`). `count` gets the page's site keys (`siteKeys`), adds the page to the store, and answers
 * how many of the site's pages came before it and, for each key, on how many of them it occurred; the page
 * is judged with the site model those counts make (`siteModelFromCounts`). A site's first pages are judged
 * alone (fewer than `minPages` before them) and the evidence grows with the site. `options.site` is not used.
 * A page of more than `maxKeys` site keys (default `MAX_SITE_KEYS`) is judged alone and not counted, with a note.
 */
export async function extractWithSiteCounts(input: ExtractInput, count: SiteCounter, options: ExtractOptions = {}, maxKeys = MAX_SITE_KEYS): Promise<Extraction> {
  const model = options.model ? validateModel(options.model) : bundledModel();
  const page = readInput(input, options.contentType);
  const scores = scoreTree(page.tree, model);
  const keys = siteKeys(scores.features.units, scores.probability, thresholdOf(model, options));
  if (keys.length > maxKeys) {
    // Judged alone and not counted: one page must not flood the store (or one Redis call) with keys.
    const alone = extractRead(page, model, options, { scores, site: undefined });
    return { ...alone, notes: [...alone.notes, `site evidence unused: the page has ${keys.length} site keys, more than ${maxKeys}; judged alone and not counted`] };
  }
  const site = siteModelFromCounts(keys, await count(keys));
  return extractRead(page, model, options, { scores, site });
}

export interface LearnSiteOptions {
  /** The site's name, stored in the model (default: the first page's `site`, else empty). */
  site?: string;
  /** A model learned before: the pages are added to a copy of it (site models keep learning). */
  base?: SiteModel;
  model?: ExtractModel;
  threshold?: number;
}

/**
 * Learns a site model from some of the site's pages: the document frequency of every block text and, per
 * block path, how much of its text the single-page model keeps. Feed more pages later with `learnSite(more,
 * { base })` or merge models with `mergeSiteModels`.
 */
export function learnSite(pages: Iterable<ExtractInput>, options: LearnSiteOptions = {}): SiteModel {
  const model = options.model ? validateModel(options.model) : bundledModel();
  const threshold = options.threshold ?? model.threshold;
  let site: SiteModel | undefined = options.base ? mergeSiteModels(options.base) : undefined;
  for (const page of pages) {
    site ??= emptySiteModel(options.site ?? (typeof page === 'object' && page !== null && 'html' in page ? page.site ?? '' : ''));
    const scores = scoreTree(treeOf(page), model);
    addPageToSite(site, scores.features.units, scores.probability, threshold);
  }
  return site ?? emptySiteModel(options.site ?? '');
}
