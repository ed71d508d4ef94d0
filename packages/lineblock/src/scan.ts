import {
  CLOSES_PARAGRAPH,
  IMPLICITLY_CLOSED_BY,
  MAX_BLOCK_DEPTH,
  RAW_TEXT_ELEMENTS,
  SKIPPED_TAGS,
  VOID_ELEMENTS,
  collapseWhitespace,
  markupHides,
} from '@winnow/dom-blocks';
import { decodeHTML } from 'entities';

/**
 * Steps 1 and 2 of San & Aye (§V) in one linear scan of the HTML string, without a DOM: filter the
 * head, scripts, styles, comments and the like, and break the source into lines at block tags.
 *
 * The scanner is hand-written: it jumps from `<` to `<` with `indexOf`, reads tag names and attributes
 * character by character, and finds the end of raw-text elements (`<script>`, `<style>`, ...) with a
 * literal, case-insensitive search. Every character is looked at a bounded number of times, so huge or
 * garbage input costs linear time (no backtracking regular expression ever runs over the page).
 */

/** One line of the source (San & Aye §IV.A "Line"): what lies between two line-breaking tags. */
export interface SourceLine {
  /** Its text: entity-decoded, whitespace collapsed; empty for a line of markup only. */
  text: string;
  /** Characters of that text inside `<a href>` (the "anchor text of a line"). */
  anchorLength: number;
  /** Tags in the line, start and end tags alike, the line-breaking tag that opens it included. */
  tags: number;
  /** The innermost open block tag, lower case (`p`, `li`, `h2`, ...; `''` outside any). */
  tag: string;
  /** Open block tags from the root, e.g. `HTML.BODY.DIV.P` (empty for lines without text). */
  path: string;
  /** Lines with text: `[start, end)` offsets in the scanned HTML string, from its first text to its last. */
  source?: { start: number; end: number };
}

export interface ScannedPage {
  /** The first `<title>`'s text, whitespace collapsed (`''` when there is none). */
  title: string;
  /** Every line in source order, empty ones included (their count is the distance of §IV.A). */
  lines: SourceLine[];
}

export interface ScanOptions {
  /** Tags that end a line (start and end tags alike). */
  lineBreakTags: ReadonlySet<string> | readonly string[];
  /** Drop elements hidden by markup along with their content. */
  skipHidden: boolean;
}

/** Raw-text elements whose text a reader sees (form fields and `<xmp>`); the others are filtered. */
const VISIBLE_RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['textarea', 'xmp', 'plaintext']);
/** Elements that may sit in `<head>`; any other start tag (or `<body>`) ends the head, as in a browser. */
const HEAD_CONTENT_TAGS: ReadonlySet<string> = new Set(['html', 'head', 'title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template', 'basefont', 'bgsound']);
/** For items that close a previous open sibling: the tags that bound the search for it. */
const SIBLING_SCOPES: ReadonlyMap<string, { closes: ReadonlySet<string>; scope: ReadonlySet<string> }> = new Map([
  ['li', { closes: new Set(['li']), scope: new Set(['ul', 'ol', 'menu', 'dir', 'table', 'div']) }],
  ['dt', { closes: new Set(['dt', 'dd']), scope: new Set(['dl', 'table', 'div']) }],
  ['dd', { closes: new Set(['dt', 'dd']), scope: new Set(['dl', 'table', 'div']) }],
  ['td', { closes: new Set(['td', 'th']), scope: new Set(['tr', 'table']) }],
  ['th', { closes: new Set(['td', 'th']), scope: new Set(['tr', 'table']) }],
  ['tr', { closes: new Set(['tr', 'td', 'th']), scope: new Set(['table', 'tbody', 'thead', 'tfoot']) }],
]);

const HIDE_WORDS = /hidden|none/i;
const closeTagPatterns = new Map<string, RegExp>();

