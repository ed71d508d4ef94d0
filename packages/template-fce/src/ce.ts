import { labelBlock, renderText, type Block, type BlockTree, type Extraction, type Page } from '@winnow/dom-blocks';
import { requiredSimilarPages, resolveCeOptions, type CeOptions } from './options.js';
import { ceUnits, pageBlockTree, pageOrder, unitVector, type NormedVector } from './page-blocks.js';
import { addPage, countSimilarPages, createSimilarityIndex, type SimilarityIndex } from './similarity-index.js';

/**
 * ContentExtractor's model (Debnath et al., as Nguyen et al. 2009 §II describes it): every unit of every input
 * page, indexed for similarity counting. Kept in memory; FastCE's template is the shippable model.
 */
export interface CeModel {
  kind: 'ce';
  site: string;
  params: CeOptions;
  index: SimilarityIndex;
}

/** One CE unit of a page with its verdict. */
export interface CeUnitLabel {
  block: Block;
  vector: NormedVector;
  /** Pages (of the model, or of the other training pages) holding a similar block. */
  similarPages: number;
  content: boolean;
}

export interface CeClassification {
  units: CeUnitLabel[];
  /** Similar pages needed for a unit to be non-content. */
  required: number;
  /** Pages compared with. */
  pageCount: number;
}

/** CE's input phase: partitions every page into units and stores them (Nguyen et al. 2009 §II). */
export function learnCe(pages: Iterable<Page>, options: Partial<CeOptions> & { site?: string } = {}): CeModel {
  const params = resolveCeOptions(options);
  const index = createSimilarityIndex();
  let site = options.site;
  for (const page of pages) {
    site ??= page.site;
    const tree = pageBlockTree(page, params.extraBlockTags);
    addPage(index, ceUnits(tree).map(unitVector));
  }
  return { kind: 'ce', site: site ?? '', params, index };
}

/** Labels the units of a page against the model: a unit similar to blocks in many pages is non-content. */
export function classifyCeUnits(model: CeModel, tree: BlockTree): CeClassification {
  const { similarityThreshold, nonContentPageFraction } = model.params;
  const pageCount = model.index.pageCount;
  const required = requiredSimilarPages(pageCount, nonContentPageFraction);
  const units = ceUnits(tree).map((block) => {
    const vector = unitVector(block);
    const similarPages = countSimilarPages(model.index, vector, { threshold: similarityThreshold, enough: required });
    return { block, vector, similarPages, content: similarPages < required };
  });
  return { units, required, pageCount };
}

/**
 * Extracts a page with CE. Units come out in block order, each with its own text (sub-blocks removed,
 * Fig. 3): a phrase spanning a sub-block is broken, as the paper says of CE.
 */
export function extractCe(model: CeModel, page: Page | Document): Extraction {
  const tree = pageBlockTree(page, model.params.extraBlockTags);
  return ceExtraction(classifyCeUnits(model, tree), pageOrder(tree));
}

/** The units labelled, in block order; `orderOf` gives each its index in the page's own block tree (see `pageOrder`). */
export function ceExtraction(classification: CeClassification, orderOf: (block: Block) => number = (block) => block.index): Extraction {
  const { units, required, pageCount } = classification;
  const blocks = units
    .filter((unit) => unit.block.ownText)
    .map((unit) => ({
      ...labelBlock(
        unit.block,
        unit.content ? 'content' : 'boilerplate',
        `ce: similar blocks in ${unit.similarPages}${unit.content ? '' : '+'} of ${pageCount} pages (non-content from ${required})`,
      ),
      order: orderOf(unit.block),
    }));
  const notes: string[] = [];
  if (pageCount < 2) notes.push(`ce: learned from ${pageCount} page(s); repeated blocks cannot be found, all text is content`);
  if (!blocks.some((block) => block.label === 'content')) notes.push('ce: no content block found');
  // Units come in block order already; with extra block tags several may share a page block, so no sort.
  return { blocks, text: renderText(blocks), notes, unit: 'block' };
}

/** A training page's units with their leave-one-out CE labels (FastCE's preparation input). */
export interface LabelledTrainingUnit {
  path: string;
  text: string;
  vector: NormedVector;
  content: boolean;
  similarPages: number;
}

/**
 * Runs CE over the training pages themselves: each unit is compared with the blocks of the *other*
 * pages (Nguyen et al. 2009 §II: "the number of web pages that contain a block similar to B"). `onPage` reports
 * progress (page number from 1, in two passes: `parse`, then `compare`).
 */
export function labelTrainingPages(
  pages: Iterable<Page>,
  params: CeOptions,
  onProgress?: (done: number, total: number, phase: 'parse' | 'compare') => void,
): { site: string | undefined; pages: LabelledTrainingUnit[][] } {
  const index = createSimilarityIndex();
  const perPage: LabelledTrainingUnit[][] = [];
  let site: string | undefined;
  const list = [...pages];
  for (const page of list) {
    site ??= page.site;
    const tree = pageBlockTree(page, params.extraBlockTags);
    const units = ceUnits(tree).map((block) => ({
      path: block.path,
      text: block.ownText,
      vector: unitVector(block),
      content: true,
      similarPages: 0,
    }));
    addPage(index, units.map((unit) => unit.vector));
    perPage.push(units);
    onProgress?.(perPage.length, list.length, 'parse');
  }
  const required = requiredSimilarPages(list.length - 1, params.nonContentPageFraction);
  perPage.forEach((units, pageNumber) => {
    for (const unit of units) {
      unit.similarPages =
        list.length < 2
          ? 0
          : countSimilarPages(index, unit.vector, { threshold: params.similarityThreshold, excludePage: pageNumber, enough: required });
      unit.content = list.length < 2 || unit.similarPages < required;
    }
    onProgress?.(pageNumber + 1, list.length, 'compare');
  });
  return { site, pages: perPage };
}
