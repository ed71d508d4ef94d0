import { tokenizeWords } from '@winnow/dom-blocks';
import type { Segmentation } from './segment.js';

/**
 * The two "segmented correctly" criteria the package reports (not part of the public entry: used by
 * scripts/figures.ts and accuracy.test.ts).
 */

function isSection(element: Element): boolean {
  const tag = element.localName;
  return tag === 'section' || (tag === 'div' && (element.getAttribute('class') ?? '').split(/\s+/).includes('section'));
}

/** The innermost `section` / `div.section` holding an element (itself included), or null. */
export function sectionOf(element: Element | null): Element | null {
  for (let current = element; current; current = current.parentElement) if (isSection(current)) return current;
  return null;
}

export interface SectionScore {
  /** True sections (Sphinx markup) holding at least one text block. */
  sections: number;
  /** Of them, those whose text blocks are exactly the text blocks of one content block. */
  matched: number;
  /** Every section matched (and at least one section). */
  correct: boolean;
  /**
   * Of the sections, those only divided, never merged: every block of the section is in a content
   * block holding nothing from outside the section (sub-titles such as `dt` or "See also" may split it).
   */
  refined: number;
}

/**
 * Documentation pages whose sections are marked up (Sphinx's `section` / `div.section`): a section's
 * own blocks (its heading and what follows up to its first sub-section) must be exactly one content
 * block's blocks, counting blocks with text. The page is segmented correctly when every section is.
 */
export function scoreSections(segmentation: Segmentation): SectionScore {
  const units = new Map<Element, Set<number>>();
  segmentation.minimumBlocks.forEach((block, index) => {
    if (!block.text) return;
    const section = sectionOf(block.block.element);
    if (!section) return;
    let unit = units.get(section);
    if (!unit) units.set(section, (unit = new Set()));
    unit.add(index);
  });
  const contentSets = segmentation.contentBlocks.map(
    (content) => new Set(content.blocks.filter((member) => member.text).map((member) => member.order)),
  );
  let matched = 0;
  let refined = 0;
  for (const unit of units.values()) {
    const owners = new Set([...unit].map((index) => segmentation.blocks[index].contentBlock));
    if (owners.has(null)) continue;
    if ([...owners].every((owner) => [...contentSets[owner as number]].every((index) => unit.has(index)))) refined++;
    if (owners.size !== 1) continue;
    const members = contentSets[[...owners][0] as number];
    if (members.size === unit.size && [...unit].every((index) => members.has(index))) matched++;
  }
  return { sections: units.size, matched, correct: units.size > 0 && matched === units.size, refined };
}

export interface ArticleScore {
  /** The content block holding most of the article's words, or null when there is none. */
  contentBlock: number | null;
  /** Share of the gold article's words found in that block (bags of words). */
  recall: number;
  /** Share of that block's words that are the gold article's. */
  precision: number;
  correct: boolean;
}

/**
 * Sano et al. 2013 §4.2 criterion on news pages: the article (title, date, body, related links, source) is in
 * one content block and nothing else is. With the gold article text: one content block holds at least
 * `minRecall` of the article's words, and at least `minPrecision` of its words are the article's (the
 * date, related links and source lines are not in the gold text, so precision may not be 1).
 */
export function scoreArticle(segmentation: Segmentation, goldText: string, minRecall = 0.9, minPrecision = 0.5): ArticleScore {
  const gold = new Map<string, number>();
  let goldSize = 0;
  for (const word of tokenizeWords(goldText)) {
    gold.set(word, (gold.get(word) ?? 0) + 1);
    goldSize++;
  }
  let best: ArticleScore = { contentBlock: null, recall: 0, precision: 0, correct: false };
  for (const content of segmentation.contentBlocks) {
    const words = tokenizeWords(content.text);
    const remaining = new Map(gold);
    let overlap = 0;
    for (const word of words) {
      const left = remaining.get(word) ?? 0;
      if (left > 0) {
        overlap++;
        remaining.set(word, left - 1);
      }
    }
    const recall = goldSize ? overlap / goldSize : 0;
    if (recall > best.recall) best = { contentBlock: content.index, recall, precision: words.length ? overlap / words.length : 0, correct: false };
  }
  best.correct = best.recall >= minRecall && best.precision >= minPrecision;
  return best;
}
