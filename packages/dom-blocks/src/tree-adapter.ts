/**
 * A parse5 tree adapter that builds linkedom nodes. parse5 runs the WHATWG tree-construction algorithm
 * (HTML Living Standard §13.2.6: implied `<head>`/`<body>`, foster parenting, the adoption agency,
 * foreign content, templates); this adapter only creates and links the nodes it asks for, so the
 * document is a real linkedom `Document` whose tree is the one a browser builds.
 *
 * linkedom keeps a document as one doubly linked list in document order: every parent node carries an
 * end marker, attributes sit right after their element, and a child is linked in before its parent's end
 * marker. Appending, inserting before a sibling and detaching are a few pointer updates here (linkedom's
 * public `appendChild` does the same plus mutation-observer and custom-element bookkeeping that a fresh
 * document never needs). The private symbols are found on freshly made nodes, by description, once.
 */
import type { Token, TreeAdapter, TreeAdapterTypeMap } from 'parse5';
import { html as parse5Html } from 'parse5';
import { DOMParser } from 'linkedom';

/** A linkedom node seen through its private fields (linked-list pointers, values). */
type LinkedNode = Record<symbol, any> & {
  nodeType: number;
  parentNode: LinkedNode | null;
  ownerDocument: LinkedNode;
  localName: string;
  name: string;
  publicId: string;
  systemId: string;
  [key: string]: any;
};

export type LinkedomTreeAdapterMap = TreeAdapterTypeMap<
  LinkedNode, LinkedNode, LinkedNode, LinkedNode, LinkedNode, LinkedNode, LinkedNode, LinkedNode, LinkedNode, LinkedNode
>;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const COMMENT_NODE = 8;
const DOCUMENT_TYPE_NODE = 10;
const HTML_NAMESPACE = parse5Html.NS.HTML;
const SVG_NAMESPACE = parse5Html.NS.SVG;

/**
 * DOM depth at which elements stop nesting, the figure of Chromium's HTML tree builder
 * (`kMaximumHTMLParserDOMTreeDepth` = 512 in html_construction_site.cc). An element whose parent is this
 * deep is left out of the tree and everything inserted into it goes to that parent instead, in document
 * order (Chromium attaches it to the parent's parent, which reorders text; leaving the tags out keeps
 * the text in order and the tree small). Pathological nesting (1,000,000 `<div>`s) then gives a tree
 * every recursive DOM algorithm can walk quickly, and no visible text is lost.
 */
export const MAX_DOM_DEPTH = 512;

interface LinkedomSymbols {
  next: symbol;
  prev: symbol;
  start: symbol;
  end: symbol;
  value: symbol;
  content: symbol;
  doctype: symbol;
}

function symbolNamed(object: object, description: string): symbol {
  const found = Object.getOwnPropertySymbols(object).find((symbol) => symbol.description === description);
  if (!found) throw new Error(`linkedom internals changed: no Symbol(${description}) on ${object.constructor.name}`);
  return found;
}

/** Depth of an element in the tree being built. */
const DEPTH = Symbol('winnow.depth');
/** Where what is inserted into an element left out by the depth cap goes instead. */
const REDIRECT = Symbol('winnow.redirect');
/** Redirections followed at most (a chain arises only when the adoption agency moves capped elements). */
const MAX_REDIRECTS = 16;
/** Namespace of a foreign element that linkedom does not model (MathML). */
const NAMESPACE = Symbol('winnow.namespace');

/**
 * How to make one kind of linkedom node without its constructor: the prototype and the own fields of a
 * node the constructor made. linkedom's `EventTarget` constructor registers every node in a `WeakMap`
 * with a fresh `Map` of listeners; on a page of 100,000 nodes that bookkeeping costs more than the whole
 * tree construction (and a third of the memory), and a parsed page never dispatches events. Nodes made
 * here are linkedom nodes in every other respect (same classes, fields and methods).
 */
interface Recipe {
  prototype: object;
  keys: (string | symbol)[];
  values: unknown[];
  /** A parent node: it gets a fresh end marker. */
  parent: boolean;
}

/** Recipes are kept for this many distinct tag names; rarer names are made by linkedom's constructors. */
const MAX_RECIPES = 2048;

function refuseListeners(): never {
  throw new Error(
    'Nodes of a document made by parseHtml take no event listeners (linkedom registers every node it constructs for events; parseHtml skips that to parse fast). Add listeners to the document, or clone the node first.',
  );
}

