import {
  type Block,
  type Extraction,
  type LabelledBlock,
  type Page,
  type TextSegment,
  buildBlockTree,
  extractPlain,
  labelBlock,
  makeExtraction,
  parseHtml,
  WinnowError,
  isWinnowError,
} from '@winnow/dom-blocks';
import { type ClusterOptions, DEFAULT_CLUSTER_OPTIONS, PAPER_THRESHOLDS, clusterStructures, definedOnly } from './cluster.js';
import { setDistance } from './distance.js';
import { DEFAULT_STRUCTURE_OPTIONS, type DistanceMeasure, type PageStructure, type StructureOptions, pageStructure, structureSet } from './structure.js';

export interface TemplateClusterOptions extends ClusterOptions, StructureOptions {
  /** A text node is template when it appears in more than this share of the training pages. */
  dfThreshold: number;
  /** Fewer training pages than this in the page's cluster: fall back to `fallback`. */
  minTrainingPages: number;
  /** The single-page extractor used when the training set is too small. */
  fallback: (page: Page) => Extraction;
}

/** Defaults of the DF template detector (`learnTemplateModel`, `extractWithTemplateModel`, `extractWithLinkedPages`). */
export const DEFAULT_TEMPLATE_CLUSTER_OPTIONS: Readonly<TemplateClusterOptions> = Object.freeze({
  ...DEFAULT_CLUSTER_OPTIONS,
  ...DEFAULT_STRUCTURE_OPTIONS,
  /** Gottron 2008 §7: "discarded as being redundant if it appeared in more than a third of the documents". */
  dfThreshold: 1 / 3,
  /**
   * Gottron 2008 §8 asks for "a fallback solution if no suitable training documents … are found" without a
   * size. With 2 pages a DF above 1/3 means "on any other page"; below that, DF says nothing.
   */
  minTrainingPages: 2,
  /** Gottron 2008 §7's baseline "plain" (all text): the fallback never loses main content, in keeping with the method's high recall. */
  fallback: extractPlain,
});

/** The model a site's training pages give: plain data (JSON-serialisable), versioned. */
export interface TemplateClusterModel {
  version: 1;
  measure: DistanceMeasure;
  threshold: number;
  shingleLength: number;
  pages: Array<{
    id: string;
    /** The page's hash set for `measure`, sorted. */
    structure: number[];
    /** Distinct visible text-node texts (Gottron 2008 §6: each text node is a segment), whitespace collapsed. */
    texts: string[];
  }>;
  /** Template cluster of each training page (single linkage among the training pages). */
  labels: number[];
  /** Training pages left out because they could not be read (binary, oversized, undecodable), with why. */
  skipped: Array<{ id: string; reason: string }>;
}

function resolveOptions(options: Partial<TemplateClusterOptions>): TemplateClusterOptions {
  const merged: TemplateClusterOptions = { ...DEFAULT_TEMPLATE_CLUSTER_OPTIONS, ...definedOnly(options) };
  if (!(merged.dfThreshold >= 0 && merged.dfThreshold <= 1)) {
    throw new WinnowError('INVALID_OPTIONS', `dfThreshold must be within [0, 1], got ${merged.dfThreshold}.`);
  }
  if (!(Number.isInteger(merged.minTrainingPages) && merged.minTrainingPages >= 0)) {
    throw new WinnowError('INVALID_OPTIONS', `minTrainingPages must be a non-negative integer, got ${merged.minTrainingPages}.`);
  }
  return merged;
}

/** One parse of a page: its structure and its text segments. */
interface AnalysedPage {
  structure: PageStructure;
  segments: TextSegment[];
  blocks: Block[];
}

function analysePage(page: Page, shingleLength: number): AnalysedPage {
  const document = parseHtml(page.html, { contentType: page.contentType });
  const tree = buildBlockTree(document);
  return { structure: pageStructure(document, { shingleLength }), segments: tree.segments, blocks: tree.blocks };
}

