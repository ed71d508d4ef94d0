import { parse, parseFragment } from 'parse5';
import { decodeHtml, type DecodeOptions } from './decode.js';
import { WinnowError } from './errors.js';
import { createLinkedomTreeAdapter, MAX_DOM_DEPTH } from './tree-adapter.js';

export { MAX_DOM_DEPTH } from './tree-adapter.js';

export interface ParseOptions extends DecodeOptions {
  /** Elements nest at most this deep; deeper ones are left out, their content kept in order (see `MAX_DOM_DEPTH`). */
  maxDepth?: number;
  /** Inputs larger than this many bytes (or UTF-16 code units for strings) are refused with `INPUT_TOO_LARGE`. */
  maxBytes?: number;
}

/** Defaults of `parseHtml`. */
export const DEFAULT_PARSE_OPTIONS = Object.freeze({
  /** Four times the largest page of the datasets and above the 20 MB the foundation issue requires. */
  maxBytes: 64 * 1024 * 1024,
});

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
 * Parses HTML (a string, or bytes decoded by the HTML encoding-sniffing rules) into a linkedom `Document`
 * whose tree is the one the HTML standard's tree-construction algorithm builds (HTML Living Standard
 * §13.2.6, run by parse5 with scripting enabled, as a browser shows a page): an unclosed `<head>`, stray
 * tags in the head, an unclosed `<title>`, table foster parenting, misnested formatting elements and
 * foreign content all give the browser's tree, and there is always an `<html>` with a `<head>` and a
 * `<body>` (or `<frameset>`). Elements nest at most `maxDepth` deep (`MAX_DOM_DEPTH`, as Chromium).
 * Never throws on malformed markup; throws a `WinnowError` only for binary, oversized or undecodable input.
 */
export function parseHtml(input: string | Uint8Array, options: ParseOptions = {}): Document {
  const html = htmlToString(input, options);
  const treeAdapter = createLinkedomTreeAdapter(options.maxDepth ?? MAX_DOM_DEPTH);
  return parse(html, { treeAdapter, scriptingEnabled: true }) as unknown as Document;
}

/**
 * Parses HTML as a fragment (in a `<template>`'s context, parse5's default for a fragment) with scripting
 * off, as the markup reads: the content of a `<noscript>` is elements, where `parseHtml` (scripting on, as
 * a browser shows a page) keeps it as one text node. Same depth cap as `parseHtml`.
 */
export function parseHtmlFragment(html: string, options: Pick<ParseOptions, 'maxDepth'> = {}): DocumentFragment {
  const treeAdapter = createLinkedomTreeAdapter(options.maxDepth ?? MAX_DOM_DEPTH);
  // parse5 creates a fragment's nodes without asking for a document: start the one they belong to.
  treeAdapter.createDocument();
  return parseFragment(html, { treeAdapter, scriptingEnabled: false }) as unknown as DocumentFragment;
}