function closeTagPattern(tag: string): RegExp {
  let pattern = closeTagPatterns.get(tag);
  if (!pattern) {
    // A literal followed by one character class: no backtracking possible.
    pattern = new RegExp(`</${tag}[\\s/>]`, 'gi');
    closeTagPatterns.set(tag, pattern);
  }
  return pattern;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/**
 * Reads the attributes of a start tag (the text between its name and `>`) into a map of lower-case
 * names to values, in one pass. Only called for the few tags whose attributes matter.
 */
export function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const length = source.length;
  let index = 0;
  while (index < length) {
    while (index < length && (isSpace(source.charCodeAt(index)) || source.charCodeAt(index) === 47)) index++;
    const nameStart = index;
    while (index < length) {
      const code = source.charCodeAt(index);
      if (isSpace(code) || code === 47 || code === 61 || code === 62) break;
      index++;
    }
    if (index === nameStart) {
      index++;
      continue;
    }
    const name = source.slice(nameStart, index).toLowerCase();
    while (index < length && isSpace(source.charCodeAt(index))) index++;
    let value = '';
    if (source.charCodeAt(index) === 61) {
      index++;
      while (index < length && isSpace(source.charCodeAt(index))) index++;
      const quote = source.charCodeAt(index);
      if (quote === 34 || quote === 39) {
        const close = source.indexOf(quote === 34 ? '"' : "'", index + 1);
        const end = close === -1 ? length : close;
        value = source.slice(index + 1, end);
        index = end + 1;
      } else {
        const valueStart = index;
        while (index < length && !isSpace(source.charCodeAt(index))) index++;
        value = source.slice(valueStart, index);
      }
    }
    if (!attributes.has(name)) attributes.set(name, value);
  }
  return attributes;
}

/** True when a start tag's attributes hide the element (`hidden`, inline `display:none`, `visibility:hidden`). */
export function attributesHide(source: string): boolean {
  // Cheap pre-check without allocating: most tags carry neither word.
  if (!HIDE_WORDS.test(source)) return false;
  const attributes = parseAttributes(source);
  return markupHides(attributes.has('hidden'), attributes.get('style'));
}

function decodeText(raw: string): string {
  return raw.includes('&') ? decodeHTML(raw) : raw;
}

