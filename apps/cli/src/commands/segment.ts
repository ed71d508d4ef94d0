import { writeFileSync } from 'node:fs';
import { WinnowError, parseHtml } from '@winnow/dom-blocks';
import {
  chromiumUnavailableReason,
  launchChromiumLayout,
  segmentPage,
  segmentationToJson,
  type ChromiumLayoutOptions,
  type PageLayout,
  type Segmentation,
} from '@winnow/title-segmenter';
import { readPages } from '../inputs.js';

/** Where boxes come from: Chromium, the markup estimator, or Chromium when installed (else the estimator). */
export type SegmentLayoutChoice = 'auto' | 'chromium' | 'estimate';
export const SEGMENT_LAYOUT_CHOICES: readonly SegmentLayoutChoice[] = Object.freeze(['auto', 'chromium', 'estimate']);

export interface SegmentCommandOptions {
  /** A file or `-`. */
  input: string;
  layout: SegmentLayoutChoice;
  json: boolean;
  /** Write a screenshot with the content blocks outlined (Sano et al. 2013 Fig. 4) to this PNG file. */
  png?: string;
  chromium?: Partial<ChromiumLayoutOptions>;
  stdin?: NodeJS.ReadableStream;
}

export interface SegmentCommandResult {
  segmentation: Segmentation;
  /** What goes to standard output. */
  rendered: string;
  /** Milliseconds for layout plus segmentation (browser start not included). */
  ms: number;
}

const PREVIEW_CHARACTERS = 90;

function preview(text: string): string {
  return text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS - 1)}…` : text;
}

/** A readable listing: each content block with its title, box and members, then the blocks outside. */
export function formatSegmentation(segmentation: Segmentation): string {
  const lines: string[] = [];
  for (const block of segmentation.contentBlocks) {
    const { x, y, width, height } = block.box;
    lines.push(`content block ${block.index + 1}: "${preview(block.title.text)}"  box ${Math.round(x)},${Math.round(y)} ${Math.round(width)}×${Math.round(height)}  ${block.blocks.length} blocks`);
    for (const member of block.blocks) if (member !== block.title && member.text) lines.push(`  ${member.tag.padEnd(8)} ${preview(member.text)}`);
  }
  const outside = segmentation.blocks.filter((block) => block.contentBlock === null);
  lines.push(`${segmentation.contentBlocks.length} content blocks, ${segmentation.blocks.length} minimum blocks (${outside.length} in none); layout: ${segmentation.layoutSource}`);
  for (const note of segmentation.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}

/**
 * `winnow segment <page> [--json] [--png out.png]`: segments one page by title blocks (Sano et al. 2013) with
 * the layout of headless Chromium (or the markup estimator) and optionally saves a screenshot with the
 * content blocks outlined.
 */
export async function runSegment(options: SegmentCommandOptions): Promise<SegmentCommandResult> {
  const { pages } = await readPages([options.input], options.stdin);
  if (pages.length !== 1) throw new WinnowError('UNREADABLE_INPUT', `segment takes one page, not a folder of ${pages.length}.`);
  const document = parseHtml(pages[0].html);
  const unavailable = options.layout === 'estimate' ? undefined : chromiumUnavailableReason(options.chromium?.executablePath);
  const useChromium = options.layout === 'chromium' || (options.layout === 'auto' && unavailable === undefined);
  if (options.png && !useChromium) {
    throw new WinnowError('LAYOUT_UNAVAILABLE', `--png needs Chromium layout; the estimated layout has nothing to screenshot. ${unavailable ?? ''}`.trim());
  }
  const session = useChromium ? await launchChromiumLayout(options.chromium) : undefined;
  try {
    const started = performance.now();
    const layout: PageLayout | undefined = session ? await session.measure(document) : undefined;
    const segmentation = segmentPage(document, layout);
    const ms = performance.now() - started;
    if (!session && options.layout === 'auto') segmentation.notes.push(`used the estimated layout: ${unavailable}`);
    if (options.png && session) {
      writeFileSync(options.png, await session.screenshot(document, segmentation.contentBlocks.map((block) => block.box)));
    }
    const rendered = options.json ? JSON.stringify(segmentationToJson(segmentation), null, 2) : formatSegmentation(segmentation);
    return { segmentation, rendered, ms };
  } finally {
    await session?.close();
  }
}
