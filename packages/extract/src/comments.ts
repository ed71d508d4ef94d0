import type { Block } from '@winnow/dom-blocks';
import type { Decisions } from './decide.js';
import { BODY_START_WORDS } from './furniture.js';
import { classAndId } from './features.js';

/**
 * The comments under an article. WCXB's article golds and Readability leave them out of the main content
 * (Readability through its "unlikely candidates" pattern); cetd's golds keep them. On a page that declares
 * one article and no discussion (`ArticleSignals`), content inside a block whose `class` or `id` names
 * comments is left out, unless the option `comments` keeps it.
 *
 * Chosen on wcxb-dev (WCXB, Murrough Foley (2026), CC-BY-4.0): on article pages it changed 7 pages, all for
 * the better (0.9547 → 0.9550 bag F1), one collection page for the better, and no page of another type.
 * Without the two guards it cost three forum pages that declare an article (0.805 → 0.790 on forums): a
 * thread whose text starts inside comments (lobste.rs), and threads that declare their posts as
 * `DiscussionForumPosting` or `Comment` items. It costs cetd, whose golds keep comments, 0.0017 LCS F1
 * micro (0.9779 → 0.9762; 5 pages better, 5 worse), which is why `comments: true` is there.
 */

/** A `class` or `id` naming a comment section or one comment (`comments`, `comment-list`, `comments-area`, `disqus_thread`, …). */
const COMMENT_NAMES = /(?:^|[\s_-])(?:comments?|commentlist|disqus_thread)(?:$|[\s_-])/i;
export const COMMENTS_REASON = 'in the comments under the article';

const UNKNOWN = 0;
const IN_COMMENTS = 1;
const NOT_IN_COMMENTS = 2;

/**
 * Leaves out the comments under an article (`decisions`, changed in place): content inside a block whose
 * `class` or `id` names comments. Nothing changes when the body's start (the first content block of
 * `BODY_START_WORDS` words, as for the byline) is itself inside such a block: a discussion, or a page whose wrapper
 * is named for its comments. Linear: each block's names are read at most once.
 */
export function dropComments(units: readonly Block[], words: ArrayLike<number>, decisions: Decisions, blockCount: number): void {
  const { content, reasons } = decisions;
  let start = -1;
  for (let u = 0; u < units.length && start < 0; u++) if (content[u] && words[u] >= BODY_START_WORDS) start = u;
  if (start < 0) return;
  const state = new Uint8Array(blockCount);
  for (let block: Block | null = units[start]; block; block = block.parent) {
    if (COMMENT_NAMES.test(classAndId(block.element))) return;
    state[block.index] = NOT_IN_COMMENTS;
  }
  const chain: Block[] = [];
  for (let u = 0; u < units.length; u++) {
    if (!content[u]) continue;
    // Up to the first block already known, or named for comments; every block passed on the way shares its answer.
    let block: Block | null = units[u];
    while (block && state[block.index] === UNKNOWN && !COMMENT_NAMES.test(classAndId(block.element))) {
      chain.push(block);
      block = block.parent;
    }
    const answer = block === null ? NOT_IN_COMMENTS : state[block.index] === UNKNOWN ? IN_COMMENTS : state[block.index];
    if (block) state[block.index] = answer;
    for (const below of chain) state[below.index] = answer;
    chain.length = 0;
    if (answer === IN_COMMENTS) {
      content[u] = 0;
      reasons[u] = COMMENTS_REASON;
    }
  }
}
