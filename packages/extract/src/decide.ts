import type { Block } from '@winnow/dom-blocks';
import { FEATURE_COUNT, FEATURE_NAMES, type FeatureRows } from './features.js';

/** Every unit's label (`content[u]` 1 for content) and the reason for it, as arrays: pages have millions of units. */
export interface Decisions {
  content: Uint8Array;
  reasons: string[];
}

const COLUMN = Object.fromEntries(FEATURE_NAMES.map((name, index) => [name, index])) as Record<string, number>;
const CUE_TAGS = ['nav', 'header', 'footer', 'aside', 'form'];
const CUE_CLASSES = ['nav', 'menu', 'footer', 'sidebar', 'related', 'share', 'social', 'comment', 'ad', 'promo', 'cookie', 'breadcrumb', 'newsletter'];
// Columns and cue texts looked up once, not per dropped unit.
const TAG_CUES = CUE_TAGS.map((tag) => ({ column: COLUMN[`in:${tag}`], cue: `inside <${tag}>` }));
const CLASS_CUES = CUE_CLASSES.map((keyword) => ({ own: COLUMN[`cls:${keyword}`], above: COLUMN[`anc:${keyword}`], cue: `class "${keyword}"` }));

/** A few words on why the model dropped a unit: the strongest markup cues among its features (`row`). */
export function dropCues(row: Float32Array): string {
  const cues: string[] = [];
  const linkDensity = row[COLUMN.ownLinkDensity];
  if (linkDensity >= 0.5) cues.push(`links ${Math.round(linkDensity * 100)}% of text`);
  for (const { column, cue } of TAG_CUES) if (row[column]) cues.push(cue);
  for (const { own, above, cue } of CLASS_CUES) if (row[own] || row[above] >= 0.5) cues.push(cue);
  if (!row[COLUMN.inBest]) cues.push('outside the main region');
  if (row[COLUMN.words] < 4) cues.push('short');
  return cues.slice(0, 3).join(', ');
}

/**
 * On a page that declares one article (`articleSignals`: `og:type` article or a schema.org Article type), a
 * unit outside the page's main region (see `mainRegion`) is content only at this probability or above.
 * Tuned on the validation split of the training data (held-out wcxb-dev hosts, cetd's pages 31-50 of each
 * site and every fifth chaos page, every fifth cleaneval-dev page, debian-sites' pages 21-40 of each site;
 * `scripts/tune.ts`): wcxb-dev article pages 0.949 → 0.952 bag F1, cetd single sites 0.969 → 0.970, the
 * other page types within 0.002; at 0.8 cetd single sites fell to 0.968. Applied to every page, the region
 * cost a retrained model (same data, same settings) 0.09 on wcxb-dev collection pages and 0.03 on forums,
 * whose items or posts lie in several subtrees. Left out: a higher threshold inside the region (0.5) on
 * article pages (+0.001 on articles, −0.016 to −0.05 on the listing and collection pages that declare an
 * article); the region only where it leaves under 5-30% of the content outside (no gain).
 */
export const REGION_OUTSIDE_THRESHOLD = 0.6;

/**
 * The page's main region: the block whose subtree maximises the sum, over its units, of (p − threshold) ×
 * (words + 1) — the content the model is sure of, less what it doubts. Returns for every unit whether it
 * lies inside. `blockParents[b]` is the parent block of block `b` (−1 for the root; parents come before
 * children, as in document order); `unitBlocks[u]` the block of unit `u`. Linear in the blocks.
 */
export function mainRegion(blockParents: Int32Array, unitBlocks: Int32Array, words: ArrayLike<number>, p: Float32Array, threshold: number): Uint8Array {
  const count = blockParents.length;
  const sum = new Float64Array(count);
  for (let u = 0; u < p.length; u++) sum[unitBlocks[u]] += (p[u] - threshold) * (words[u] + 1);
  for (let b = count - 1; b > 0; b--) if (blockParents[b] >= 0) sum[blockParents[b]] += sum[b];
  let best = 0;
  for (let b = 1; b < count; b++) if (sum[b] > sum[best]) best = b;
  const inside = new Uint8Array(count);
  for (let b = 0; b < count; b++) inside[b] = b === best || (blockParents[b] >= 0 && inside[blockParents[b]]) ? 1 : 0;
  return Uint8Array.from(unitBlocks, (b) => inside[b]);
}

/**
 * Labels units from the model's probabilities: content at or above the threshold — outside the main region
 * (when `region` is given) at or above `outsideThreshold` (default `REGION_OUTSIDE_THRESHOLD`; at or below
 * the threshold the region changes nothing) — each dropped unit with the markup cues behind it. (Tried
 * on the validation split and left out: filling single gaps between content blocks of one parent changed
 * nothing; keeping a page's most likely blocks when none reached the threshold cost 0.06 F1 on WCXB
 * product pages, whose pages without main content it filled.)
 */
export function decideUnits(features: FeatureRows, p: Float32Array, threshold: number, region?: Uint8Array, outsideThreshold = REGION_OUTSIDE_THRESHOLD): Decisions {
  const content = new Uint8Array(p.length);
  const reasons: string[] = new Array(p.length);
  const outside = Math.max(threshold, outsideThreshold);
  const row = new Float32Array(FEATURE_COUNT);
  // Reasons repeat (two decimals of p, a few cues): one string each, shared, on pages of millions of units.
  const distinct = new Map<string, string>();
  const shared = (reason: string) => distinct.get(reason) ?? (distinct.set(reason, reason), reason);
  for (let u = 0; u < p.length; u++) {
    const probability = p[u].toFixed(2);
    if (p[u] < threshold) {
      features.row(u, row);
      const cues = dropCues(row);
      reasons[u] = shared(`model ${probability} < ${threshold}${cues ? `: ${cues}` : ''}`);
    } else if (!region || region[u] || p[u] >= outside) {
      content[u] = 1;
      reasons[u] = shared(`model ${probability} ≥ ${region && !region[u] ? `${outside} outside the main region` : threshold}`);
    } else reasons[u] = shared(`model ${probability} < ${outside} outside the main region`);
  }
  return { content, reasons };
}

/** `mainRegion`'s arrays for units of a block tree: block parents and unit blocks, by block index. */
export function unitTree(units: readonly Block[], blockCount: number): { blockParents: Int32Array; unitBlocks: Int32Array } {
  const blockParents = new Int32Array(blockCount).fill(-1);
  const seen = new Uint8Array(blockCount);
  for (const unit of units) {
    for (let block: Block | null = unit; block && !seen[block.index]; block = block.parent) {
      seen[block.index] = 1;
      blockParents[block.index] = block.parent ? block.parent.index : -1;
    }
  }
  return { blockParents, unitBlocks: Int32Array.from(units, (unit) => unit.index) };
}
