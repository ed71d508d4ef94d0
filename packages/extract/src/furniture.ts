import type { Block } from '@winnow/dom-blocks';
import type { Decisions } from './decide.js';
import { classAndId } from './features.js';

/**
 * An article's furniture: the parts of a story page that the page's metadata already holds or that
 * describe a picture, not the story — the headline repeating the title, the byline, image captions and
 * credits. Readability drops the first two the same way (`_headerDuplicatesTitle`, `_checkByline` in
 * Mozilla's Readability.js); WCXB's article golds leave all three out of the main content.
 *
 * Only on pages that declare one article: on wcxb-dev (WCXB, Murrough Foley (2026), CC-BY-4.0) the rules
 * took article pages from 0.9540 to 0.9547 bag F1, but applied to every page cost forum pages 0.007 (the
 * thread's title is part of a thread) and listings 0.018 (each item's byline is part of the item).
 * Captions are kept by default (`captions: true`): cetd's golds hold them, and dropping them cost cetd
 * 0.0015 LCS F1 micro and 0.003 macro (700 pages) against +0.0001 on wcxb-dev articles.
 */

/** A byline is the first short content block before the body starts (Readability: under 100 characters). */
export const BYLINE_MAX_CHARS = 100;
/** The body starts at the first content block of this many words; headline and byline come before it. */
export const BODY_START_WORDS = 25;
/** Blocks looked at for a byline, at most: the search is bounded on pages of millions of blocks. */
export const BYLINE_SEARCH_UNITS = 64;

/** Readability's byline pattern (`REGEXPS.byline`), looked for in `class` and `id`. */
const BYLINE_NAMES = /byline|author|dateline|writtenby|p-author/i;
/** Captions and credits of pictures, looked for in `class` and `id`. */
const CAPTION_NAMES = /caption|credit/i;
const BYLINE_INSIDE = '[rel="author"], [itemprop~="author"], [class*="byline" i], [class*="author" i]';

const normalised = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

function isBylineElement(element: Element): boolean {
  if ((element.getAttribute('rel') ?? '').toLowerCase() === 'author') return true;
  if ((element.getAttribute('itemprop') ?? '').toLowerCase().includes('author')) return true;
  return BYLINE_NAMES.test(classAndId(element));
}

/**
 * Drops the article's furniture from the content (`decisions`, changed in place): the first heading
 * (`h1`–`h3`) whose text is the page's title, the first block marked as a byline (`rel="author"`,
 * `itemprop="author"`, or a `class`/`id` naming a byline, on the block or inside it) before the body starts,
 * and, unless `keepCaptions`, blocks whose `class` or `id` names a caption or credit. Linear: one look at each block's `class`, and
 * a bounded search for the byline.
 */
export function dropArticleFurniture(units: readonly Block[], words: ArrayLike<number>, decisions: Decisions, title: string | undefined, keepCaptions: boolean): void {
  const { content, reasons } = decisions;
  const headline = normalised(title ?? '');
  let headlineFound = headline === '';
  let bylineFound = false;
  let bodyStarted = false;
  let bylineLooks = 0;
  for (let u = 0; u < units.length; u++) {
    if (!content[u]) continue;
    const unit = units[u];
    const text = unit.ownText;
    if (!bodyStarted && words[u] >= BODY_START_WORDS) bodyStarted = true;
    if (!headlineFound && /^h[1-3]$/.test(unit.tag) && normalised(text) === headline) {
      headlineFound = true;
      content[u] = 0;
      reasons[u] = 'headline: the page title (in metadata)';
      continue;
    }
    if (!bylineFound && !bodyStarted && bylineLooks < BYLINE_SEARCH_UNITS && text.length < BYLINE_MAX_CHARS) {
      bylineLooks++;
      const element = unit.element;
      if (isBylineElement(element) || (unit.atomic && element.querySelector(BYLINE_INSIDE))) {
        bylineFound = true;
        content[u] = 0;
        reasons[u] = 'byline (in metadata)';
        continue;
      }
    }
    if (!keepCaptions && CAPTION_NAMES.test(classAndId(unit.element))) {
      content[u] = 0;
      reasons[u] = 'caption or credit';
    }
  }
}
