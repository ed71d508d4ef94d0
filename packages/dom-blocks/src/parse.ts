import { parseHTML } from 'linkedom';
import { decodeHtml, type DecodeOptions } from './decode.js';
import { WinnowError } from './errors.js';

export interface ParseOptions extends DecodeOptions {
  /** Open elements nested deeper than this are dropped before parsing (see `MAX_PARSE_DEPTH`). */
  maxDepth?: number;
  /** Inputs larger than this many bytes (or UTF-16 code units for strings) are refused with `INPUT_TOO_LARGE`. */
  maxBytes?: number;
}

/** Defaults of `parseHtml`. */
export const DEFAULT_PARSE_OPTIONS = Object.freeze({
  /** Four times the largest page of the datasets and above the 20 MB the foundation issue requires. */
  maxBytes: 64 * 1024 * 1024,
});

// Leading matter allowed before <html>: whitespace, BOM, doctype, comments, XML declaration, processing instructions.
const PROLOGUE = /^(?:\s+|\uFEFF|<!doctype[^>]*>|<!--[\s\S]*?-->|<\?[^>]*>)*/i;
const HTML_OPEN = /<html[\s>\/]/i;

/**
 * A browser renders the text after an unclosed `<title>` as the title, hiding the whole page. Real pages
 * do this by mistake; when no `</title>` follows, close the title at the next tag.
 */
function closeUnclosedTitle(html: string): string {
  const open = /<title(?:\s[^>]*)?>/i.exec(html);
  if (!open) return html;
  const afterOpen = open.index + open[0].length;
  if (/<\/title\s*>/i.test(html.slice(afterOpen))) return html;
  const nextTag = /<[a-z\/!]/i.exec(html.slice(afterOpen));
  const cut = nextTag ? afterOpen + nextTag.index : html.length;
  return `${html.slice(0, cut)}</title>${html.slice(cut)}`;
}

/** True when the markup before `index` carries visible text (not only tags, comments and whitespace). */
function hasTextBefore(html: string, index: number): boolean {
  return html
    .slice(0, index)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .trim().length > 0;
}

/**
 * Turns whatever came in into a document linkedom parses like a browser would. linkedom's parser is not
 * the HTML5 tree builder: input that does not start with `<html>` (a fragment, CleanEval's `<text>`
 * wrapper, a page opening with `<head>`) leaves `document.body` empty, so such input is given a skeleton.
 */
export function normalizeHtml(input: string): string {
  // Text after </body> or </html> belongs to the body (HTML §13.2.6.4.19 "after body"); linkedom drops
  // it, so the end tags go and the parser closes both at the end of the input.
  let html = closeUnclosedTitle(input).replace(/<\/(?:body|html)\s*>/gi, '');
  const hasBody = /<body[\s>\/]/i.test(html);
  const prologue = PROLOGUE.exec(html)?.[0] ?? '';
  if (hasBody && /^<html[\s>\/]/i.test(html.slice(prologue.length))) return html;

  const htmlOpen = HTML_OPEN.exec(html);
  if (hasBody && htmlOpen && !hasTextBefore(html, htmlOpen.index)) {
    // A wrapper such as CleanEval's <text id=...> before the real document: drop what precedes <html>.
    return html.slice(htmlOpen.index);
  }
  // A fragment or a document without <html>: rebuild the skeleton around its head and body parts.
  html = html.slice(prologue.length).replace(/<\/?html(?:\s[^>]*)?>/gi, '');
  let head = '';
  let body = html;
  const bodyOpen = /<body(?:\s[^>]*)?>/i.exec(html);
  if (bodyOpen) {
    head = html.slice(0, bodyOpen.index);
    body = html.slice(bodyOpen.index + bodyOpen[0].length);
  } else {
    const headClose = /<\/head\s*>/i.exec(html);
    if (headClose) {
      head = html.slice(0, headClose.index);
      body = html.slice(headClose.index + headClose[0].length);
    }
  }
  head = head.replace(/<\/?head(?:\s[^>]*)?>/gi, '');
  // Visible text before <body> (outside title, script and style) starts the body in a browser: keep it there.
  if (hasTextBefore(head.replace(/<(title|script|style)\b[\s\S]*?<\/\1\s*>/gi, ''), Infinity)) {
    body = `${head}${body}`;
    head = '';
  }
  body = body.replace(/<body(?:\s[^>]*)?>/gi, '');
  const bodyAttributes = bodyOpen ? bodyOpen[0].slice(5, -1) : '';
  return `<!DOCTYPE html><html><head>${head}</head><body${bodyAttributes}>${body}`;
}

