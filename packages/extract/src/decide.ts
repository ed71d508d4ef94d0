import { FEATURE_COUNT, FEATURE_NAMES } from './features.js';

/** A unit's label and the reason for it. */
export interface Decision {
  content: boolean;
  reason: string;
}

const COLUMN = Object.fromEntries(FEATURE_NAMES.map((name, index) => [name, index])) as Record<string, number>;
const CUE_TAGS = ['nav', 'header', 'footer', 'aside', 'form'];
const CUE_CLASSES = ['nav', 'menu', 'footer', 'sidebar', 'related', 'share', 'social', 'comment', 'ad', 'promo', 'cookie', 'breadcrumb', 'newsletter'];

/** A few words on why the model dropped a unit: the strongest markup cues among its features. */
export function dropCues(matrix: Float32Array, u: number): string {
  const row = u * FEATURE_COUNT;
  const cues: string[] = [];
  const linkDensity = matrix[row + COLUMN.ownLinkDensity];
  if (linkDensity >= 0.5) cues.push(`links ${Math.round(linkDensity * 100)}% of text`);
  for (const tag of CUE_TAGS) if (matrix[row + COLUMN[`in:${tag}`]]) cues.push(`inside <${tag}>`);
  for (const keyword of CUE_CLASSES) if (matrix[row + COLUMN[`cls:${keyword}`]] || matrix[row + COLUMN[`anc:${keyword}`]] >= 0.5) cues.push(`class "${keyword}"`);
  if (!matrix[row + COLUMN.inBest]) cues.push('outside the main region');
  if (matrix[row + COLUMN.words] < 4) cues.push('short');
  return cues.slice(0, 3).join(', ');
}

/**
 * Labels units from the model's probabilities: content at or above the threshold, each dropped unit with
 * the markup cues behind it. (Tried on the validation split and left out: filling single gaps between
 * content blocks of one parent changed nothing; keeping a page's most likely blocks when none reached the
 * threshold cost 0.06 F1 on WCXB product pages, whose pages without main content it filled.)
 */
export function decideUnits(matrix: Float32Array, p: Float32Array, threshold: number): Decision[] {
  const decisions: Decision[] = new Array(p.length);
  for (let u = 0; u < p.length; u++) {
    decisions[u] = p[u] >= threshold ? { content: true, reason: `model ${p[u].toFixed(2)} ≥ ${threshold}` } : { content: false, reason: dropReason(matrix, p, u, threshold) };
  }
  return decisions;
}

function dropReason(matrix: Float32Array, p: Float32Array, u: number, threshold: number): string {
  const cues = dropCues(matrix, u);
  return `model ${p[u].toFixed(2)} < ${threshold}${cues ? `: ${cues}` : ''}`;
}
