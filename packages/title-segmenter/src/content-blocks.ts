import { unionBoxes, type Box } from './layout.js';
import type { Neighbours } from './features.js';

/** A group of minimum blocks under one title block (Sano et al. 2013 §3.3). Indices point into the page's blocks. */
export interface ContentBlockIndices {
  /** The title block that opened the group. */
  title: number;
  /** Members in document order, the title included. */
  members: number[];
  /** Bounding box of the members. */
  box: Box;
}

function contains(outer: Box, inner: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * `makeContentBlocks` of Sano et al. 2013 Fig. 3. From each title block still unassigned (document order),
 * walk breadth-first down the rows of blocks directly below (`belowBlocks`), taking them in, until a
 * row holds another title block; then also take every unassigned block lying inside the bounding box
 * of what was taken (blocks beside the walked column).
 *
 * Three readings where Fig. 3 as printed cannot be meant literally: its `x` (right edge) update uses
 * `≥` against an initial -1 and would never move, so the right edge is the maximum; a walk that
 * reaches the page's end without meeting another title is still a content block (Fig. 3 drops it);
 * and `belowBlocks` only offers blocks not yet in a content block or already walked.
 */
export function makeContentBlocks(
  boxes: readonly Box[],
  isTitle: readonly boolean[],
  neighbours: Pick<Neighbours, 'below'>,
): ContentBlockIndices[] {
  const remaining = new Set<number>(boxes.keys());
  const result: ContentBlockIndices[] = [];
  for (let start = 0; start < boxes.length; start++) {
    if (!isTitle[start] || !remaining.has(start)) continue;
    const container = new Set<number>([start]);
    const queue: number[] = [start];
    for (let head = 0; head < queue.length; head++) {
      const belows = neighbours.below[queue[head]].filter((index) => remaining.has(index) && !container.has(index));
      if (belows.some((index) => isTitle[index])) break;
      for (const index of belows) {
        container.add(index);
        queue.push(index);
      }
    }
    for (const index of container) remaining.delete(index);
    const box = unionBoxes([...container].map((index) => boxes[index])) as Box;
    for (const index of [...remaining]) {
      if (contains(box, boxes[index])) {
        container.add(index);
        remaining.delete(index);
      }
    }
    result.push({ title: start, members: [...container].sort((a, b) => a - b), box: unionBoxes([...container].map((index) => boxes[index])) as Box });
  }
  return result;
}