/**
 * Open elements deeper than this are dropped before parsing. linkedom's parser takes quadratic time in
 * nesting depth (100,000 nested `<div>`s: about 6 s, 200,000: 30 s); Chromium's tree builder caps depth
 * at 512 anyway (see `MAX_BLOCK_DEPTH`), so nothing a browser shows is lost. 4096 costs ~20 ms.
 */
export const MAX_PARSE_DEPTH = 4096;
const VOID_TAGS: ReadonlySet<string> = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/**
 * Elements whose end tag real pages omit (HTML §13.1.2.4) and that linkedom's parser closes when the same
 * tag opens again: not counted, so they cannot inflate the depth. (`thead`, `colgroup`, `rb` and the like
 * are counted: linkedom nests them, so a run of them is deep nesting.)
 */
const IMPLIED_END_TAGS: ReadonlySet<string> = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option']);

/**
 * Drops start and end tags nested deeper than `maxDepth` (by a linear scan of the tags, text kept), so
 * pathological nesting parses in linear time. Runs only when the page has more tags than `maxDepth`.
 */
export function flattenDeepNesting(html: string, maxDepth = MAX_PARSE_DEPTH): string {
  let tags = 0;
  for (let index = html.indexOf('<'); index !== -1 && tags <= maxDepth; index = html.indexOf('<', index + 1)) tags++;
  if (tags <= maxDepth) return html;
  const dropped = new Map<string, number>();
  let depth = 0;
  let changed = false;
  const result = html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>/g, (tag, closing: string, rawName: string, selfClosing: string) => {
    const name = rawName.toLowerCase();
    if (VOID_TAGS.has(name) || IMPLIED_END_TAGS.has(name) || selfClosing) return tag;
    if (closing) {
      const pending = dropped.get(name) ?? 0;
      if (pending > 0) {
        dropped.set(name, pending - 1);
        return '';
      }
      depth = Math.max(0, depth - 1);
      return tag;
    }
    if (depth >= maxDepth) {
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      changed = true;
      return '';
    }
    depth++;
    return tag;
  });
  return changed ? result : html;
}

/** Decodes bytes (see `decodeHtml`) or passes a string through, refusing oversized input. */
export function htmlToString(input: string | Uint8Array, options: ParseOptions = {}): string {
  const maxBytes = options.maxBytes ?? DEFAULT_PARSE_OPTIONS.maxBytes;
  if (input.length > maxBytes) {
    throw new WinnowError(
      'INPUT_TOO_LARGE',
      `The input is ${input.length} bytes, over the ${maxBytes}-byte limit: raise maxBytes if you really mean to parse it.`,
    );
  }
  if (typeof input === 'string') return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  return decodeHtml(input, options).text;
}

/**
 * Parses HTML (a string, or bytes decoded by the HTML encoding-sniffing rules) into a DOM `Document`.
 * Never throws on malformed markup; throws a `WinnowError` only for binary, oversized or undecodable input.
 * An empty input gives an empty document.
 */
export function parseHtml(input: string | Uint8Array, options: ParseOptions = {}): Document {
  const html = flattenDeepNesting(normalizeHtml(htmlToString(input, options)), options.maxDepth ?? MAX_PARSE_DEPTH);
  const { document } = parseHTML(html);
  return document as unknown as Document;
}
