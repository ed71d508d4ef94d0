import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWarcBytes, type TestRecord } from './build-warc.js';

/** A page of a small templated site: the same header, menu and footer, an article of its own. */
export function sitePage(site: string, number: number): string {
  const words = ['river', 'stone', 'harbour', 'lantern', 'meadow', 'copper', 'signal', 'orchard'];
  const sentence = (k: number) => `${words[(number + k) % 8]} ${words[(number * 3 + k) % 8]} number ${number} of ${site} went on for a while, line ${k}.`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${site} ${number}</title></head><body>
<div id="header"><a href="/">${site} home</a> <a href="/news">News</a> <a href="/about">About us</a></div>
<div id="menu"><ul><li><a href="/a">Section A</a></li><li><a href="/b">Section B</a></li><li><a href="/c">Section C</a></li></ul></div>
<div id="main"><h1>Story ${number} on ${site}</h1><p>${sentence(1)} ${sentence(2)}</p><p>${sentence(3)} ${sentence(4)} ${sentence(5)}</p></div>
<div id="footer">Copyright ${site}. All rights reserved. Contact the editors.</div>
</body></html>`;
}

/** Records of `sites` sites, interleaved, with every kind of record the reader must count. */
export function fixtureRecords(sites = 3, pagesPerSite = 12): TestRecord[] {
  const records: TestRecord[] = [{ kind: 'warcinfo' }];
  for (let number = 1; number <= pagesPerSite; number++) {
    for (let s = 0; s < sites; s++) {
      const site = `site${s}.example`;
      records.push({ kind: 'request', url: `http://${site}/story/${number}` });
      records.push({ kind: 'html', url: `http://${site}/story/${number}`, html: sitePage(site, number) });
      if (number % 5 === 0) records.push({ kind: 'non-html', url: `http://${site}/img/${number}.png`, body: new Uint8Array([137, 80, 78, 71, number]), contentType: 'image/png' });
    }
    if (number % 6 === 0) records.push({ kind: 'garbage' });
    if (number % 7 === 0) records.push({ kind: 'html', url: `http://site0.example/cut/${number}`, html: sitePage('site0.example', number), truncatedHeader: true });
  }
  records.push({ kind: 'html', url: 'http://site1.example/last', html: sitePage('site1.example', 99) });
  return records;
}

/** Writes a fixture WARC (gzipped per record, its last record cut short) to a new temporary folder. */
export async function writeFixtureWarc(sites = 3, pagesPerSite = 12): Promise<{ directory: string; file: string }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'winnow-crawl-'));
  const file = path.join(directory, 'fixture.warc.gz');
  writeFileSync(file, await buildWarcBytes(fixtureRecords(sites, pagesPerSite), { gzip: true, truncateLast: 40 }));
  return { directory, file };
}