class Linkedom {
  readonly symbols: LinkedomSymbols;
  /** Where recipes are taken from. */
  readonly modelDocument: LinkedNode;
  readonly recipes = new Map<string, Recipe | null>();
  readonly prototypes = new Map<object, object>();

  constructor() {
    const document = new DOMParser().parseFromString('', 'text/html') as unknown as LinkedNode;
    const element = document.createElement('template') as LinkedNode;
    const end = element[symbolNamed(element, 'end')] as object;
    this.modelDocument = document;
    this.symbols = {
      next: symbolNamed(element, 'next'),
      prev: symbolNamed(end, 'prev'),
      start: symbolNamed(end, 'start'),
      end: symbolNamed(element, 'end'),
      value: symbolNamed(document.createTextNode('') as object, 'value'),
      content: symbolNamed(element, 'content'),
      doctype: symbolNamed(document, 'doctype'),
    };
  }

  /** The recipe of a node the model document made, or null when a field holds an object we cannot share. */
  recipeOf(model: LinkedNode): Recipe | null {
    const { next: NEXT, end: END } = this.symbols;
    const keys: (string | symbol)[] = [...Object.getOwnPropertyNames(model), ...Object.getOwnPropertySymbols(model)];
    const values = keys.map((key) => model[key]);
    const parent = model[END] !== undefined;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const value = values[index];
      if (value === null || typeof value !== 'object') continue;
      if (key === 'ownerDocument' || (parent && (key === END || key === NEXT))) continue;
      return null;
    }
    keys.push(DEPTH);
    values.push(0);
    const base = Object.getPrototypeOf(model) as object;
    let prototype = this.prototypes.get(base);
    if (!prototype) {
      prototype = Object.create(base, {
        addEventListener: { value: refuseListeners, configurable: true, writable: true },
        removeEventListener: { value: refuseListeners, configurable: true, writable: true },
      }) as object;
      this.prototypes.set(base, prototype);
    }
    return { prototype, keys, values, parent };
  }

  recipe(key: string, make: () => LinkedNode): Recipe | null {
    let recipe = this.recipes.get(key);
    if (recipe === undefined) {
      if (this.recipes.size >= MAX_RECIPES) return null;
      recipe = this.recipeOf(make());
      this.recipes.set(key, recipe);
    }
    return recipe;
  }

  /** A new node of `document` from a recipe. */
  make(recipe: Recipe, document: LinkedNode): LinkedNode {
    const { next: NEXT, prev: PREV, start: START, end: END } = this.symbols;
    const node = Object.create(recipe.prototype) as LinkedNode;
    const { keys, values } = recipe;
    for (let index = 0; index < keys.length; index++) node[keys[index]] = values[index];
    node.ownerDocument = document;
    if (recipe.parent) {
      const end = { [NEXT]: null, [PREV]: node, [START]: node, nodeType: NODE_END, ownerDocument: document, parentNode: null };
      node[NEXT] = end;
      node[END] = end;
    }
    return node;
  }
}

const NODE_END = -1;
let linkedom: Linkedom | undefined;

/**
 * Makes a tree adapter for one parse: `createDocument` starts a fresh linkedom `HTMLDocument` and every
 * node belongs to it. Pass the result as parse5's `treeAdapter` option.
 */
