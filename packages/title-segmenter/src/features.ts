import { boxArea } from './layout.js';
import type { LayoutBlock } from './minimum-blocks.js';

/** Names of the nine features of Sano et al. 2013 §3.2, in vector order. */
export const FEATURE_NAMES: readonly string[] = Object.freeze([
  'F1 text length',
  'F2 text area ratio',
  'F3 image area ratio',
  'F4 height/width',
  'F5 smaller than block below',
  'F6 heading tag',
  'F7 same tags below',
  'F8 same tags above',
  'F9 child nodes',
]);

/** F6's tag list (Sano et al. 2013 §3.2). */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt']);

/**
 * Blocks whose tops differ by at most this many pixels are in the same row when finding the blocks
 * directly below another (`belowBlocks` of Sano et al. 2013 Fig. 3). Our choice: the paper gives no value;
 * a few pixels absorb baseline differences between a heading and text set side by side.
 */
export const ROW_TOLERANCE_PX = 4;

/** The spatial neighbours of every block: the row directly below it and the row directly above it. */
export interface Neighbours {
  /** `below[i]`: the blocks directly underneath block i and overlapping it horizontally, in document order. */
  below: number[][];
  /** `above[i]`: the blocks directly above block i and overlapping it horizontally. */
  above: number[][];
}

function overlapsHorizontally(a: LayoutBlock, b: LayoutBlock): boolean {
  return a.box.x < b.box.x + b.box.width && b.box.x < a.box.x + a.box.width;
}

/**
 * Finds each block's row directly below and directly above (Sano et al. 2013 `below(n)`, `above(n)` and
 * `belowBlocks(b)`): blocks starting at or under its bottom edge that overlap it horizontally, the
 * nearest row of them. Sorting by top keeps this near O(n log n) on ordinary pages.
 */
export function findNeighbours(blocks: readonly LayoutBlock[], rowTolerance: number = ROW_TOLERANCE_PX): Neighbours {
  const count = blocks.length;
  const byTop = [...blocks.keys()].sort((a, b) => blocks[a].box.y - blocks[b].box.y || a - b);
  const tops = byTop.map((index) => blocks[index].box.y);
  const below: number[][] = Array.from({ length: count }, () => []);
  const above: number[][] = Array.from({ length: count }, () => []);
  for (let index = 0; index < count; index++) {
    const block = blocks[index];
    const bottom = block.box.y + block.box.height;
    // First block whose top is at or under this block's bottom (less the tolerance).
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tops[middle] < bottom - rowTolerance) low = middle + 1;
      else high = middle;
    }
    let rowTop = Infinity;
    for (let position = low; position < count; position++) {
      const candidate = byTop[position];
      if (tops[position] > rowTop + rowTolerance) break;
      if (candidate === index || !overlapsHorizontally(block, blocks[candidate])) continue;
      if (rowTop === Infinity) rowTop = tops[position];
      below[index].push(candidate);
    }
    below[index].sort((a, b) => a - b);
  }
  // Above is the mirror of below: i is above j when j is in i's row below, nearest first.
  for (let index = 0; index < count; index++) for (const candidate of below[index]) above[candidate].push(index);
  for (let index = 0; index < count; index++) {
    let nearest = -Infinity;
    for (const candidate of above[index]) nearest = Math.max(nearest, blocks[candidate].box.y + blocks[candidate].box.height);
    above[index] = above[index].filter(
      (candidate) => blocks[candidate].box.y + blocks[candidate].box.height >= nearest - rowTolerance,
    );
  }
  return { below, above };
}

/** `below(n)` of Sano et al. 2013: the first (in document order) block of the row directly below. */
function firstOf(list: number[]): number | undefined {
  return list.length ? list[0] : undefined;
}

/** Follows `below` (or `above`) while the tag stays the same: F7 (or F8) of Sano et al. 2013 §3.2. */
export function sameTagRun(blocks: readonly LayoutBlock[], next: number[][], start: number): number {
  let steps = 0;
  let current = start;
  const seen = new Set<number>([start]);
  for (;;) {
    const following = firstOf(next[current]);
    if (following === undefined || seen.has(following) || blocks[following].tag !== blocks[start].tag) return steps;
    seen.add(following);
    steps++;
    current = following;
  }
}

/**
 * `sameTagRun` of every block in linear time: a run is one step longer than the run of the block it
 * follows into, so each chain is walked once (walking it from every block was quadratic: 20,000 sibling
 * paragraphs took minutes). Chains that loop back on themselves (overlapping boxes) keep the walk.
 */
export function sameTagRuns(blocks: readonly LayoutBlock[], next: number[][]): number[] {
  const runs = new Array<number>(blocks.length).fill(-1);
  const onPath = new Uint8Array(blocks.length);
  for (let start = 0; start < blocks.length; start++) {
    if (runs[start] >= 0) continue;
    const path: number[] = [];
    let tail = 0;
    let looped = false;
    for (let current = start; ; ) {
      path.push(current);
      onPath[current] = 1;
      const following = firstOf(next[current]);
      if (following === undefined || blocks[following].tag !== blocks[current].tag) break;
      if (runs[following] >= 0) {
        tail = runs[following] + 1;
        break;
      }
      if (onPath[following]) {
        looped = true;
        break;
      }
      current = following;
    }
    for (let index = path.length - 1; index >= 0; index--) {
      onPath[path[index]] = 0;
      runs[path[index]] = looped ? sameTagRun(blocks, next, path[index]) : tail++;
    }
  }
  return runs;
}

/**
 * The nine features F1–F9 of Sano et al. 2013 §3.2 for every block. Readings where the paper is terse:
 * `children(n)` counts the child nodes of the block (elements and non-blank text, F9) and F2/F3 sum
 * the areas of all text and images inside the block, not only its direct children.
 */
export function titleBlockFeatures(blocks: readonly LayoutBlock[], neighbours: Neighbours = findNeighbours(blocks)): number[][] {
  const runsBelow = sameTagRuns(blocks, neighbours.below);
  const runsAbove = sameTagRuns(blocks, neighbours.above);
  return blocks.map((block, index) => {
    const area = boxArea(block.box);
    const below = firstOf(neighbours.below[index]);
    return [
      block.text.length,
      area > 0 ? block.textArea / area : 0,
      area > 0 ? block.imageArea / area : 0,
      block.box.width > 0 ? block.box.height / block.box.width : 0,
      below !== undefined && area < boxArea(blocks[below].box) ? 1 : 0,
      HEADING_TAGS.has(block.tag) ? 1 : 0,
      runsBelow[index],
      runsAbove[index],
      block.childCount,
    ];
  });
}