/**
 * Learns from the pages linked from (or otherwise next to) the pages to extract: their structures and
 * texts, and their template clusters (Gottron 2008 §3, §5).
 */
export function learnTemplateModel(pages: Iterable<Page>, options: Partial<TemplateClusterOptions> = {}): TemplateClusterModel {
  const resolved = resolveOptions(options);
  const threshold = resolved.threshold ?? PAPER_THRESHOLDS[resolved.measure];
  const structures: PageStructure[] = [];
  const modelPages: TemplateClusterModel['pages'] = [];
  const skipped: TemplateClusterModel['skipped'] = [];
  for (const page of pages) {
    let analysed: AnalysedPage;
    try {
      analysed = analysePage(page, resolved.shingleLength);
    } catch (cause) {
      // One unreadable linked page (an image saved as .html) must not sink the page's extraction.
      if (!isWinnowError(cause)) throw cause;
      skipped.push({ id: page.id, reason: `${cause.code}: ${cause.message}` });
      continue;
    }
    structures.push(analysed.structure);
    modelPages.push({
      id: page.id,
      structure: Array.from(structureSet(analysed.structure, resolved.measure)),
      texts: [...new Set(analysed.segments.map((segment) => segment.text))],
    });
  }
  const clustering = clusterStructures(structures, { ...resolved, threshold });
  return { version: 1, measure: resolved.measure, threshold, shingleLength: resolved.shingleLength, pages: modelPages, labels: clustering.labels, skipped };
}

/** The model's hash sets as typed arrays, converted once per model object. */
const setsOfModel = new WeakMap<TemplateClusterModel, Uint32Array[]>();
function modelSets(model: TemplateClusterModel): Uint32Array[] {
  let sets = setsOfModel.get(model);
  if (!sets) {
    sets = model.pages.map((page) => Uint32Array.from(page.structure));
    setsOfModel.set(model, sets);
  }
  return sets;
}

function checkModel(model: TemplateClusterModel): void {
  if (model?.version !== 1 || !Array.isArray(model.pages) || !Array.isArray(model.labels) || model.labels.length !== model.pages.length) {
    throw new WinnowError('INVALID_MODEL', 'Not a template-cluster model (version 1): learn it again with learnTemplateModel.');
  }
}

/**
 * The training set of a page (Gottron 2008 §3): the training pages in the page's single-linkage cluster,
 * i.e. every training cluster with a page within the threshold of it. Indices into `model.pages`. A
 * training page with the page's own id is left out (a page is not its own linked page), so a model
 * learned on a whole site serves each of its pages leave-one-out.
 */
export function trainingSetOf(model: TemplateClusterModel, structure: Uint32Array, pageId?: string): number[] {
  checkModel(model);
  const joined = new Set<number>();
  const sets = modelSets(model);
  for (let index = 0; index < sets.length; index++) {
    if (joined.has(model.labels[index])) continue;
    if (setDistance(structure, sets[index]) <= model.threshold) joined.add(model.labels[index]);
  }
  const members: number[] = [];
  model.labels.forEach((label, index) => {
    if (joined.has(label) && (pageId === undefined || model.pages[index].id !== pageId)) members.push(index);
  });
  return members;
}

/**
 * Document-frequency template detection (Gottron 2008 §6): the page's text nodes found in more than
 * `dfThreshold` of the training pages are template and removed; the rest is the content. A block is
 * content when any of its text nodes survives (its text is then the surviving nodes' text).
 */
export function extractWithTrainingTexts(
  page: Page,
  trainingTexts: readonly (readonly string[])[],
  options: Partial<TemplateClusterOptions> = {},
): Extraction {
  const resolved = resolveOptions(options);
  return detectTemplate(analysePage(page, resolved.shingleLength), trainingTexts, resolved);
}

