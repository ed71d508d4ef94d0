import { parseHTML } from 'linkedom';
import { decodeHtml, type DecodeOptions } from './decode.js';
import { WinnowError } from './errors.js';

export interface ParseOptions extends DecodeOptions {
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
  let html = closeUnclosedTitle(input);
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
  body = body.replace(/<\/body\s*>/gi, '');
  const bodyAttributes = bodyOpen ? bodyOpen[0].slice(5, -1) : '';
  return `<!DOCTYPE html><html><head>${head}</head><body${bodyAttributes}>${body}</body></html>`;
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
  const html = normalizeHtml(htmlToString(input, options));
  const { document } = parseHTML(html);
  return document as unknown as Document;
}
