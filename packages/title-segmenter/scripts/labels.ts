/**
 * Where the training labels come from (nobody annotated these pages for us): a minimum block is a
 * title block when its markup says so, i.e. it is an `h1`–`h6` element, or it (or its only child
 * element) carries a class or id naming a title/headline/heading, and its text is short. The tree
 * then learns from layout and text which blocks look like titles, so it also finds titles that are
 * not marked up (and F6, the heading-tag feature, is partly the label itself: see the README).
 */
import type { LayoutBlock } from '../src/minimum-blocks.js';

const HEADING = /^h[1-6]$/;
/** Class or id words naming a title (singular: `headlines` is a list of links, not a title). */
const TITLE_WORD = /(?:^|[\s_-])(?:title|headline|heading|hed)(?:$|[\s_-])/i;
/** Longest text a labelled title may have (characters); longer blocks with such a class are teasers. */
const MAX_TITLE_CHARACTERS = 150;

function namesTitle(element: Element | null): boolean {
  if (!element) return false;
  return TITLE_WORD.test(element.getAttribute('class') ?? '') || TITLE_WORD.test(element.getAttribute('id') ?? '');
}

function onlyElementChild(element: Element): Element | null {
  const first = element.firstElementChild;
  return first && !first.nextElementSibling ? first : null;
}

export function isLabelledTitle(block: LayoutBlock): boolean {
  if (!block.text || block.text.length > MAX_TITLE_CHARACTERS) return false;
  if (block.run) {
    const elements = block.run.nodes.filter((node): node is Element => node.nodeType === 1);
    const texts = block.run.nodes.filter((node) => node.nodeType === 3 && /\S/.test((node as Text).data));
    return elements.length === 1 && texts.length === 0 && (namesTitle(elements[0]) || namesTitle(onlyElementChild(elements[0])));
  }
  if (HEADING.test(block.tag)) return true;
  return namesTitle(block.block.element) || namesTitle(onlyElementChild(block.block.element));
}
