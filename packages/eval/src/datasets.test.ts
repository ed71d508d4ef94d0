import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
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

  it('reads site folders, gzipped pages too, and names them site-folders', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'winnow-sites-'));
    const site = path.join(root, 'docs');
    mkdirSync(path.join(site, 'pages'), { recursive: true });
    mkdirSync(path.join(site, 'gold'));
    writeFileSync(path.join(site, 'pages', '0001.html'), '<p>one</p>');
    writeFileSync(path.join(site, 'pages', '0002.html.gz'), gzipSync('<p>two</p>'));
    for (const name of ['0001', '0002']) writeFileSync(path.join(site, 'gold', `${name}.txt`), name);
    expect(detectDatasetKind(root)).toBe('site-folders');
    const dataset = loadDataset(root);
    expect(dataset.kind).toBe('site-folders');
    expect(dataset.pages.map((page) => [page.id, page.site, new TextDecoder().decode(page.html)])).toEqual([
      ['site-folders/docs/0001', 'docs', '<p>one</p>'],
      ['site-folders/docs/0002', 'docs', '<p>two</p>'],
    ]);
    expect(loadDataset(site).name).toBe(`${path.basename(root)}/docs`);
  });

  it('reads a WCXB split: page types kept, truth read, every page a site of its own', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'winnow-wcxb-'));
    const write = (type: string, id: string, truth: unknown) => {
      for (const folder of ['pages', 'gold', 'truth']) mkdirSync(path.join(root, type, folder), { recursive: true });
      writeFileSync(path.join(root, type, 'pages', `${id}.html.gz`), gzipSync(`<h1>Page ${id}</h1>`));
      writeFileSync(path.join(root, type, 'gold', `${id}.txt`), `Page ${id}`);
      writeFileSync(path.join(root, type, 'truth', `${id}.json`), JSON.stringify(truth));
    };
    write('forum', '0002', { url: 'https://forum.example/t/2', ground_truth: { title: 'Two', author: null, with: ['Page'], without: [] } });
    write('article', '0003', { url: 'https://news.example/a', ground_truth: { title: 'Three', author: 'Ann Lee', publish_date: '2024-05-01', with: ['Page 0003'], without: ['Menu'] } });
    write('article', '0001', { ground_truth: { title: 'One', with: 'not a list' } });
    expect(detectDatasetKind(root)).toBe('wcxb');
    const dataset = loadDataset(root);
    expect(dataset).toMatchObject({ kind: 'wcxb', pagesAreSites: true });
    expect(dataset.pages.map((page) => [page.id, page.site, page.pageType, page.url])).toEqual([
      ['wcxb/article/0001', 'wcxb/article/0001', 'article', undefined],
      ['wcxb/forum/0002', 'wcxb/forum/0002', 'forum', 'https://forum.example/t/2'],
      ['wcxb/article/0003', 'wcxb/article/0003', 'article', 'https://news.example/a'],
    ]);
    expect(dataset.pages.map((page) => page.truth)).toEqual([
      { title: 'One', author: undefined, published: undefined, with: [], without: [] },
      { title: 'Two', author: undefined, published: undefined, with: ['Page'], without: [] },
      { title: 'Three', author: 'Ann Lee', published: '2024-05-01', with: ['Page 0003'], without: ['Menu'] },
    ]);
    expect(new TextDecoder().decode(dataset.pages[0].html)).toBe('<h1>Page 0001</h1>');
    const oneType = loadDataset(path.join(root, 'forum'));
    expect([oneType.kind, oneType.name, oneType.pages.length]).toEqual(['wcxb', `${path.basename(root)}/forum`, 1]);
  });

  it('says clearly when a dataset is missing or unknown', () => {
    expect(() => loadDataset('/nonexistent/dataset')).toThrow(/No dataset at/);
    expect(() => loadDataset(temporaryDirectory('winnow-empty-'))).toThrow(/not a dataset winnow knows/);
  });
});
