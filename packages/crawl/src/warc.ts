import { createReadStream } from 'node:fs';
import { WARCParser, type WARCRecord } from 'warcio';
import { decodeHtml, WinnowError, type Page } from '@winnow/dom-blocks';
import { gunzipMembers, isGzip } from './gzip-members.js';

/** A page read from a WARC `response` record. */
export interface WarcPage extends Page {
  /** The decoded HTML (charset from the HTTP header, else the page's own declaration). */
  html: string;
  /** `WARC-Target-URI`. */
  url: string;
  /** `WARC-Record-ID`, e.g. `<urn:uuid:…>`. */
  warcRecordId: string;
  /** `WARC-Date`, when present. */
  warcDate?: string;
  /** The HTTP `Content-Type` header. */
  contentType: string;
}

/** Why a record gave no page. */
export type SkipReason = 'not-response' | 'non-html' | 'truncated' | 'malformed';

/** What reading a WARC met: every record is a page or one of the skip reasons. */
export interface WarcCounts {
  records: number;
  pages: number;
  /** Records of other types: `warcinfo`, `request`, `metadata`, `revisit`, … */
  notResponse: number;
  /** `response` records whose HTTP content type is not HTML (images, PDFs, redirects without a body type). */
  nonHtml: number;
  /** Records cut short: the file ends inside them, or `WARC-Truncated` says the crawler cut them. */
  truncated: number;
  /** Records that are not valid WARC or HTTP (bad headers, no status line, undecodable body, corrupt gzip). */
  malformed: number;
}

export function emptyCounts(): WarcCounts {
  return { records: 0, pages: 0, notResponse: 0, nonHtml: 0, truncated: 0, malformed: 0 };
}

/** Adds `b` into `a`. */
export function addCounts(a: WarcCounts, b: WarcCounts): WarcCounts {
  for (const name of Object.keys(a) as (keyof WarcCounts)[]) a[name] += b[name];
  return a;
}

export interface ReadWarcOptions {
  /** Filled as records are read. */
  counts?: WarcCounts;
  /** Called for each record that gives no page, with why. */
  onSkip?: (skip: { reason: SkipReason; detail: string; url?: string; warcRecordId?: string }) => void;
}

/** `text/html` or `application/xhtml+xml` (WHATWG MIME sniffing's HTML MIME types), with any parameters. */
export const HTML_CONTENT_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;

async function* withFirstChunk(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** Bytes of a WARC file, read in 64 KiB chunks. */
export function readWarcFile(file: string): AsyncIterable<Uint8Array> {
  return createReadStream(file, { highWaterMark: 64 * 1024 });
}

/**
 * Reads the HTML pages of a WARC (1.0 or 1.1; plain, gzipped per record, or gzipped whole) as a stream:
 * one record at a time, so memory holds one record however large the file. `response` records with an
 * HTML content type become pages, decoded with the HTTP header's charset; every other record is counted
 * in `counts` by why it gave no page, and reading goes on. The parser is warcio's.
 */
export async function* readWarcPages(source: AsyncIterable<Uint8Array>, options: ReadWarcOptions = {}): AsyncGenerator<WarcPage> {
  const counts = options.counts ?? emptyCounts();
  const skip = (reason: SkipReason, detail: string, record?: WARCRecord) => {
    counts[reason === 'not-response' ? 'notResponse' : reason === 'non-html' ? 'nonHtml' : reason] += 1;
    options.onSkip?.({ reason, detail, url: record?.warcTargetURI ?? undefined, warcRecordId: record?.warcHeader('WARC-Record-ID') ?? undefined });
  };
  const iterator = source[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) return;
  const bytes = withFirstChunk(first.value, iterator);
  const damage = { corrupt: 0, truncated: 0 };
  const records = new WARCParser(isGzip(first.value) ? gunzipMembers(bytes, damage) : bytes);
  try {
    for await (const record of records) {
      counts.records += 1;
      const page = await pageOf(record, skip);
      if (page) {
        counts.pages += 1;
        yield page;
      }
    }
  } catch (cause) {
    // warcio gives up on this stream: what was read stands, the rest is one malformed record.
    counts.records += 1;
    skip('malformed', `unreadable from here on: ${(cause as Error).message}`);
  }
  // Gzip damage is found between records: each corrupt member is a record lost, a cut member a truncated one.
  counts.records += damage.corrupt;
  counts.malformed += damage.corrupt;
  for (let i = 0; i < damage.corrupt; i++) options.onSkip?.({ reason: 'malformed', detail: 'corrupt gzip member' });
  if (damage.truncated && counts.truncated === 0) {
    counts.records += 1;
    skip('truncated', 'the file ends inside a gzip member');
  }
}

async function pageOf(record: WARCRecord, skip: (reason: SkipReason, detail: string, record?: WARCRecord) => void): Promise<WarcPage | undefined> {
  const recordId = record.warcHeader('WARC-Record-ID');
  const length = record.warcHeader('Content-Length');
  if (!record.warcType || !recordId || !length || !/^\d+$/.test(length.trim())) {
    await record.skipFully().catch(() => undefined);
    skip('malformed', 'no WARC-Type, WARC-Record-ID or numeric Content-Length', record);
    return undefined;
  }
  if (record.warcType !== 'response') {
    await record.skipFully();
    skip('not-response', record.warcType, record);
    return undefined;
  }
  const url = record.warcTargetURI;
  const status = record.httpHeaders?.statusCode;
  if (!url || !record.httpHeaders || !Number.isInteger(Number(status))) {
    await record.skipFully().catch(() => undefined);
    skip(record.httpHeaders || !url ? 'malformed' : 'non-html', url ? 'no HTTP status line' : 'no WARC-Target-URI', record);
    return undefined;
  }
  const contentType = record.httpHeaders.headers.get('content-type') ?? '';
  if (!HTML_CONTENT_TYPE.test(contentType)) {
    await record.skipFully();
    skip('non-html', contentType || 'no Content-Type', record);
    return undefined;
  }
  if (record.warcHeader('WARC-Truncated')) {
    await record.skipFully();
    skip('truncated', `WARC-Truncated: ${record.warcHeader('WARC-Truncated')}`, record);
    return undefined;
  }
  let body: Uint8Array;
  try {
    // Content: transfer and content encodings (chunked, gzip, br) undone.
    body = await record.readFully(true);
  } catch (cause) {
    skip('malformed', `unreadable body: ${(cause as Error).message}`, record);
    return undefined;
  }
  // warcio's record reader counts down what its Content-Length promised; left over means the file ended.
  if (((record as unknown as { _reader: { limit?: number } })._reader.limit ?? 0) > 0) {
    skip('truncated', 'the file ends inside the record', record);
    return undefined;
  }
  let html: string;
  try {
    html = decodeHtml(body, { contentType }).text;
  } catch (cause) {
    skip('malformed', cause instanceof WinnowError ? `${cause.code}: ${cause.message}` : String(cause), record);
    return undefined;
  }
  const date = record.warcDate;
  return { id: url, url, html, contentType, warcRecordId: recordId, ...(date ? { warcDate: date } : {}) };
}
