import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEvalGold, compareNames, decodeGold, detectDatasetKind, loadDataset } from './datasets.js';

/** Temporary folders made by these tests, removed after them. */
const temporary: string[] = [];
function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of temporary.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('dataset loaders', () => {
  it('decodes gold files: BOM, CRLF and Latin-1', () => {
    expect(decodeGold(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x62]))).toBe('a\nb');
    expect(decodeGold(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });

  it('strips CleanEval markup', () => {
    expect(cleanEvalGold('URL: http://x.org/\n\n<p>First para\n<h>  Heading\n<l> * item\n')).toBe('First para\nHeading\n* item');
  });

  it('orders names numerically', () => {
    expect(['10.htm', '2.htm', '1.htm'].sort(compareNames)).toEqual(['1.htm', '2.htm', '10.htm']);
  });

  it('reads a cetd-like site folder in name order', () => {
    const root = temporaryDirectory('winnow-cetd-');
    const site = path.join(root, 'news');
    mkdirSync(path.join(site, 'original'), { recursive: true });
    mkdirSync(path.join(site, 'gold'));
    for (const name of ['10', '2']) {
      writeFileSync(path.join(site, 'original', `${name}.htm`), `<p>page ${name}</p>`);
      writeFileSync(path.join(site, 'gold', `${name}.txt`), `page ${name}\r\n`);
    }
    expect(detectDatasetKind(site)).toBe('cetd');
    expect(detectDatasetKind(root)).toBe('cetd');
    const dataset = loadDataset(site);
    expect(dataset.pages.map((page) => [page.id, page.site, page.gold])).toEqual([
      ['cetd/news/2', 'news', 'page 2\n'],
      ['cetd/news/10', 'news', 'page 10\n'],
    ]);
  });

  it('says clearly when a dataset is missing or unknown', () => {
    expect(() => loadDataset('/nonexistent/dataset')).toThrow(/No dataset at/);
    expect(() => loadDataset(temporaryDirectory('winnow-empty-'))).toThrow(/not a dataset winnow knows/);
  });
});