function detectTemplate(analysed: AnalysedPage, trainingTexts: readonly (readonly string[])[], resolved: TemplateClusterOptions): Extraction {
  const { segments, blocks } = analysed;
  const frequencies = new Map<string, number>();
  for (const texts of trainingTexts) for (const text of new Set(texts)) frequencies.set(text, (frequencies.get(text) ?? 0) + 1);
  const trainingSize = trainingTexts.length;
  const isTemplate = (text: string): boolean => trainingSize > 0 && (frequencies.get(text) ?? 0) / trainingSize > resolved.dfThreshold;

  const segmentsByBlock = new Map<number, TextSegment[]>();
  for (const segment of segments) {
    const list = segmentsByBlock.get(segment.block.index);
    if (list) list.push(segment);
    else segmentsByBlock.set(segment.block.index, [segment]);
  }
  const labelled: LabelledBlock[] = [];
  let removed = 0;
  for (const block of blocks) {
    const own = segmentsByBlock.get(block.index);
    if (!own || !block.ownText) continue;
    const kept = own.filter((segment) => !isTemplate(segment.text));
    removed += own.length - kept.length;
    if (kept.length === 0) {
      labelled.push(labelBlock(block, 'boilerplate', `all ${own.length} text nodes in > ${formatShare(resolved.dfThreshold)} of ${trainingSize} training pages`));
    } else if (kept.length === own.length) {
      labelled.push(labelBlock(block, 'content', `no text node in > ${formatShare(resolved.dfThreshold)} of training pages`));
    } else {
      const partial = labelBlock(block, 'content', `${own.length - kept.length} of ${own.length} text nodes removed as template`);
      labelled.push({ ...partial, text: kept.map((segment) => segment.text).join(' ') });
    }
  }
  const notes = [`DF template detection: ${removed} of ${segments.length} text nodes removed (DF > ${formatShare(resolved.dfThreshold)} of ${trainingSize} training pages)`];
  if (!labelled.some((block) => block.label === 'content')) notes.push('no main content found: every text node is template');
  return makeExtraction(labelled, notes);
}

function formatShare(share: number): string {
  return Math.abs(share - 1 / 3) < 1e-9 ? '1/3' : String(share);
}

/**
 * Extracts a page with a learned model: the page joins its template cluster among the training pages
 * (Gottron 2008 §3), whose texts then give the document frequencies (§6). A cluster smaller than
 * `minTrainingPages` falls back to single-page extraction, and the notes say so.
 */
export function extractWithTemplateModel(model: TemplateClusterModel, page: Page, options: Partial<TemplateClusterOptions> = {}): Extraction {
  checkModel(model);
  const resolved = resolveOptions(options);
  const analysed = analysePage(page, model.shingleLength);
  const structure = structureSet(analysed.structure, model.measure);
  const members = trainingSetOf(model, structure, page.id);
  const skippedNote = model.skipped?.length ? [`${model.skipped.length} training page(s) unreadable and left out, e.g. ${model.skipped[0].id}`] : [];
  const clusterNote = `training set: ${members.length} of ${model.pages.length} pages in the page's template cluster (${model.measure.toUpperCase()} ≤ ${model.threshold})`;
  if (members.length < resolved.minTrainingPages) {
    const fallback = resolved.fallback(page);
    return {
      ...fallback,
      notes: [
        `${clusterNote}: fewer than ${resolved.minTrainingPages}, fell back to single-page extraction`,
        ...skippedNote,
        ...fallback.notes,
      ],
    };
  }
  const extraction = detectTemplate(analysed, members.map((index) => model.pages[index].texts), resolved);
  return { ...extraction, notes: [clusterNote, ...skippedNote, ...extraction.notes] };
}

/**
 * Gottron 2008's extractor for one page and the pages it links to (§3): cluster the linked pages with the
 * page, keep the page's cluster as the training set, remove its template texts by DF (§6).
 */
export function extractWithLinkedPages(page: Page, linkedPages: Iterable<Page>, options: Partial<TemplateClusterOptions> = {}): Extraction {
  return extractWithTemplateModel(learnTemplateModel(linkedPages, options), page, options);
}


