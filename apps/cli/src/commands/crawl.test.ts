import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_USAGE, main } from '../main.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures');
const directory = mkdtempSync(path.join(tmpdir(), 'winnow-cli-crawl-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), progress: false });
  return { code, stdout, stderr };
}

/** A plain WARC/1.1 record, written out by hand. */
function record(type: string, id: number, url: string, block: string): string {
  return `WARC/1.1\r\nWARC-Type: ${type}\r\nWARC-Record-ID: <urn:uuid:${id}>\r\nWARC-Target-URI: ${url}\r\nWARC-Date: 2026-01-01T00:00:00Z\r\nContent-Length: ${Buffer.byteLength(block)}\r\n\r\n${block}\r\n\r\n`;
}
const response = (contentType: string, body: string) => `HTTP/1.1 200 OK\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const site = (name: string) => readFileSync(path.join(FIXTURES, 'site', name), 'utf8');

const warc = path.join(directory, 'small.warc');
writeFileSync(
  warc,
  record('warcinfo', 1, '', 'software: hand\r\n') +
    record('response', 2, 'http://news.example/a', response('text/html; charset=utf-8', site('a.html'))) +
    record('response', 3, 'http://news.example/logo.png', response('image/png', 'PNG')) +
    'these lines are\r\nno WARC record\r\n\r\n' +
    record('response', 4, 'http://news.example/b', response('text/html', site('b.html'))),
);

describe('winnow extract on a WARC', () => {
  it('writes one JSON Lines record per HTML page and counts the other records', async () => {
    const { code, stdout, stderr } = await run(['extract', warc, '--workers', '1']);
    expect(code).toBe(EXIT_OK);
    const records = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(records.map((each) => [each.url, each.warcRecordId, each.site])).toEqual([
      ['http://news.example/a', '<urn:uuid:2>', 'news.example'],
      ['http://news.example/b', '<urn:uuid:4>', 'news.example'],
    ]);
    // winnow, the default: the story without the menu, and the page's metadata.
    expect(records[0].text).toContain('Thousands of homes lost power on Monday night.');
    expect(records[0].text).not.toContain('Home News');
    expect(records[0].metadata).toEqual({ title: 'Storm hits the coast' });
    expect(stderr).toBe('winnow: 5 records: 2 HTML pages, 1 not responses, 1 non-HTML, 0 truncated, 1 malformed\n');
  });

  it('gives the same records with 2 worker threads, and Markdown with --format markdown', async () => {
    const one = await run(['extract', warc, '--workers', '1', '--format', 'markdown']);
    const two = await run(['extract', warc, '--workers', '2', '--format', 'markdown']);
    expect(two.stdout).toBe(one.stdout);
    const first = JSON.parse(one.stdout.split('\n')[0]);
    expect(first.markdown).toContain('Thousands of homes lost power on Monday night.');
    expect(first.text).toBeUndefined();
    const plain = await run(['extract', warc, '--workers', '1', '--format', 'markdown', '--algo', 'plain']);
    expect(JSON.parse(plain.stdout.split('\n')[0]).markdown).toContain('# Storm hits the coast\n\nThousands of homes');
  });

  it('writes <warc name>.jsonl under --out', async () => {
    const out = path.join(directory, 'out');
    expect((await run(['extract', warc, '--out', out])).code).toBe(EXIT_OK);
    expect(readFileSync(path.join(out, 'small.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it.each([
    [['extract', warc, path.join(FIXTURES, 'site/a.html')], /WARC files or HTML pages, not both/],
    [['extract', warc, '--format', 'html'], /text or markdown/],
    [['extract', warc, '--workers', '0'], /--workers must be a whole number ≥ 1/],
    [['crawl', warc], /crawl needs --out/],
    [['crawl', path.join(FIXTURES, 'site/a.html'), '--out', directory], /reads .warc and .warc.gz files/],
  ])('refuses %j', async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toMatch(message);
  });
});

describe('winnow extract --workers on a folder', () => {
  it('gives what one thread gives, in the same order', async () => {
    const one = await run(['extract', path.join(FIXTURES, 'site'), '--workers', '1', '--format', 'json']);
    const two = await run(['extract', path.join(FIXTURES, 'site'), '--workers', '2', '--format', 'json']);
    expect(one.code).toBe(EXIT_OK);
    expect(two.stdout).toBe(one.stdout);
  });
});
