/**
 * Two views of a parsed page, the same for parse5's own tree (its default tree adapter) and for the
 * linkedom document `parseHtml` builds: a canonical dump of the whole tree, and the visible words.
 * Both walk iteratively (pages nest deep).
 */
import type { DefaultTreeAdapterTypes } from 'parse5';
import { isHiddenByMarkup, SKIPPED_TAGS } from '../blocks.js';
import { namespaceOf } from '../tree-adapter.js';

type Parse5Node = DefaultTreeAdapterTypes.Node;
type Parse5Element = DefaultTreeAdapterTypes.Element;
type Parse5ParentNode = DefaultTreeAdapterTypes.ParentNode;

const XLINK = 'http://www.w3.org/1999/xlink';
const XML = 'http://www.w3.org/XML/1998/namespace';
const XMLNS = 'http://www.w3.org/2000/xmlns/';
const PREFIX_OF: Readonly<Record<string, string>> = { [XLINK]: 'xlink', [XML]: 'xml', [XMLNS]: 'xmlns' };

const NAMESPACE_NAMES: Readonly<Record<string, string>> = {
  'http://www.w3.org/1999/xhtml': 'html',
  'http://www.w3.org/2000/svg': 'svg',
  'http://www.w3.org/1998/Math/MathML': 'math',
};

/** One line per node, indented by depth: `<svg foreignObject> a="1"`, `"text"`, `<!-- c -->`, `<!DOCTYPE html>`. */
export function dumpParse5(document: Parse5ParentNode): string[] {
  const lines: string[] = [];
  const stack: [Parse5Node, number][] = [...document.childNodes].reverse().map((node) => [node, 0] as [Parse5Node, number]);
  while (stack.length) {
    const [node, depth] = stack.pop() as [Parse5Node, number];
    const indent = '  '.repeat(depth);
    if (node.nodeName === '#text') lines.push(`${indent}${JSON.stringify((node as DefaultTreeAdapterTypes.TextNode).value)}`);
    else if (node.nodeName === '#comment') lines.push(`${indent}<!-- ${(node as DefaultTreeAdapterTypes.CommentNode).data} -->`);
    else if (node.nodeName === '#documentType') lines.push(`${indent}<!DOCTYPE ${(node as DefaultTreeAdapterTypes.DocumentType).name}>`);
    else {
      const element = node as Parse5Element;
      const namespace = NAMESPACE_NAMES[element.namespaceURI] ?? element.namespaceURI;
      lines.push(`${indent}<${namespace} ${element.tagName}>`);
      const attributes = element.attrs
        .map((attribute) => {
          const prefix = attribute.prefix ?? (attribute.namespace ? PREFIX_OF[attribute.namespace] : undefined);
          return `${prefix ? `${prefix}:` : ''}${attribute.name}=${JSON.stringify(attribute.value)}`;
        })
        .sort();
      for (const attribute of attributes) lines.push(`${indent}  @${attribute}`);
      const children: Parse5Node[] =
        element.tagName === 'template' && element.namespaceURI === 'http://www.w3.org/1999/xhtml'
          ? [...(element as DefaultTreeAdapterTypes.Template).content.childNodes]
          : [...element.childNodes];
      if (element.tagName === 'template' && children.length) lines.push(`${indent}  content`);
      for (let index = children.length - 1; index >= 0; index--) stack.push([children[index], depth + 1]);
    }
  }
  return lines;
}

/** A copy of a node's children (linkedom's `previousSibling` and a doctype's `nextSibling` stop at a doctype). */
function childrenOf(node: Node): Node[] {
  return [...node.childNodes];
}

/** Dump of the same form for a `parseHtml` document. */
export function dumpLinkedom(document: Document): string[] {
  const namespaceName = (element: Element): string => NAMESPACE_NAMES[namespaceOf(element)] ?? namespaceOf(element);
  const lines: string[] = [];
  const stack: [Node, number][] = childrenOf(document)
    .reverse()
    .map((child) => [child, 0] as [Node, number]);
  while (stack.length) {
    const [node, depth] = stack.pop() as [Node, number];
    const indent = '  '.repeat(depth);
    if (node.nodeType === 3) lines.push(`${indent}${JSON.stringify((node as Text).data)}`);
    else if (node.nodeType === 8) lines.push(`${indent}<!-- ${(node as Comment).data} -->`);
    else if (node.nodeType === 10) lines.push(`${indent}<!DOCTYPE ${(node as DocumentType).name}>`);
    else if (node.nodeType === 1) {
      const element = node as Element;
      lines.push(`${indent}<${namespaceName(element)} ${element.localName}>`);
      const attributes = [...element.attributes].map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`).sort();
      for (const attribute of attributes) lines.push(`${indent}  @${attribute}`);
      const parent: Node = element.localName === 'template' && namespaceName(element) === 'html' ? (element as HTMLTemplateElement).content : element;
      if (parent !== element && parent.firstChild) lines.push(`${indent}  content`);
      const children = childrenOf(parent);
      for (let index = children.length - 1; index >= 0; index--) stack.push([children[index], depth + 1]);
    }
  }
  return lines;
}

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

function parse5Hidden(element: Parse5Element): boolean {
  return element.attrs.some((attribute) => attribute.name === 'hidden' || (attribute.name === 'style' && HIDDEN_STYLE.test(attribute.value)));
}

const WHITESPACE = /[\s\u00a0\u200b\ufeff]+/;

function words(pieces: string[]): string[] {
  return pieces.join(' ').split(WHITESPACE).filter(Boolean);
}

/**
 * The words a reader sees in parse5's tree: the text under `<html>` outside `<head>`, without the
 * elements winnow never reads (`SKIPPED_TAGS`: scripts, styles, `noscript`, SVG, …) and markup-hidden ones.
 */
export function visibleWordsParse5(document: Parse5ParentNode): string[] {
  const html = document.childNodes.find((node) => node.nodeName === 'html') as Parse5Element | undefined;
  const pieces: string[] = [];
  const stack: Parse5Node[] = html ? [...html.childNodes].reverse() : [];
  while (stack.length) {
    const node = stack.pop() as Parse5Node;
    if (node.nodeName === '#text') {
      pieces.push((node as DefaultTreeAdapterTypes.TextNode).value);
      continue;
    }
    if (!('tagName' in node)) continue;
    if (SKIPPED_TAGS.has(node.tagName.toLowerCase()) || parse5Hidden(node)) continue;
    for (let index = node.childNodes.length - 1; index >= 0; index--) stack.push(node.childNodes[index]);
  }
  return words(pieces);
}

/** The same words in a linkedom document, by the same rules. */
export function visibleWordsLinkedom(document: Document): string[] {
  const pieces: string[] = [];
  const html = document.documentElement;
  const stack: Node[] = html ? childrenOf(html).reverse() : [];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (node.nodeType === 3) {
      pieces.push((node as Text).data);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (SKIPPED_TAGS.has(element.localName.toLowerCase()) || isHiddenByMarkup(element)) continue;
    const children = childrenOf(element);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
  return words(pieces);
}
