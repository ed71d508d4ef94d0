import { ELEMENT_NODE, TEXT_NODE, VOID_ELEMENTS, parseHtml, parseHtmlFragment, tagOf, walkTree, type TreeVisitor } from '@winnow/dom-blocks';
import { finishHash, hashString, mixHash, sortedHashes } from './hash.js';

/** The three structural distances of Gottron 2008 §4. */
export type DistanceMeasure = 'cp' | 'cps' | 'ctss';
export const DISTANCE_MEASURES: readonly DistanceMeasure[] = Object.freeze(['cp', 'cps', 'ctss']);

export interface StructureOptions {
  /** Tags per shingle, for path shingles (CPS) and tag-sequence shingles (CTSS). */
  shingleLength: number;
}

/** Defaults of `pageStructure`. */
export const DEFAULT_STRUCTURE_OPTIONS: Readonly<StructureOptions> = Object.freeze({
  /**
   * Gottron 2008 §4.2–4.3 shingles paths and tag sequences "in smaller pieces of equal length" without
   * giving the length. Tuned on mixed-dev.json at the paper's thresholds over 2–12: below 6 CTSS merges
   * most templates (Rand 0.45 at 4), 7–8 give CPS and CTSS Rand ≥ 0.978, and longer shingles turn CPS
   * into CP (README, "Figures").
   */
  shingleLength: 8,
});

/**
 * A page's structure as three sets of 32-bit hashes (Gottron 2008 §4), each sorted and duplicate-free:
 * `paths` p(D) — root-to-leaf tag paths (§4.1); `pathShingles` ps(D) — runs of `shingleLength`
 * consecutive tags along those paths (§4.2); `tagShingles` ts(D) — runs of `shingleLength` consecutive
 * start/end tags in source order (§4.3).
 */
export interface PageStructure {
  paths: Uint32Array;
  pathShingles: Uint32Array;
  tagShingles: Uint32Array;
}

/** The set of a structure a measure compares. */
export function structureSet(structure: PageStructure, measure: DistanceMeasure): Uint32Array {
  switch (measure) {
    case 'cp':
      return structure.paths;
    case 'cps':
      return structure.pathShingles;
    case 'ctss':
      return structure.tagShingles;
  }
}

// A text leaf ends its path with this pseudo-tag, so `<p>x</p>` and `<p></p>` differ.
const TEXT_TAG = '#text';
const NON_BLANK = /\S/;

/** Interns tag names into hashes once per page (tags repeat; hashing each occurrence would be wasteful). */
function tagHasher(): (tag: string) => number {
  const known = new Map<string, number>();
  return (tag) => {
    let hash = known.get(tag);
    if (hash === undefined) {
      hash = hashString(tag);
      known.set(tag, hash);
    }
    return hash;
  };
}

/** Hash of the last `length` entries of `tags` (a window of a path or of the tag sequence). */
function windowHash(tags: readonly number[], end: number, length: number, salt: number): number {
  let state = salt;
  for (let index = end - length; index < end; index++) state = mixHash(state, tags[index]);
  return finishHash(state, length);
}

const PATH_SHINGLE_SALT = 0x50415448; // 'PATH'
const TAG_SHINGLE_SALT = 0x54414753; // 'TAGS'
// End tags get their own ids: `<div></div><p>` and `<div><p></p></div>` are different sequences.
const END_TAG_BIT = 0x9e3779b9;

/**
 * The markup inside a `<noscript>` that the parser kept as text (it does with scripting on, as a browser
 * shows a page), or null. Gottron's paths and tag sequences are over the markup's tags, and a template's
 * `<noscript>` fallbacks (tracking pixels, menus, ads) are as much part of it as the rest.
 */
function noscriptMarkup(element: Element): string | null {
  if (tagOf(element) !== 'noscript') return null;
  const text = element.firstChild;
  return text && text.nodeType === TEXT_NODE && !text.nextSibling && text.nodeValue?.includes('<') ? text.nodeValue : null;
}

/**
 * Builds a page's structural sets in one iterative walk (no recursion on DOM depth), in time linear in
 * the number of nodes (times the shingle length). Comments, doctypes and whitespace-only text are not
 * structure; the head, scripts and styles are (a template fixes them as much as the body), and so is
 * the markup of a `<noscript>` that the parser kept as text (read as the fragment it is).
 */
