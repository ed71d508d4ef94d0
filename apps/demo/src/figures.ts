import { DemoError } from './errors.js';
import type { DemoPage } from './run.js';

/** A picture of the page drawn by something that needs more than the DOM (a browser's layout). */
export interface FigureImage {
  png: Uint8Array;
  notes: string[];
}

/**
 * An extension point: a figure drawn over the visitor's page, e.g. the title segmenter's content blocks
 * outlined on Chromium's rendering. The page offers the figures whose `available()` is true.
 */
export interface PageFigure {
  name: string;
  /** One line for the page. */
  description: string;
  /** False when what it needs (Chromium) is missing. */
  available(): boolean;
  draw(page: DemoPage): Promise<FigureImage>;
  /** Frees what `draw` holds (a browser); called when the server closes. */
  close?(): Promise<void>;
}

/** What the API returns for a figure. */
export interface FigureResult {
  name: string;
  /** A `data:image/png;base64,...` URL (the page's CSP allows images only as data: URLs). */
  image: string | null;
  notes: string[];
  ms: number;
  error: { code: string; message: string } | null;
}

/** Drawings waiting or running per figure before new ones are refused (a browser is slow and big). */
export const MAX_FIGURE_QUEUE = 4;
/** A larger PNG is not sent (a very long page's full-page screenshot). */
export const MAX_FIGURE_BYTES = 8 * 1024 * 1024;

/** Runs one drawing at a time per figure, refusing past `MAX_FIGURE_QUEUE`. */
export function queueFigure(figure: PageFigure): PageFigure {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    ...figure,
    draw(page) {
      if (pending >= MAX_FIGURE_QUEUE) {
        return Promise.reject(new DemoError('FIGURE_BUSY', 503, `${figure.name} is drawing ${pending} pages already: try again in a moment.`));
      }
      pending++;
      const run = tail.then(() => figure.draw(page));
      tail = run.catch(() => undefined).finally(() => pending--);
      return run;
    },
  };
}

/** Draws one figure of the page, turning failures into a result with an error. */
export async function drawFigure(figure: PageFigure, page: DemoPage): Promise<FigureResult> {
  const start = performance.now();
  const result: FigureResult = { name: figure.name, image: null, notes: [], ms: 0, error: null };
  try {
    const image = await figure.draw(page);
    if (image.png.length > MAX_FIGURE_BYTES) throw new DemoError('FIGURE_TOO_LARGE', 413, `The drawing is ${image.png.length} bytes, over ${MAX_FIGURE_BYTES}: try a shorter page.`);
    result.image = `data:image/png;base64,${Buffer.from(image.png).toString('base64')}`;
    result.notes = image.notes;
  } catch (cause) {
    result.error = {
      code: cause instanceof DemoError ? cause.code : ((cause as { code?: string })?.code ?? 'FIGURE_FAILED'),
      message: cause instanceof Error ? cause.message.slice(0, 500) : String(cause).slice(0, 500),
    };
  }
  result.ms = Math.round((performance.now() - start) * 100) / 100;
  return result;
}