export function createLinkedomTreeAdapter(maxDepth = MAX_DOM_DEPTH): TreeAdapter<LinkedomTreeAdapterMap> {
  linkedom ??= new Linkedom();
  const factory = linkedom;
  const { next: NEXT, prev: PREV, end: END, value: VALUE, content: CONTENT, doctype: DOCTYPE } = factory.symbols;
  const model = factory.modelDocument;
  const textRecipe = factory.recipe('#text', () => model.createTextNode(''));
  const commentRecipe = factory.recipe('#comment', () => model.createComment(''));
  const attributeRecipe = factory.recipe('#attribute', () => model.createAttribute('a'));
  let document: LinkedNode;

  function textNode(data: string): LinkedNode {
    if (!textRecipe) return document.createTextNode(data);
    const node = factory.make(textRecipe, document);
    node[VALUE] = data;
    return node;
  }

  function htmlElement(tagName: string): LinkedNode {
    const recipe = factory.recipe(tagName, () => model.createElement(tagName));
    return recipe ? factory.make(recipe, document) : document.createElement(tagName);
  }

  function svgElement(tagName: string): LinkedNode {
    const recipe = factory.recipe(`svg:${tagName}`, () => model.createElementNS(SVG_NAMESPACE, tagName));
    return recipe ? factory.make(recipe, document) : document.createElementNS(SVG_NAMESPACE, tagName);
  }

  function attributeNode(name: string, value: string, element: LinkedNode): LinkedNode {
    let node: LinkedNode;
    if (attributeRecipe) {
      node = factory.make(attributeRecipe, document);
      node.localName = name;
      node.name = name;
    } else node = document.createAttribute(name);
    node[VALUE] = value;
    node.ownerElement = element;
    return node;
  }

  /** The last node of a node's subtree in the list: its end marker, or itself. */
  const endOf = (node: LinkedNode): LinkedNode => (node.nodeType === ELEMENT_NODE ? node[END] : node);

  const depthOf = (node: LinkedNode): number => node[DEPTH] ?? 0;


  function detach(node: LinkedNode): void {
    const prev = node[PREV];
    const last = endOf(node);
    const next = last[NEXT];
    if (prev) prev[NEXT] = next;
    if (next) next[PREV] = prev;
    node[PREV] = null;
    last[NEXT] = null;
    node.parentNode = null;
  }

  /** The node that takes what is inserted into `parent`: itself, or for an element the cap left out, its stand-in. */
  function target(parent: LinkedNode): LinkedNode {
    for (let hops = 0; parent[REDIRECT] && hops < MAX_REDIRECTS; hops++) parent = parent[REDIRECT];
    return parent;
  }

  /** True (and the element redirected to `parent`) when the depth cap leaves `node` out of the tree. */
  function capped(parent: LinkedNode, node: LinkedNode): boolean {
    if (node.nodeType !== ELEMENT_NODE || depthOf(parent) < maxDepth || node === parent) return false;
    node[REDIRECT] = parent;
    return true;
  }

  /** Links `node` (with its subtree) in `parent`'s list right before `before` (a child or the end marker). */
  function link(parent: LinkedNode, node: LinkedNode, before: LinkedNode): void {
    if (node.parentNode || node[PREV]) detach(node);
    if (node[REDIRECT]) node[REDIRECT] = undefined;
    const prev = before[PREV];
    const last = endOf(node);
    prev[NEXT] = node;
    node[PREV] = prev;
    last[NEXT] = before;
    before[PREV] = last;
    node.parentNode = parent;
    if (node.nodeType === ELEMENT_NODE) node[DEPTH] = depthOf(parent) + 1;
  }

  const adapter: TreeAdapter<LinkedomTreeAdapterMap> = {
    createDocument() {
      document = new DOMParser().parseFromString('', 'text/html') as unknown as LinkedNode;
      return document;
    },
    createDocumentFragment() {
      return document.createDocumentFragment();
    },
    createElement(tagName: string, namespaceURI: parse5Html.NS, attrs: Token.Attribute[]) {
      let element: LinkedNode;
      if (namespaceURI === HTML_NAMESPACE) element = htmlElement(tagName);
      else if (namespaceURI === SVG_NAMESPACE) element = svgElement(tagName);
      else {
        element = htmlElement(tagName);
        element[NAMESPACE] = namespaceURI;
      }
      const end = element[END];
      for (const attribute of attrs) {
        // Attributes sit between the element and its end marker, as linkedom's own parser links them.
        const name = attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name;
        const node = attributeNode(name, attribute.value, element);
        const prev = end[PREV];
        prev[NEXT] = node;
        node[PREV] = prev;
        node[NEXT] = end;
        end[PREV] = node;
      }
      return element;
    },
    createCommentNode(data: string) {
      if (!commentRecipe) return document.createComment(data);
      const node = factory.make(commentRecipe, document);
      node[VALUE] = data;
      return node;
    },
    createTextNode(value: string) {
      return textNode(value);
    },

    appendChild(parent: LinkedNode, node: LinkedNode) {
      parent = target(parent);
      if (!capped(parent, node)) link(parent, node, parent[END]);
    },
    insertBefore(parent: LinkedNode, node: LinkedNode, reference: LinkedNode) {
      parent = target(parent);
      if (!capped(parent, node)) link(parent, node, reference.parentNode === parent ? reference : parent[END]);
    },
    setTemplateContent(template: LinkedNode, fragment: LinkedNode) {
      fragment[DEPTH] = depthOf(template);
      template[CONTENT] = fragment;
    },
    getTemplateContent(template: LinkedNode) {
      const fragment = template[CONTENT];
      if (fragment[DEPTH] === undefined) fragment[DEPTH] = depthOf(template);
      return fragment;
    },
    setDocumentType(target: LinkedNode, name: string, publicId: string, systemId: string) {
      const existing = target[DOCTYPE] as LinkedNode | null;
      if (existing) {
        existing.name = name;
        existing.publicId = publicId;
        existing.systemId = systemId;
        return;
      }
      const doctype = target.createDocumentType(name, publicId, systemId);
      link(target, doctype, target[END]);
      target[DOCTYPE] = doctype;
    },
    setDocumentMode(target: LinkedNode, mode: parse5Html.DOCUMENT_MODE) {
      target.mode = mode;
    },
    getDocumentMode(target: LinkedNode) {
      return target.mode ?? parse5Html.DOCUMENT_MODE.NO_QUIRKS;
    },
    detachNode(node: LinkedNode) {
      if (node.parentNode) detach(node);
    },
    insertText(parent: LinkedNode, text: string) {
      parent = target(parent);
      const end = parent[END];
      const last = end[PREV];
      if (last.nodeType === TEXT_NODE && last.parentNode === parent) last[VALUE] += text;
      else link(parent, textNode(text), end);
    },
    insertTextBefore(parent: LinkedNode, text: string, reference: LinkedNode) {
      parent = target(parent);
      if (reference.parentNode !== parent) reference = parent[END];
      const previous = reference[PREV];
      if (previous.nodeType === TEXT_NODE && previous.parentNode === parent) previous[VALUE] += text;
      else link(parent, textNode(text), reference);
    },
    adoptAttributes(recipient: LinkedNode, attrs: Token.Attribute[]) {
      for (const attribute of attrs) {
        const name = attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name;
        if (!recipient.hasAttribute(name)) recipient.setAttribute(name, attribute.value);
      }
    },

    getFirstChild(node: LinkedNode) {
      return node.firstChild;
    },
    getChildNodes(node: LinkedNode) {
      return node.childNodes;
    },
    getParentNode(node: LinkedNode) {
      return node.parentNode;
    },
    getAttrList(element: LinkedNode) {
      const attributes: Token.Attribute[] = [];
      for (const attribute of element.attributes as Iterable<{ name: string; value: string }>) {
        attributes.push({ name: attribute.name, value: attribute.value });
      }
      return attributes;
    },

    getTagName(element: LinkedNode) {
      return element.localName;
    },
    getNamespaceURI(element: LinkedNode) {
      return element[NAMESPACE] ?? (element.namespaceURI === SVG_NAMESPACE ? SVG_NAMESPACE : HTML_NAMESPACE);
    },
    getTextNodeContent(node: LinkedNode) {
      return node[VALUE];
    },
    getCommentNodeContent(node: LinkedNode) {
      return node[VALUE];
    },
    getDocumentTypeNodeName(node: LinkedNode) {
      return node.name;
    },
    getDocumentTypeNodePublicId(node: LinkedNode) {
      return node.publicId;
    },
    getDocumentTypeNodeSystemId(node: LinkedNode) {
      return node.systemId;
    },

    isTextNode(node: LinkedNode): node is LinkedNode {
      return node.nodeType === TEXT_NODE;
    },
    isCommentNode(node: LinkedNode): node is LinkedNode {
      return node.nodeType === COMMENT_NODE;
    },
    isDocumentTypeNode(node: LinkedNode): node is LinkedNode {
      return node.nodeType === DOCUMENT_TYPE_NODE;
    },
    isElementNode(node: LinkedNode): node is LinkedNode {
      return node.nodeType === ELEMENT_NODE;
    },

    setNodeSourceCodeLocation() {},
    getNodeSourceCodeLocation() {
      return undefined;
    },
    updateNodeSourceCodeLocation() {},
  };
  return adapter;
}

/** The namespace parse5 gave an element of a `parseHtml` document (linkedom itself knows HTML and SVG only). */
export function namespaceOf(element: Element): string {
  const namespace = (element as unknown as LinkedNode)[NAMESPACE] as string | undefined;
  return namespace ?? (element.namespaceURI === SVG_NAMESPACE ? SVG_NAMESPACE : HTML_NAMESPACE);
}
