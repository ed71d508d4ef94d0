import { labelBlock, makeExtraction, type Extraction, type LabelledBlock } from '@winnow/dom-blocks';
import type { SegmentTableOptions } from './options.js';
import type { SegmentedPage } from './segment.js';

/** The verdict on one layout block (Wang et al. 2008 §2.3). */
export interface LayoutBlockVerdict {
  /** Position of the block in document order among all blocks of the page. */
  order: number;
  tag: string;
  /** Block path, e.g. `HTML.BODY.DIV.TABLE`. */
  path: string;
  /** Its segments' text joined by spaces (the layout blocks inside it left out). */
  text: string;
  /** Characters of its template segments. */
  templateLength: number;
  /** Characters of all its segments. */
  totalLength: number;
  /** templateLength / totalLength (0 for a block without text). */
  ratio: number;
  template: boolean;
}

export interface DetectionResult {
  /** Every layout block that holds text, in document order. */
  layoutBlocks: LayoutBlockVerdict[];
  /** The page's blocks labelled by their layout block, content rendered in order. */
  extraction: Extraction;
}

/**
 * Template detection of Wang et al. 2008 §2.3: a segment whose DF (the current page included) is at least
 * `minTemplateDf` is a template segment; a layout block whose template ratio (length of its template
 * segments over length of all its segments) is larger than `templateRatio` is a template block. Every
 * block of the page takes the label of its layout block.
 */
export function detectTemplates(
  page: SegmentedPage,
  documentFrequencies: ArrayLike<number>,
  options: Pick<SegmentTableOptions, 'minTemplateDf' | 'templateRatio'>,
  notes: string[] = [],
): DetectionResult {
  const verdicts: (LayoutBlockVerdict | null)[] = page.layoutBlocks.map((layoutBlock) => {
    if (!layoutBlock.segments.length) return null;
    let templateLength = 0;
    let totalLength = 0;
    const texts: string[] = [];
    for (const index of layoutBlock.segments) {
      const segment = page.segments[index];
      totalLength += segment.length;
      if (documentFrequencies[segment.key] >= options.minTemplateDf) templateLength += segment.length;
      texts.push(segment.text);
    }
    const ratio = totalLength ? templateLength / totalLength : 0;
    const { block } = layoutBlock;
    return {
      order: block.index,
      tag: block.tag,
      path: block.path,
      text: texts.join(' '),
      templateLength,
      totalLength,
      ratio,
      template: totalLength > 0 && ratio > options.templateRatio,
    };
  });
  const labelled: LabelledBlock[] = [];
  for (const block of page.tree.blocks) {
    if (!block.ownText) continue;
    const verdict = verdicts[page.layoutOfBlock[block.index]];
    const ratio = verdict ? verdict.ratio.toFixed(2) : '0.00';
    const where = verdict ? `${verdict.tag} #${verdict.order}` : 'layout block';
    labelled.push(
      verdict?.template
        ? labelBlock(block, 'boilerplate', `template block (${where}): template ratio ${ratio} > ${options.templateRatio}`)
        : labelBlock(block, 'content', `${where}: template ratio ${ratio} ≤ ${options.templateRatio}`),
    );
  }
  const layoutBlocks = verdicts.filter((verdict): verdict is LayoutBlockVerdict => verdict !== null);
  const allNotes = [...notes];
  if (!labelled.length) allNotes.push('the page has no visible text');
  else if (!labelled.some((block) => block.label === 'content')) allNotes.push('every block of the page is a template block: no main content found');
  return { layoutBlocks, extraction: makeExtraction(labelled, allNotes) };
}
