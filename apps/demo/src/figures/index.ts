import type { PageFigure } from '../figures.js';
import { titleSegmenterFigure } from './title-segmenter.js';

/** The figures `startServer` offers unless told otherwise (each shown only when `available()`). */
export function defaultFigures(): PageFigure[] {
  return [titleSegmenterFigure()];
}

export { titleSegmenterFigure };