export function pageStructure(input: Document | Element | string | Uint8Array, options: Partial<StructureOptions> = {}): PageStructure {
  const shingleLength = options.shingleLength ?? DEFAULT_STRUCTURE_OPTIONS.shingleLength;
  if (!Number.isInteger(shingleLength) || shingleLength < 1) {
    throw new RangeError(`shingleLength must be a positive integer, got ${shingleLength}`);
  }
  const root: Element | null =
    typeof input === 'string' || input instanceof Uint8Array
      ? parseHtml(input).documentElement
      : 'documentElement' in input
        ? input.documentElement
        : input;
  const paths: number[] = [];
  const pathShingles: number[] = [];
  const tagShingles: number[] = [];
  if (!root) return { paths: new Uint32Array(), pathShingles: new Uint32Array(), tagShingles: new Uint32Array() };

  const hashTag = tagHasher();
  const textTag = hashTag(TEXT_TAG);
  // The open path: tag hashes, running path-hash states, and whether each element has a child leaf-worthy node.
  const pathTags: number[] = [];
  const pathStates: number[] = [0];
  const hasChild: boolean[] = [];
  const sequence: number[] = [];

  const addPathLeaf = (tags: number[], state: number): void => {
    paths.push(finishHash(state, tags.length));
    // A path shorter than a shingle is its own (only) shingle; longer ones were shingled on the way down.
    if (tags.length < shingleLength) pathShingles.push(windowHash(tags, tags.length, tags.length, PATH_SHINGLE_SALT));
  };
  const addToken = (token: number): void => {
    sequence.push(token);
    if (sequence.length >= shingleLength) tagShingles.push(windowHash(sequence, sequence.length, shingleLength, TAG_SHINGLE_SALT));
  };

  const visitor: TreeVisitor = {
    enter(node) {
      if (node.nodeType === TEXT_NODE) {
        if (!NON_BLANK.test((node as Text).data)) return false;
        if (hasChild.length) hasChild[hasChild.length - 1] = true;
        pathTags.push(textTag);
        const state = mixHash(pathStates[pathStates.length - 1], textTag);
        if (pathTags.length >= shingleLength) pathShingles.push(windowHash(pathTags, pathTags.length, shingleLength, PATH_SHINGLE_SALT));
        addPathLeaf(pathTags, state);
        pathTags.pop();
        return false;
      }
      if (node.nodeType !== ELEMENT_NODE) return false;
      if (hasChild.length) hasChild[hasChild.length - 1] = true;
      const tag = hashTag(tagOf(node as Element));
      pathTags.push(tag);
      pathStates.push(mixHash(pathStates[pathStates.length - 1], tag));
      hasChild.push(false);
      if (pathTags.length >= shingleLength) pathShingles.push(windowHash(pathTags, pathTags.length, shingleLength, PATH_SHINGLE_SALT));
      addToken(tag);
      const markup = noscriptMarkup(node as Element);
      if (markup === null) return true;
      // Walked in place of the text node that holds it (a `<noscript>` in a scripting-off fragment is markup, so this nests once).
      for (let child = parseHtmlFragment(markup).firstChild; child; child = child.nextSibling) walkTree(child, visitor);
      return false;
    },
    leave(node) {
      if (node.nodeType !== ELEMENT_NODE) return;
      if (!hasChild.pop()) addPathLeaf(pathTags, pathStates[pathStates.length - 1]);
      if (!VOID_ELEMENTS.has(tagOf(node as Element))) addToken(pathTags[pathTags.length - 1] ^ END_TAG_BIT);
      pathTags.pop();
      pathStates.pop();
    },
  };
  walkTree(root, visitor);
  // A tag sequence shorter than one shingle is its own shingle.
  if (sequence.length < shingleLength) tagShingles.push(windowHash(sequence, sequence.length, sequence.length, TAG_SHINGLE_SALT));

  return { paths: sortedHashes(paths), pathShingles: sortedHashes(pathShingles), tagShingles: sortedHashes(tagShingles) };
}
