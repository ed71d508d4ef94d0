import { WARCRecord, WARCSerializer } from 'warcio';

/** One record of a test WARC. */
export type TestRecord =
  | { kind: 'html'; url: string; html: string | Uint8Array; contentType?: string; truncatedHeader?: boolean; chunked?: boolean }
  | { kind: 'non-html'; url: string; body: Uint8Array | string; contentType: string }
  | { kind: 'request'; url: string }
  | { kind: 'warcinfo' }
  /** Bytes that are no WARC record: garbage between records (plain) or a corrupt gzip member. */
  | { kind: 'garbage' }
  /** A response record whose block is no HTTP response. */
  | { kind: 'no-http'; url: string };

const encoder = new TextEncoder();
const bytes = (body: string | Uint8Array) => (typeof body === 'string' ? encoder.encode(body) : body);

let serial = 0;
/** A record id that is the same for the same record index on every run. */
function recordId(index: number): string {
  return `<urn:uuid:00000000-0000-4000-8000-${String(index).padStart(12, '0')}>`;
}

async function serialize(record: TestRecord, index: number, gzip: boolean): Promise<Uint8Array> {
  const date = '2026-01-01T00:00:00Z';
  const base = { date, warcVersion: index % 2 ? ('WARC/1.1' as const) : ('WARC/1.0' as const), warcHeaders: { 'WARC-Record-ID': recordId(index) } };
  let warc: WARCRecord;
  switch (record.kind) {
    case 'html': {
      const body = bytes(record.html);
      const headers: Record<string, string> = { 'Content-Type': record.contentType ?? 'text/html; charset=utf-8' };
      let payload: Uint8Array[] = [body];
      if (record.chunked) {
        headers['Transfer-Encoding'] = 'chunked';
        const half = Math.floor(body.length / 2);
        payload = [encoder.encode(`${half.toString(16)}\r\n`), body.subarray(0, half), encoder.encode(`\r\n${(body.length - half).toString(16)}\r\n`), body.subarray(half), encoder.encode('\r\n0\r\n\r\n')];
      }
      const warcHeaders = { ...base.warcHeaders, ...(record.truncatedHeader ? { 'WARC-Truncated': 'length' } : {}) };
      warc = WARCRecord.create({ ...base, warcHeaders, url: record.url, type: 'response', statusline: 'HTTP/1.1 200 OK', httpHeaders: headers }, payload);
      break;
    }
    case 'non-html':
      warc = WARCRecord.create({ ...base, url: record.url, type: 'response', statusline: 'HTTP/1.1 200 OK', httpHeaders: { 'Content-Type': record.contentType } }, [bytes(record.body)]);
      break;
    case 'request':
      warc = WARCRecord.create({ ...base, url: record.url, type: 'request', statusline: 'GET / HTTP/1.1', httpHeaders: { Host: new URL(record.url).host } }, []);
      break;
    case 'warcinfo':
      warc = WARCRecord.createWARCInfo({ ...base, filename: 'test.warc' }, { software: 'winnow tests' });
      break;
    case 'no-http': {
      const block = encoder.encode('this block is not an HTTP response\r\n\r\n');
      const header = `${base.warcVersion}\r\nWARC-Type: response\r\nWARC-Record-ID: ${recordId(index)}\r\nWARC-Target-URI: ${record.url}\r\nWARC-Date: ${date}\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${block.length}\r\n\r\n`;
      const raw = new Uint8Array([...encoder.encode(header), ...block, ...encoder.encode('\r\n\r\n')]);
      return gzip ? gzipMember(raw) : raw;
    }
    case 'garbage':
      serial++;
      // A plain file: a line that is no WARC header. A gzipped one: a member header with corrupt deflate data.
      return gzip ? new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xfe, 0xfd, serial & 0xff, 1, 2, 3, 4, 5, 6, 7, 8]) : encoder.encode(`GARBAGE ${serial}\r\nnot a header\r\n\r\n`);
  }
  return WARCSerializer.serialize(warc, { gzip });
}

async function gzipMember(raw: Uint8Array): Promise<Uint8Array> {
  const { gzipSync } = await import('node:zlib');
  return new Uint8Array(gzipSync(raw));
}

/**
 * Serializes records as a WARC, one gzip member per record when `gzip`. With `truncateLast`, the last
 * record is cut short by that many bytes (a file that ends inside a record).
 */
export async function* buildWarc(records: Iterable<TestRecord>, options: { gzip?: boolean; truncateLast?: number } = {}): AsyncGenerator<Uint8Array> {
  let index = 0;
  let previous: Uint8Array | undefined;
  for (const record of records) {
    const next = await serialize(record, index++, options.gzip ?? false);
    if (previous) yield previous;
    previous = next;
  }
  if (previous) yield options.truncateLast ? previous.subarray(0, previous.length - options.truncateLast) : previous;
}

/** All of a built WARC in one buffer. */
export async function buildWarcBytes(records: Iterable<TestRecord>, options: { gzip?: boolean; truncateLast?: number } = {}): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of buildWarc(records, options)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
