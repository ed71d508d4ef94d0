import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WinnowError } from '@winnow/dom-blocks';
import { indexElements, type Box, type ElementLayout, type PageLayout } from './layout.js';

export interface ChromiumLayoutOptions {
  /** The browser binary: Debian's `chromium` package (`apt-get install chromium`); never downloaded. */
  executablePath: string;
  /** Viewport width in CSS pixels (a desktop window, as the paper's Safari, §4.3). */
  viewportWidth: number;
  viewportHeight: number;
  /** Run the page's own scripts (off: layout of the served markup, and nothing executes). */
  javaScriptEnabled: boolean;
  /** Milliseconds allowed to load one page's markup. */
  timeoutMs: number;
}

/** `CHROMIUM_PATH` overrides the binary (e.g. in CI); otherwise Debian's path. */
export const DEFAULT_CHROMIUM_LAYOUT_OPTIONS: Readonly<ChromiumLayoutOptions> = Object.freeze({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  viewportWidth: 1280,
  viewportHeight: 800,
  javaScriptEnabled: false,
  timeoutMs: 15_000,
});

/** Flags: headless, no sandbox (containers), and nothing that phones home. */
export const CHROMIUM_FLAGS: readonly string[] = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]);

/**
 * A Content-Security-Policy put first in the page's head: Chromium itself refuses every subresource
 * (style sheets, images, fonts, frames), so the page loads without a round trip per request through
 * the route that aborts them (kept as the safety net). Inline styles stay: they are part of the markup.
 */
export const NO_NETWORK_POLICY = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:">`;

/** How long to wait for the `load` event after the markup is parsed (milliseconds). */
const LOAD_GRACE_MS = 2_000;

/** The attribute carrying the element index from the DOM to the browser and back. */
export const ELEMENT_INDEX_ATTRIBUTE = 'data-winnow-index';

