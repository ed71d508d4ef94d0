import { ResultType, Sniffer } from 'encoding-sniffer/sniffer';
import { WinnowError } from './errors.js';

export interface DecodeOptions {
  /** A `Content-Type` header value or bare charset label from the transport layer (outranks `<meta>`). */
  contentType?: string;
  /**
   * Encoding used when neither a BOM, the transport layer nor a `<meta>` declares one and the bytes are
   * not valid UTF-8. The HTML standard's fallback for most locales is windows-1252.
   */
  defaultEncoding?: string;
  /** Bytes the `<meta>` prescan looks at. The HTML standard says 1024; real pages put `<meta>` later. */
  sniffBytes?: number;
}

export interface DecodedHtml {
  text: string;
  /** The WHATWG name of the encoding used. */
  encoding: string;
  /** Where the encoding came from. */
  source: 'bom' | 'transport' | 'meta' | 'xml' | 'utf8-valid' | 'default';
}

/** Defaults of `decodeHtml` (HTML Living Standard §13.2.3 "Determining the character encoding"). */
export const DEFAULT_DECODE_OPTIONS = Object.freeze({
  /** HTML §13.2.3.2 step 7's fallback for most locales. */
  defaultEncoding: 'windows-1252',
  /** Larger than the standard's 1024: many real pages put `<meta charset>` after long comments or scripts. */
  sniffBytes: 4096,
});

/** Share of control bytes in the first 8 KiB above which input is taken for binary, not text. */
export const BINARY_CONTROL_BYTE_RATIO = 0.1;
const BINARY_PROBE_BYTES = 8192;

function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType);
  if (match) return match[1];
  return contentType.includes('/') ? undefined : contentType.trim();
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/** True when bytes look like an image, archive or executable rather than text (NUL or many control bytes). */
export function looksBinary(bytes: Uint8Array): boolean {
  if (hasUtf16Bom(bytes)) return false;
  const end = Math.min(bytes.length, BINARY_PROBE_BYTES);
  let control = 0;
  for (let index = 0; index < end; index++) {
    const byte = bytes[index];
    if (byte === 0) return true;
    // Tab, LF, FF, CR and ESC (ISO-2022-JP) are legitimate in text.
    if (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 27) control++;
  }
  return end > 0 && control / end > BINARY_CONTROL_BYTE_RATIO;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes HTML bytes to a string by the HTML encoding-sniffing rules: BOM, then the transport layer's
 * charset, then the `<meta charset>` / `http-equiv` prescan (via `encoding-sniffer`), then — where nothing
 * is declared — UTF-8 if the bytes are valid UTF-8, else `defaultEncoding` (windows-1252).
 * Throws `WinnowError('BINARY_INPUT')` for bytes that are not text.
 */
export function decodeHtml(bytes: Uint8Array, options: DecodeOptions = {}): DecodedHtml {
  const defaultEncoding = options.defaultEncoding ?? DEFAULT_DECODE_OPTIONS.defaultEncoding;
  const sniffBytes = options.sniffBytes ?? DEFAULT_DECODE_OPTIONS.sniffBytes;
  if (looksBinary(bytes)) {
    throw new WinnowError(
      'BINARY_INPUT',
      'The input looks binary (NUL or control bytes), not HTML: pass an HTML file, or decompress it first.',
    );
  }
  const sniffer = new Sniffer({
    maxBytes: sniffBytes,
    transportLayerEncodingLabel: charsetOf(options.contentType),
    defaultEncoding,
  });
  sniffer.write(bytes.subarray(0, sniffBytes));
  let encoding = sniffer.encoding;
  let source: DecodedHtml['source'];
  switch (sniffer.resultType) {
    case ResultType.BOM:
      source = 'bom';
      break;
    case ResultType.PASSED:
      source = 'transport';
      break;
    case ResultType.META_TAG:
      source = 'meta';
      break;
    case ResultType.XML_ENCODING:
    case ResultType.XML_PREFIX:
      source = 'xml';
      break;
    default:
      source = 'default';
  }
  if (source === 'default' && isValidUtf8(bytes)) {
    encoding = 'utf-8';
    source = 'utf8-valid';
  }
  // A page that declares a single-byte legacy encoding but is valid UTF-8 with multi-byte sequences was
  // almost always converted to UTF-8 without updating its <meta>; browsers would show mojibake, readers
  // of its text want the UTF-8. Only applies to <meta>, never to a BOM or the transport layer.
  if (source === 'meta' && /^(windows-1252|iso-8859-1|us-ascii)$/i.test(encoding) && hasMultiByteUtf8(bytes) && isValidUtf8(bytes)) {
    encoding = 'utf-8';
    source = 'utf8-valid';
  }
  const decoded = decodeBytes(bytes, encoding);
  return { text: decoded.text, encoding: decoded.encoding, source };
}

// windows-1252's 0x80–0x9F (WHATWG Encoding, index-windows-1252). Node 20's TextDecoder decodes
// "windows-1252" as ISO-8859-1, leaving C1 controls where '€', '“' and '—' belong.
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Decodes bytes with a WHATWG encoding label (`TextDecoder`), with windows-1252 fixed on runtimes that
 * decode it as ISO-8859-1. Throws `UNSUPPORTED_ENCODING` for a label the runtime cannot decode.
 */
export function decodeBytes(bytes: Uint8Array, label: string): { text: string; encoding: string } {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch (cause) {
    throw new WinnowError(
      'UNSUPPORTED_ENCODING',
      `The page declares encoding "${label}", which this runtime cannot decode: convert the file to UTF-8 first.`,
      { cause },
    );
  }
  let text = decoder.decode(bytes);
  if (decoder.encoding === 'windows-1252') {
    text = text.replace(/[\u0080-\u009f]/g, (character) => WINDOWS_1252_C1[character.charCodeAt(0) - 0x80]);
  }
  return { text, encoding: decoder.encoding };
}

function hasMultiByteUtf8(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index++) if (bytes[index] >= 0xc2 && bytes[index] <= 0xf4) return true;
  return false;
}
