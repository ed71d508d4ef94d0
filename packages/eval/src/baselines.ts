import { plainExtractor, type PageExtractor } from '@winnow/dom-blocks';
import { readabilityExtractor } from './readability.js';

/** What every figure stands beside: `plain` (all visible text) and `readability` (a peer). */
export const BASELINES: readonly PageExtractor[] = Object.freeze([plainExtractor, readabilityExtractor]);
