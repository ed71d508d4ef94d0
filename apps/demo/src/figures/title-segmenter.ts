import { parseHtml } from '@winnow/dom-blocks';
import {
  chromiumAvailable,
  DEFAULT_CHROMIUM_LAYOUT_OPTIONS,
  launchChromiumLayout,
  segmentPage,
  type ChromiumLayoutOptions,
  type ChromiumLayoutSession,
} from '@winnow/title-segmenter';
import type { PageFigure } from '../figures.js';

/**
 * The title segmenter's content blocks (paper 003 §3.3: a title block and the blocks under it) outlined
 * on Chromium's rendering of the page. One browser is launched on first use and kept; the title segmenter's
 * session runs no page script and aborts every request, so the page loads nothing from the network.
 */
export function titleSegmenterFigure(options: Partial<ChromiumLayoutOptions> = {}): PageFigure {
  const executablePath = options.executablePath ?? DEFAULT_CHROMIUM_LAYOUT_OPTIONS.executablePath;
  let session: Promise<ChromiumLayoutSession> | null = null;
  return {
    name: 'title-segmenter',
    description: "paper 003's content blocks (a title block and the blocks under it) outlined in red on Chromium's layout of the page",
    available: () => chromiumAvailable(executablePath),
    async draw(page) {
      session ??= launchChromiumLayout({ ...options, executablePath });
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
        // A crashed or hung browser is dropped: the next drawing launches a fresh one.
        const dropped = session;
        session = null;
        await dropped?.then((stale) => stale.close()).catch(() => undefined);
        throw cause;
      }
    },
    async close() {
      const open = session;
      session = null;
      await open?.then((browser) => browser.close()).catch(() => undefined);
    },
  };
}
