import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestRecord } from './build-warc.js';
import { buildWarc } from './build-warc.js';

/** Sites of the shared datasets with one template each: CETD's five single-site folders and Debian's five. */
export const DATASET_SITES: readonly { folder: string; pages: string; charset?: string }[] = Object.freeze([
  { folder: 'cetd/arstechnica', pages: 'original' },
  { folder: 'cetd/bbc', pages: 'original' },
  { folder: 'cetd/nytimes', pages: 'original' },
  { folder: 'cetd/wiki', pages: 'original' },
  { folder: 'cetd/yahoo', pages: 'original' },
  { folder: 'debian-sites/django32', pages: 'pages' },
  // The datasets' README: gri's pages are Latin-1. The HTTP header says so, as a server would.
  { folder: 'debian-sites/gri', pages: 'pages', charset: 'iso-8859-1' },
  { folder: 'debian-sites/jsoup-javadoc', pages: 'pages' },
  { folder: 'debian-sites/postgresql15', pages: 'pages' },
  { folder: 'debian-sites/python311', pages: 'pages' },
]);

/** Pages per site in the dataset WARC: 600 HTML pages, over 5,000 records with their assets. */
export const DATASET_PAGES_PER_SITE = 60;

/** The non-HTML responses that follow each page, as a crawler that fetches page assets writes them. */
const ASSETS: readonly [string, string][] = [
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['css', 'text/css'],
  ['js', 'application/javascript'],
  ['json', 'application/json'],
  ['pdf', 'application/pdf'],
  ['svg', 'image/svg+xml'],
];

export function datasetSitesPresent(datasetsDir: string): boolean {
  return DATASET_SITES.every((site) => existsSync(path.join(datasetsDir, site.folder, site.pages)));
}

/**
 * The records of a crawl of the dataset sites (the first `pagesPerSite` pages of each), sites interleaved
 * page by page as a crawler visits them: for each page a request, its HTML response and the page's
 * assets (`ASSETS`: non-HTML responses); every 50th page a robots.txt request, every 97th HTML response
 * marked `WARC-Truncated`, every 250th page a corrupt record; the last record cut short.
 */
export function* datasetRecords(datasetsDir: string, pagesPerSite = DATASET_PAGES_PER_SITE): Generator<TestRecord> {
  yield { kind: 'warcinfo' };
  const sites = DATASET_SITES.map((site) => {
    const folder = path.join(datasetsDir, site.folder, site.pages);
    const files = readdirSync(folder).filter((name) => /\.html?$/.test(name)).sort().slice(0, pagesPerSite);
    return { ...site, host: `${site.folder.replace(/\//g, '-')}.example`, folder, files };
  });
  const longest = Math.max(...sites.map((site) => site.files.length));
  let count = 0;
  for (let index = 0; index < longest; index++) {
    for (const site of sites) {
      const name = site.files[index];
      if (!name) continue;
      count++;
      const url = `http://${site.host}/${name}`;
      yield { kind: 'request', url };
      yield {
        kind: 'html',
        url,
        html: new Uint8Array(readFileSync(path.join(site.folder, name))),
        contentType: site.charset ? `text/html; charset=${site.charset}` : 'text/html',
        truncatedHeader: count % 97 === 0,
      };
      for (const [extension, contentType] of ASSETS) {
        yield { kind: 'non-html', url: `http://${site.host}/assets/${count}.${extension}`, body: `${extension} asset ${count}`, contentType };
      }
      if (count % 50 === 0) yield { kind: 'request', url: `http://${site.host}/robots.txt` };
      if (count % 250 === 0) yield { kind: 'garbage' };
    }
  }
  // A last page cut short by the end of the file.
  yield { kind: 'html', url: `http://${sites[0].host}/the-end.html`, html: readFileSync(path.join(sites[0].folder, sites[0].files[0]), 'utf8') };
}

/** Writes the dataset WARC (gzip per record, last record cut short) to `file`; returns its record count. */
export async function writeDatasetWarc(datasetsDir: string, file: string): Promise<number> {
  let records = 0;
  const counted = (function* () {
    for (const record of datasetRecords(datasetsDir)) {
      records++;
      yield record;
    }
  })();
  const output = createWriteStream(file);
  for await (const chunk of buildWarc(counted, { gzip: true, truncateLast: 100 })) {
    if (!output.write(chunk)) await new Promise<void>((resolve) => output.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => output.end(() => resolve()));
  return records;
}
