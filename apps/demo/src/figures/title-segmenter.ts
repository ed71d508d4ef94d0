import { parseHtml } from '@winnow/dom-blocks';
import {
  chromiumAvailable,
  DEFAULT_CHROMIUM_LAYOUT_OPTIONS,
  launchChromiumLayout,
  segmentPage,
  type ChromiumLayoutOptions,
  type ChromiumLayoutSession,
} from '@winnow/title-segmenter';
import { DemoError } from '../errors.js';
import type { PageFigure } from '../figures.js';

/** Pages laid out taller than this are not drawn: a full-page screenshot of them fails or is huge. */
export const MAX_FIGURE_HEIGHT_PX = 16_000;
/** One drawing (layout, segmentation, screenshot) is given this long before its browser is closed. */
export const FIGURE_TIMEOUT_MS = 30_000;

function withTimeout<T>(work: Promise<T>, timeoutMs: number, onTimeout: () => Promise<void>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void onTimeout();
      reject(new DemoError('EXTRACTION_TIMEOUT', 503, `Drawing the page took longer than ${timeoutMs / 1000} s and was stopped: try a shorter page.`));
    }, timeoutMs);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * The title segmenter's content blocks (Sano et al. 2013 §3.3: a title block and the blocks under it) outlined
 * on Chromium's rendering of the page. One browser is launched on first use and kept; the title segmenter's
 * session runs no page script and aborts every request, so the page loads nothing from the network.
 */
export function titleSegmenterFigure(options: Partial<ChromiumLayoutOptions> & { drawTimeoutMs?: number } = {}): PageFigure {
  const { drawTimeoutMs = FIGURE_TIMEOUT_MS, ...layoutOptions } = options;
  const executablePath = layoutOptions.executablePath ?? DEFAULT_CHROMIUM_LAYOUT_OPTIONS.executablePath;
  let session: Promise<ChromiumLayoutSession> | null = null;
  /** Drops the browser (a hung or crashed one): the next drawing launches a fresh one. */
  const drop = async () => {
    const dropped = session;
    session = null;
    await dropped?.then((stale) => stale.close()).catch(() => undefined);
  };
  return {
    name: 'title-segmenter',
    description: "The title segmenter's content blocks (Sano et al. 2013: a title block and the blocks under it) outlined in red on Chromium's layout of the page",
    available: () => chromiumAvailable(executablePath),
    draw(page) {
      return withTimeout(drawOnce(page), drawTimeoutMs, drop);
    },
    close: drop,
  };

  async function drawOnce(page: { html: string }) {
    session ??= launchChromiumLayout({ ...layoutOptions, executablePath });
    let browser: ChromiumLayoutSession;
    try {
      browser = await session;
    } catch (cause) {
      session = null;
      throw cause;
    }
    try {
      const document = parseHtml(page.html);
      const layout = await browser.measure(document);
      const height = layout.elements.reduce((tallest, box) => Math.max(tallest, box ? box.y + box.height : 0), 0);
      if (height > MAX_FIGURE_HEIGHT_PX) {
        throw new DemoError('FIGURE_TOO_LARGE', 413, `The page is laid out ${Math.round(height)} px tall, over the ${MAX_FIGURE_HEIGHT_PX} px that are drawn: try a shorter page.`);
      }
      const segmentation = segmentPage(document, layout);
      const png = await browser.screenshot(document, segmentation.contentBlocks.map((block) => block.box));
      const titles = segmentation.contentBlocks.map((block) => block.title.text).filter(Boolean).slice(0, 10);
      return {
        png,
        notes: [
          `${segmentation.contentBlocks.length} content blocks over ${segmentation.blocks.length} minimum blocks (layout: ${segmentation.layoutSource})`,
          ...(titles.length ? [`titles: ${titles.map((title) => `“${title.slice(0, 60)}”`).join(', ')}`] : []),
          ...segmentation.notes,
        ],
      };
    } catch (cause) {
      // A refusal keeps the browser; anything else may have left it broken.
      if (!(cause instanceof DemoError)) await drop();
      throw cause;
    }
  }
}