/** Splits an HTML string into source lines at line-breaking tags (San & Aye §V Steps 1-2). */
export function scanLines(html: string, options: ScanOptions): ScannedPage {
  const breaks = options.lineBreakTags instanceof Set ? (options.lineBreakTags as ReadonlySet<string>) : new Set(options.lineBreakTags as readonly string[]);
  const skipHidden = options.skipHidden;
  const length = html.length;
  const lines: SourceLine[] = [];
  let title: string | null = null;

  // The line being read.
  let parts: string[] = [];
  let anchorParts: string[] = [];
  let lineTags = 0;
  let textStart = -1;
  let textEnd = -1;
  // Open block tags, for paths; beyond MAX_BLOCK_DEPTH only counted.
  const stack: string[] = [];
  let overflow = 0;
  // Filtering state: inside <head>, or inside a filtered element (`skipTag`, nested `skipDepth` deep).
  let inHead = false;
  let bodyStarted = false;
  let skipTag = '';
  let skipDepth = 0;
  // Block elements opened inside the skipped element and not closed yet (for implicitly closed ones).
  let skipInner = 0;
  let inAnchor = false;

  const flushLine = (): void => {
    let text = '';
    let anchorLength = 0;
    if (parts.length) {
      text = collapseWhitespace(parts.length === 1 ? parts[0] : parts.join(''));
      if (anchorParts.length) anchorLength = Math.min(text.length, collapseWhitespace(anchorParts.join('')).length);
    }
    if (text) {
      bodyStarted = true;
      const depth = stack.length;
      lines.push({ text, anchorLength, tags: lineTags, tag: depth ? stack[depth - 1] : '', path: stack.join('.').toUpperCase(), source: { start: textStart, end: textEnd } });
    } else {
      lines.push({ text: '', anchorLength: 0, tags: lineTags, tag: '', path: '' });
    }
    parts = [];
    anchorParts = [];
    lineTags = 0;
    textStart = -1;
  };

  const addText = (start: number, end: number): void => {
    if (skipDepth > 0 || inHead) return;
    const text = decodeText(html.slice(start, end));
    parts.push(text);
    // The line's source span runs from its first non-blank character to its last.
    let first = start;
    while (first < end && isSpace(html.charCodeAt(first))) first++;
    if (first === end) return;
    let last = end;
    while (isSpace(html.charCodeAt(last - 1))) last--;
    if (textStart < 0) textStart = first;
    textEnd = last;
    if (inAnchor) anchorParts.push(text);
  };

  const openBlock = (tag: string): void => {
    const top = stack.length ? stack[stack.length - 1] : '';
    if (top === 'p' && CLOSES_PARAGRAPH.has(tag)) stack.pop();
    const sibling = SIBLING_SCOPES.get(tag);
    if (sibling) {
      for (let index = stack.length - 1; index >= 0; index--) {
        const open = stack[index];
        if (sibling.closes.has(open)) {
          stack.length = index;
          break;
        }
        if (sibling.scope.has(open)) break;
      }
    }
    if (VOID_ELEMENTS.has(tag)) return;
    if (stack.length < MAX_BLOCK_DEPTH) stack.push(tag);
    else overflow++;
  };

  const closeBlock = (tag: string): void => {
    if (overflow > 0) {
      overflow--;
      return;
    }
    const index = stack.lastIndexOf(tag);
    if (index >= 0) stack.length = index;
  };

  /** Index just after the `>` closing a tag whose name ends at `index`; -1 when the input ends first. */
  const findTagEnd = (index: number): number => {
    while (index < length) {
      const code = html.charCodeAt(index);
      if (code === 62) return index + 1;
      if (code === 61) {
        index++;
        while (index < length && isSpace(html.charCodeAt(index))) index++;
        const quote = html.charCodeAt(index);
        if (quote === 34 || quote === 39) {
          const close = html.indexOf(quote === 34 ? '"' : "'", index + 1);
          if (close === -1) return -1;
          index = close + 1;
        }
        continue;
      }
      index++;
    }
    return -1;
  };

  const readName = (index: number): number => {
    while (index < length) {
      const code = html.charCodeAt(index);
      if (isSpace(code) || code === 47 || code === 62) break;
      index++;
    }
    return index;
  };

  /** Handles a start tag; returns where scanning resumes. */
  const startTag = (tag: string, attributes: string, selfClosing: boolean, end: number): number => {
    if (RAW_TEXT_ELEMENTS.has(tag)) {
      let contentEnd = length;
      let resume = length;
      if (tag !== 'plaintext') {
        const pattern = closeTagPattern(tag);
        pattern.lastIndex = end;
        const match = pattern.exec(html);
        if (match) {
          contentEnd = match.index;
          const close = findTagEnd(match.index + 2 + tag.length);
          resume = close === -1 ? length : close;
        }
      }
      const visible = skipDepth === 0 && !inHead;
      if (tag === 'title' && title === null && skipDepth === 0) title = collapseWhitespace(decodeText(html.slice(end, contentEnd)));
      else if (visible && VISIBLE_RAW_TEXT_TAGS.has(tag) && !(skipHidden && attributesHide(attributes))) {
        lineTags += 2;
        addText(end, contentEnd);
      }
      return resume;
    }
    if (skipDepth > 0) {
      const closedBy = IMPLICITLY_CLOSED_BY.get(skipTag);
      if (closedBy && skipInner === 0 && closedBy.has(tag)) {
        skipDepth = 0; // the skipped element ends here; this tag is read normally below
      } else {
        if (tag === skipTag && !closedBy && !selfClosing) skipDepth++;
        else if (closedBy && breaks.has(tag) && !VOID_ELEMENTS.has(tag) && !selfClosing) skipInner++;
        return end;
      }
    }
    if (inHead) {
      if (HEAD_CONTENT_TAGS.has(tag)) return end;
      inHead = false;
    } else if (tag === 'head') {
      if (!bodyStarted) inHead = true;
      return end;
    }
    if (tag === 'body') bodyStarted = true;
    if (SKIPPED_TAGS.has(tag)) {
      if (!selfClosing && !VOID_ELEMENTS.has(tag)) {
        skipTag = tag;
        skipDepth = 1;
        skipInner = 0;
      }
      return end;
    }
    if (skipHidden && attributes.length > 0 && !VOID_ELEMENTS.has(tag) && !selfClosing && attributesHide(attributes)) {
      skipTag = tag;
      skipDepth = 1;
      skipInner = 0;
      return end;
    }
    if (breaks.has(tag)) {
      flushLine();
      openBlock(tag);
    }
    lineTags++;
    if (tag === 'a' && !selfClosing && parseAttributes(attributes).has('href')) inAnchor = true;
    return end;
  };

  const endTag = (tag: string): void => {
    if (skipDepth > 0) {
      if (IMPLICITLY_CLOSED_BY.has(skipTag) && breaks.has(tag)) {
        // Inside an implicitly closed element: inner blocks close first; a parent's end tag closes it.
        if (skipInner > 0) skipInner--;
        else skipDepth = 0;
        if (skipDepth === 0 && tag !== skipTag) endTag(tag);
        return;
      }
      if (tag === skipTag) skipDepth--;
      // A filtered element left open (an unclosed <svg> or <select>) ends with the document.
      else if (tag === 'body' || tag === 'html') skipDepth = 0;
      return;
    }
    if (inHead) {
      if (tag === 'head') inHead = false;
      return;
    }
    if (breaks.has(tag)) {
      flushLine();
      closeBlock(tag);
    }
    lineTags++;
    if (tag === 'a') inAnchor = false;
  };

  let position = 0;
  while (position < length) {
    const open = html.indexOf('<', position);
    const textEnd = open === -1 ? length : open;
    if (textEnd > position) addText(position, textEnd);
    if (open === -1) break;
    const next = html.charCodeAt(open + 1);
    if (next === 33 /* ! */) {
      if (html.startsWith('--', open + 2)) {
        // `<!-->` and `<!--->` are empty comments (HTML §13.2.5.43).
        const close = html.indexOf('-->', open + 2);
        const abrupt = html.startsWith('>', open + 4) ? open + 5 : html.startsWith('->', open + 4) ? open + 6 : -1;
        position = abrupt !== -1 ? abrupt : close === -1 ? length : close + 3;
      } else {
        const close = html.indexOf('>', open + 2);
        position = close === -1 ? length : close + 1;
      }
    } else if (next === 63 /* ? */) {
      const close = html.indexOf('>', open + 2);
      position = close === -1 ? length : close + 1;
    } else if (next === 47 /* / */) {
      const first = html.charCodeAt(open + 2);
      if (isAsciiLetter(first)) {
        const nameEnd = readName(open + 2);
        const end = findTagEnd(nameEnd);
        if (end === -1) break; // a tag cut off by the end of input is dropped, as in a browser
        endTag(html.slice(open + 2, nameEnd).toLowerCase());
        position = end;
      } else if (first === 62) {
        position = open + 3;
      } else {
        const close = html.indexOf('>', open + 2);
        position = close === -1 ? length : close + 1;
      }
    } else if (isAsciiLetter(next)) {
      const nameEnd = readName(open + 1);
      const end = findTagEnd(nameEnd);
      if (end === -1) break;
      const selfClosing = html.charCodeAt(end - 2) === 47;
      const attributes = html.slice(nameEnd, end - 1);
      position = startTag(html.slice(open + 1, nameEnd).toLowerCase(), attributes, selfClosing, end);
    } else {
      // A `<` that opens no tag is text (`a < b`).
      addText(open, open + 1);
      position = open + 1;
    }
  }
  flushLine();
  return { title: title ?? '', lines };
}
