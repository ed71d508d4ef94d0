import { htmlToString, makeExtraction, type Extraction, type LabelledBlock, type Page, type PageExtractor } from '@winnow/dom-blocks';
import { buildLineBlocks, meanAndDeviation, titleKeywords, type LineBlock } from './line-blocks.js';
import { resolveLineBlockOptions, type LineBlockMode, type LineBlockOptions } from './options.js';
import { scanLines, type SourceLine } from './scan.js';

/** The thresholds one page was classified with (τ_TTR is per page when adaptive). */
export interface LineBlockThresholds {
  ttr: number;
  attr: number;
  tkd: number;
}

/** A line-block with its features and the label Step 4 gave it. */
export interface ClassifiedLineBlock extends LineBlock {
  label: 'content' | 'boilerplate';
  reason: string;
}

/** Everything the four steps computed for one page, for inspection and tests. */
export interface LineBlockAnalysis {
  title: string;
  keywords: string[];
  lines: SourceLine[];
  blocks: ClassifiedLineBlock[];
  thresholds: LineBlockThresholds;
  options: LineBlockOptions;
}

function format(value: number): string {
  return String(Number(value.toFixed(2)));
}

/**
 * Step 4 (§V) for one block. `'paper'`: content iff all three tests pass. `'tuned'`: content iff the link
 * test passes and the density test or the title-keyword test does (Step 3's "add it back").
 */
export function classifyLineBlock(block: LineBlock, thresholds: LineBlockThresholds, mode: LineBlockMode): { label: 'content' | 'boilerplate'; reason: string } {
  const dense = block.ttr > thresholds.ttr;
  const fewLinks = block.attr < thresholds.attr;
  const titled = block.tkd >= thresholds.tkd;
  const content = mode === 'paper' ? dense && fewLinks && titled : fewLinks && (dense || titled);
  const reason = [
    `ttr ${format(block.ttr)} ${dense ? '>' : '≤'} ${format(thresholds.ttr)}`,
    `attr ${format(block.attr)} ${fewLinks ? '<' : '≥'} ${format(thresholds.attr)}`,
    `tkd ${block.tkd} ${titled ? '≥' : '<'} ${format(thresholds.tkd)}`,
  ].join(', ');
  return { label: content ? 'content' : 'boilerplate', reason: `${mode}: ${reason}` };
}

/**
 * Beyond the paper (tuned mode): groups content blocks into regions — runs with at most `gap` boilerplate
 * blocks between neighbours — and relabels regions with less than `share` of the longest region's text.
 * Comment threads and teaser lists far from the article are dense too; distance is what gives them away.
 */
export function keepMainRegions(blocks: ClassifiedLineBlock[], gap: number, share: number): void {
  const regions: { blocks: ClassifiedLineBlock[]; textLength: number }[] = [];
  let current: (typeof regions)[number] | null = null;
  let boilerplateSince = 0;
  for (const block of blocks) {
    if (block.label !== 'content') {
      boilerplateSince++;
      continue;
    }
    if (current && boilerplateSince <= gap) {
      current.blocks.push(block);
      current.textLength += block.textLength;
    } else {
      current = { blocks: [block], textLength: block.textLength };
      regions.push(current);
    }
    boilerplateSince = 0;
  }
  const longest = regions.reduce((max, region) => Math.max(max, region.textLength), 0);
  for (const region of regions) {
    if (region.textLength >= share * longest) continue;
    for (const block of region.blocks) {
      block.label = 'boilerplate';
      block.reason += `; outside the main regions (${region.textLength} < ${share} × ${longest} characters)`;
    }
  }
}

function inputHtml(input: Page | string | Uint8Array): string {
  if (typeof input === 'string' || input instanceof Uint8Array) return htmlToString(input);
  return htmlToString(input.html, { contentType: input.contentType });
}

/**
 * Runs the four steps of San & Aye on a page (an HTML string, bytes or a `Page`) without building a DOM
 * and returns every line-block with its features and label.
 */
export function analyzeLineBlocks(input: Page | string | Uint8Array, options: Partial<LineBlockOptions> = {}): LineBlockAnalysis {
  const resolved = resolveLineBlockOptions(options);
  const html = inputHtml(input);
  const { title, lines } = scanLines(html, { lineBreakTags: resolved.lineBreakTags, skipHidden: resolved.skipHidden });
  const keywords = titleKeywords(title, resolved.minKeywordLength);
  const blocks = buildLineBlocks(lines, keywords, resolved.maxLineGap);
  const ttr =
    resolved.thresholdMethod === 'adaptive' ? resolved.lambda * meanAndDeviation(blocks.map((block) => block.ttr)).deviation : resolved.ttrThreshold;
  const thresholds: LineBlockThresholds = { ttr, attr: resolved.attrThreshold, tkd: resolved.tkdThreshold };
  const classified = blocks.map((block): ClassifiedLineBlock => Object.assign(block, classifyLineBlock(block, thresholds, resolved.mode)));
  if (resolved.regionShare > 0) keepMainRegions(classified, resolved.regionGap, resolved.regionShare);
  return { title, keywords: [...keywords], lines, blocks: classified, thresholds, options: resolved };
}

/**
 * Extracts the main content of a page with the Line-Block method (San & Aye). Every text line becomes a
 * `LabelledBlock` carrying its line-block's label and features; the content lines render as the text.
 * A page without main content gives an `Extraction` with no content blocks and a note saying why.
 */
export function extractLineBlocks(input: Page | string | Uint8Array, options: Partial<LineBlockOptions> = {}): Extraction {
  const analysis = analyzeLineBlocks(input, options);
  const labelled: LabelledBlock[] = [];
  for (const block of analysis.blocks) {
    for (const line of block.lines) {
      labelled.push({
        path: line.path,
        text: line.text,
        label: block.label,
        reason: `line-block ${block.index}: ${block.reason}`,
        order: labelled.length,
        tag: line.tag,
        ...(line.source ? { source: line.source } : {}),
      });
    }
  }
  const notes: string[] = [];
  if (!analysis.blocks.length) notes.push('the page has no visible text');
  else if (!analysis.blocks.some((block) => block.label === 'content')) {
    notes.push(`no line-block passed the thresholds (${analysis.options.mode} mode, ${analysis.blocks.length} blocks)`);
  }
  if (analysis.blocks.length && !analysis.keywords.length) notes.push('the page has no <title> words: every block has TKD 0');
  return makeExtraction(labelled, notes, 'line');
}

/** The Line-Block extractor in the mode that measures best (`'tuned'`): its blocks are source lines. */
export const lineBlockExtractor: PageExtractor<LineBlockOptions> = Object.freeze({
  kind: 'page',
  name: 'lineblock',
  description: 'Line-Block extraction without a DOM (San & Aye), tuned mode: TTR/ATTR tests, TKD adds blocks back',
  extract: (page: Page, options?: Partial<LineBlockOptions>) => extractLineBlocks(page, { mode: 'tuned', ...options }),
});

/** The Line-Block extractor in the paper-faithful mode. */
export const lineBlockPaperExtractor: PageExtractor<LineBlockOptions> = Object.freeze({
  kind: 'page',
  name: 'lineblock-paper',
  description: 'Line-Block extraction without a DOM (San & Aye), paper mode: TTR > 30 and ATTR < 0.2 and TKD >= 2',
  extract: (page: Page, options?: Partial<LineBlockOptions>) => extractLineBlocks(page, { mode: 'paper', ...options }),
});