/** A browser session measuring pages; close it when done. */
export interface ChromiumLayoutSession {
  /** Lays the document out in Chromium and returns every element's box, display and visibility. */
  measure(document: Document): Promise<PageLayout>;
  /**
   * Lays the document out and takes a full-page PNG screenshot with the given boxes outlined in red
   * (Sano et al. 2013 Fig. 4). Returns the PNG bytes.
   */
  screenshot(document: Document, outlines: readonly Box[]): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * The driver of the browser: an optional peer dependency, so that installing the title segmenter (or the
 * CLI, or the registry) never pulls a browser driver. Imported only when Chromium layout is asked for.
 */
const PLAYWRIGHT_PACKAGE = 'playwright-core';

/** What to do when the driver is missing (the estimator needs neither the driver nor a browser). */
export const PLAYWRIGHT_MISSING_MESSAGE =
  `Chromium layout needs the optional peer dependency ${PLAYWRIGHT_PACKAGE}, which is not installed: run \`npm install ${PLAYWRIGHT_PACKAGE}\` ` +
  `in the project that uses @winnow/title-segmenter (or beside a global @winnow/cli: \`npm install -g ${PLAYWRIGHT_PACKAGE}\`); it drives ` +
  `the system's Chromium and downloads no browser. Or segment with the estimated layout (segmentPage without a layout; ` +
  `\`winnow segment --layout estimate\`).`;

function playwrightInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve(PLAYWRIGHT_PACKAGE);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why Chromium layout cannot run here (an actionable sentence), or undefined when it can: the browser
 * binary must exist and the optional peer `playwright-core` must be installed.
 */
export function chromiumUnavailableReason(executablePath: string = DEFAULT_CHROMIUM_LAYOUT_OPTIONS.executablePath): string | undefined {
  if (!existsSync(executablePath)) {
    return `No Chromium at ${executablePath}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH; or segment with the estimated layout (no browser).`;
  }
  if (!playwrightInstalled()) return PLAYWRIGHT_MISSING_MESSAGE;
  return undefined;
}

/**
 * True when Chromium layout can run: the browser binary exists and `playwright-core` is installed (tests
 * and the CLI check this before launching; `chromiumUnavailableReason` says what is missing).
 */
export function chromiumAvailable(executablePath: string = DEFAULT_CHROMIUM_LAYOUT_OPTIONS.executablePath): boolean {
  return chromiumUnavailableReason(executablePath) === undefined;
}

/**
 * Markup for the browser: the document serialised with every element stamped by its document-order
 * index, so boxes map back to this DOM even where Chromium's parser restructures the markup (an
 * implicit `<tbody>`, a `<div>` moved out of a `<p>`). Refresh redirects are dropped (no navigation)
 * and `NO_NETWORK_POLICY` is added (no subresource loads).
 */
export function serializeForLayout(document: Document): string {
  const elements = indexElements(document);
  const previous: Array<string | null> = elements.map((element) => element.getAttribute(ELEMENT_INDEX_ATTRIBUTE));
  elements.forEach((element, index) => element.setAttribute(ELEMENT_INDEX_ATTRIBUTE, String(index)));
  // Edited through the DOM, not by patching the serialised markup: attribute values may hold "<head"
  // or "<meta" text that a regular expression would take for tags. Both edits are undone below.
  const refreshes = Array.from(document.querySelectorAll('meta[http-equiv]'))
    .filter((meta) => /^\s*refresh\s*$/i.test(meta.getAttribute('http-equiv') ?? ''))
    .map((meta) => ({ meta, parent: meta.parentNode, next: meta.nextSibling }));
  for (const { meta } of refreshes) meta.remove();
  const holder = document.createElement('div');
  holder.innerHTML = NO_NETWORK_POLICY;
  const policy = holder.firstElementChild as Element;
  // Not `document.head`: linkedom creates a missing head on access, which would shift the indices.
  const root = document.documentElement;
  const head = root ? (Array.from(root.children).find((child) => child.localName === 'head') ?? root) : null;
  head?.insertBefore(policy, head.firstChild);
  try {
    const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name || 'html'}>` : '';
    return doctype + (document.documentElement?.outerHTML ?? '');
  } finally {
    policy.remove();
    for (const { meta, parent, next } of refreshes) parent?.insertBefore(meta, next && next.parentNode === parent ? next : null);
    elements.forEach((element, index) => {
      const value = previous[index];
      if (value === null) element.removeAttribute(ELEMENT_INDEX_ATTRIBUTE);
      else element.setAttribute(ELEMENT_INDEX_ATTRIBUTE, value);
    });
  }
}

type MeasuredRow = [number, number, number, number, number, string, string, number[][] | null];

/** Runs inside the page (page scripts stay off; Playwright's evaluate runs in its own world). */
function measureInPage(attribute: string): MeasuredRow[] {
  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  const range = document.createRange();
  const rows: MeasuredRow[] = [];
  for (const element of Array.from(document.querySelectorAll(`[${attribute}]`))) {
    const index = Number(element.getAttribute(attribute));
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    let texts: number[][] | null = null;
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 3 || !/\S/.test((child as Text).data)) continue;
      range.selectNodeContents(child);
      const box = range.getBoundingClientRect();
      (texts ??= []).push([box.x + scrollX, box.y + scrollY, box.width, box.height]);
    }
    rows.push([index, rect.x + scrollX, rect.y + scrollY, rect.width, rect.height, style.display, style.visibility, texts]);
  }
  return rows;
}

function drawOutlines(boxes: Array<[number, number, number, number]>): void {
  for (const [x, y, width, height] of boxes) {
    const outline = document.createElement('div');
    outline.setAttribute(
      'style',
      `position:absolute;left:${x}px;top:${y}px;width:${width}px;height:${height}px;border:3px solid red;box-sizing:border-box;z-index:2147483647;pointer-events:none`,
    );
    document.body.appendChild(outline);
  }
}

/**
 * Starts headless Chromium through playwright-core for layout: Debian's binary, page scripts off by
 * default, and every request aborted (no network: images, style sheets and frames do not load, so the
 * layout is that of the markup under the user-agent style sheet plus inline styles).
 */
export async function launchChromiumLayout(options: Partial<ChromiumLayoutOptions> = {}): Promise<ChromiumLayoutSession> {
  const settings: ChromiumLayoutOptions = { ...DEFAULT_CHROMIUM_LAYOUT_OPTIONS, ...options };
  const reason = chromiumUnavailableReason(settings.executablePath);
  if (reason) throw new WinnowError('LAYOUT_UNAVAILABLE', reason);
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    throw new WinnowError('LAYOUT_UNAVAILABLE', PLAYWRIGHT_MISSING_MESSAGE, { cause: error });
  }
  let browser;
  try {
    browser = await chromium.launch({ executablePath: settings.executablePath, args: [...CHROMIUM_FLAGS], headless: true });
  } catch (error) {
    throw new WinnowError('LAYOUT_UNAVAILABLE', `Chromium at ${settings.executablePath} did not start: ${(error as Error).message}`, { cause: error });
  }
  const context = await browser.newContext({
    javaScriptEnabled: settings.javaScriptEnabled,
    viewport: { width: settings.viewportWidth, height: settings.viewportHeight },
    offline: true,
  });
  await context.route('**/*', (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(settings.timeoutMs);

  const load = async (document: Document): Promise<void> => {
    try {
      await page.setContent(serializeForLayout(document), { waitUntil: 'domcontentloaded', timeout: settings.timeoutMs });
    } catch (error) {
      throw new WinnowError(
        'LAYOUT_UNAVAILABLE',
        `Chromium could not load the page within ${settings.timeoutMs} ms (${(error as Error).message.split('\n')[0]}): raise timeoutMs or segment with the estimated layout.`,
        { cause: error },
      );
    }
    // With every subresource refused, `load` follows at once; a page that still holds it back (a frame
    // that never finishes) is measured as it stands after LOAD_GRACE_MS rather than failing.
    await page.waitForLoadState('load', { timeout: LOAD_GRACE_MS }).catch(() => undefined);
  };

  return {
    async measure(document) {
      const count = indexElements(document).length;
      await load(document);
      const rows = await page.evaluate(measureInPage, ELEMENT_INDEX_ATTRIBUTE);
      const elements: Array<ElementLayout | undefined> = new Array(count).fill(undefined);
      for (const [index, x, y, width, height, display, visibility, texts] of rows) {
        if (!(index >= 0 && index < count)) continue;
        const layout: ElementLayout = { x, y, width, height, display, visibility };
        if (texts) layout.textBoxes = texts.map(([tx, ty, tw, th]) => ({ x: tx, y: ty, width: tw, height: th }));
        elements[index] = layout;
      }
      return { elements, viewportWidth: settings.viewportWidth, source: 'chromium' };
    },
    async screenshot(document, outlines) {
      await load(document);
      await page.evaluate(drawOutlines, outlines.map((box) => [box.x, box.y, box.width, box.height] as [number, number, number, number]));
      return new Uint8Array(await page.screenshot({ fullPage: true, type: 'png' }));
    },
    async close() {
      await browser.close();
    },
  };
}

/** Convenience: one page measured in a fresh browser (launch included; reuse a session for many pages). */
export async function measureLayoutWithChromium(document: Document, options: Partial<ChromiumLayoutOptions> = {}): Promise<PageLayout> {
  const session = await launchChromiumLayout(options);
  try {
    return await session.measure(document);
  } finally {
    await session.close();
  }
}
