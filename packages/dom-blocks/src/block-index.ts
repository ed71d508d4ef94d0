import { buildBlockTree, type BlockTree } from './blocks.js';

/**
 * Finds, for any node of a document, the index of the block holding it in the document's own block tree
 * (`buildBlockTree(document)` with the default options): the nearest ancestor-or-self element that opens a
 * block there. Extractors that build their blocks another way (extra block tags, rendered display) label
 * with it, so `LabelledBlock.order` always names a block of the page's own tree. -1 for a node outside
 * every block (a skipped element's content).
 */
export function pageBlockIndexer(source: Document | BlockTree): (node: Node) => number {
  const tree = 'blocks' in source ? source : buildBlockTree(source);
  const indexOf = new Map<Node, number>();
  for (const block of tree.blocks) indexOf.set(block.element, block.index);
  return (node) => {
    for (let current: Node | null = node; current; current = current.parentNode) {
      const index = indexOf.get(current);
      if (index !== undefined) return index;
    }
    return -1;
  };
}
