import { describe, expect, it } from 'vitest';
import { emptyCounts, readWarcPages, type WarcPage } from './warc.js';
import { buildWarcBytes, type TestRecord } from './test-support/build-warc.js';

const page = (title: string) => `<html><head><title>${title}</title></head><body><p>${title} body text</p></body></html>`;
// "café" in windows-1252: only the HTTP header says so.
const latin1 = new Uint8Array([...new TextEncoder().encode('<html><body><p>caf'), 0xe9, ...new TextEncoder().encode('</p></body></html>')]);

const RECORDS: TestRecord[] = [
  { kind: 'warcinfo' },
  { kind: 'request', url: 'http://a.example/1' },
  { kind: 'html', url: 'http://a.example/1', html: page('one') },
  { kind: 'non-html', url: 'http://a.example/logo.png', body: new Uint8Array([137, 80, 78, 71, 0, 0]), contentType: 'image/png' },
  { kind: 'garbage' },
  { kind: 'html', url: 'http://b.example/latin', html: latin1, contentType: 'text/html; charset=windows-1252' },
  { kind: 'no-http', url: 'http://b.example/broken' },
  { kind: 'html', url: 'http://b.example/cut', html: page('cut by the crawler'), truncatedHeader: true },
  { kind: 'html', url: 'http://b.example/chunked', html: page('chunked'), chunked: true },
  { kind: 'html', url: 'http://a.example/xhtml', html: page('xhtml'), contentType: 'application/xhtml+xml' },
  { kind: 'html', url: 'http://a.example/last', html: page('the last page, cut short by the end of the file') },
];

async function read(bytes: Uint8Array, chunkSize = 97): Promise<{ pages: WarcPage[]; counts: ReturnType<typeof emptyCounts>; skips: string[] }> {
  const counts = emptyCounts();
  const skips: string[] = [];
  async function* chunks() {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  }
  const pages: WarcPage[] = [];
  for await (const found of readWarcPages(chunks(), { counts, onSkip: (skip) => skips.push(skip.reason) })) pages.push(found);
  return { pages, counts, skips };
}

describe('readWarcPages', () => {
  it.each([
    ['plain', false],
    ['gzipped per record', true],
  ])('reads the HTML responses of a %s WARC and counts every other record by why', async (_name, gzip) => {
    const { pages, counts, skips } = await read(await buildWarcBytes(RECORDS, { gzip, truncateLast: 30 }));
    expect(pages.map((found) => found.url)).toEqual(['http://a.example/1', 'http://b.example/latin', 'http://b.example/chunked', 'http://a.example/xhtml']);
    expect(counts).toEqual({ records: 11, pages: 4, notResponse: 2, nonHtml: 1, truncated: 2, malformed: 2 });
    expect(skips.sort()).toEqual(['malformed', 'malformed', 'non-html', 'not-response', 'not-response', 'truncated', 'truncated']);
    expect(pages[0]).toMatchObject({ id: 'http://a.example/1', warcRecordId: '<urn:uuid:00000000-0000-4000-8000-000000000002>', warcDate: '2026-01-01T00:00:00Z', contentType: 'text/html; charset=utf-8' });
    expect(pages[0].html).toContain('<p>one body text</p>');
    // The charset of the HTTP header decodes the page.
    expect(pages[1].html).toContain('café');
    // Chunked transfer encoding is undone.
    expect(pages[2].html).toBe(page('chunked'));
  });

  it('reads a WARC gzipped whole (one member) the same', async () => {
    const { gzipSync } = await import('node:zlib');
    const plain = await buildWarcBytes(RECORDS.filter((record) => record.kind !== 'garbage'));
    const { pages, counts } = await read(new Uint8Array(gzipSync(plain)), 4096);
    expect(pages.map((found) => found.url)).toEqual(['http://a.example/1', 'http://b.example/latin', 'http://b.example/chunked', 'http://a.example/xhtml', 'http://a.example/last']);
    expect(counts.malformed).toBe(1);
  });

  it.each([
    ['nothing', new Uint8Array(0)],
    ['text that is no WARC', new TextEncoder().encode('hello, this is not a WARC file at all\n')],
    ['random bytes', new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251))],
    ['a gzip header and nothing else', new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0])],
  ])('never throws on %s', async (_name, bytes) => {
    const { pages, counts } = await read(bytes);
    expect(pages).toEqual([]);
    expect(counts.pages).toBe(0);
  });
});
