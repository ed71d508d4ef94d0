/**
 * Iterative DOM traversal: no recursion on DOM depth, so a page nested 100,000 levels deep cannot
 * overflow the stack. Uses only `firstChild`, `nextSibling` and `parentNode` (cheap in linkedom, jsdom
 * and browsers alike; `childNodes` and `children` are rebuilt on every access in linkedom).
 */
export interface TreeVisitor {
  /** Called before a node's children; return false to skip them (`leave` is still called). */
  enter(node: Node): boolean;
  /** Called after a node's children. */
  leave?(node: Node): void;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;

export function walkTree(root: Node, visitor: TreeVisitor): void {
  let node: Node = root;
  let descend = visitor.enter(node);
  for (;;) {
    const child = descend ? node.firstChild : null;
    if (child) {
      node = child;
      descend = visitor.enter(node);
      continue;
    }
    visitor.leave?.(node);
    if (node === root) return;
    while (!node.nextSibling) {
      const parent = node.parentNode;
      if (!parent) return;
      node = parent;
      visitor.leave?.(node);
      if (node === root) return;
    }
    node = node.nextSibling as Node;
    descend = visitor.enter(node);
  }
}

/** Lower-case tag name of an element (`localName` where available). */
export function tagOf(element: Element): string {
  return (element.localName || element.tagName || '').toLowerCase();
}
