import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBytes, WinnowError } from '@winnow/dom-blocks';

/**
 * What a benchmark records about a page beyond its main content (WCXB's `ground_truth`): the page's
 * title, author and publication date, and snippets the extraction must contain (`with`) or must not
 * (`without`, boilerplate).
 */
export interface PageTruth {
  title?: string;
  author?: string;
  /** As the benchmark gives it, usually `YYYY-MM-DD`. */
  published?: string;
  with: string[];
  without: string[];
}

/** One page of an evaluation dataset with its gold main content. */
export interface DatasetPage {
  /** Unique within the dataset, e.g. `cetd/bbc/12`, `site-folders/gri/0003`, `wcxb/forum/0712`. */
  id: string;
  /** The template label: a folder name (`bbc`, `python311`), a host, or the page's own id when it shares a site with no other page. */
  site: string;
  url?: string;
  /** The page's bytes as shipped, ungzipped (decode with the HTML sniffing rules). */
  html: Uint8Array;
  /** The gold main content, decoded, line breaks normalised, annotation markup removed. */
  gold: string;
  /** The kind of page (`article`, `forum`, `product`, ...), where the dataset says (wcxb). */
  pageType?: string;
  /** Title, author, date and must/must-not snippets, where the dataset has them (wcxb). */
  truth?: PageTruth;
}

/**
 * `site-folders`: one folder per site holding `pages/` and `gold/` (debian-sites is one).
 * `wcxb`: the Web Content eXtraction Benchmark's layout, one folder per page type holding `pages/`,
 * `gold/` and `truth/`; its pages come from unrelated sites, so each page is a site of its own.
 */
export type DatasetKind = 'scrapinghub-aeb' | 'cetd' | 'cleaneval' | 'site-folders' | 'wcxb' | 'mixed';

export interface Dataset {
  kind: DatasetKind;
  /** What was loaded, for reports: `cetd/bbc`, `scrapinghub-aeb`. */
  name: string;
  pages: DatasetPage[];
  /** The benchmark's own ground truth, for `aebScore` (scrapinghub-aeb only). */
  groundTruth?: Record<string, { articleBody?: string; url?: string }>;
  /**
   * True when no two pages share a site (wcxb: its folders are page types, not sites), so nothing can be
   * learned from a page's site: the harness refuses `train` > 0 on such a dataset.
   */
  pagesAreSites?: boolean;
}

/** `DATASETS_DIR`, else `../shared/datasets` from the working directory or any of its parents. */
export function defaultDatasetsDir(from = process.cwd()): string {
  if (process.env.DATASETS_DIR) return path.resolve(process.env.DATASETS_DIR);
  let directory = path.resolve(from);
  for (;;) {
    const candidate = path.join(directory, '..', 'shared', 'datasets');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) return path.resolve(from, '..', 'shared', 'datasets');
    directory = parent;
  }
}

/**
 * Gold files are UTF-8, often with a BOM, sometimes Latin-1 (windows-1252), with CRLF: decode to a
 * string with LF line breaks.
 */
export function decodeGold(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = decodeBytes(bytes, 'windows-1252').text;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.replace(/\r\n?/g, '\n');
}

/** CleanEval gold: drop the `URL:` line and the `<p>`, `<h>`, `<l>` paragraph markers. */
export function cleanEvalGold(text: string): string {
  return text
    .replace(/^\s*URL:[^\n]*\n/, '')
    .replace(/<[phl]>/gi, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** Name order with numbers compared as numbers (`2.htm` before `10.htm`). */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

const isDirectory = (candidate: string) => existsSync(candidate) && statSync(candidate).isDirectory();
/** A page file: `.htm`, `.html`, or either gzipped. */
const PAGE_FILE = /\.html?(\.gz)?$/i;
const stem = (file: string) => file.replace(/\.gz$/i, '').replace(/\.[^.]+$/, '');
/** A page file's bytes, ungzipped when its name ends in `.gz`. */
const readPage = (file: string) => new Uint8Array(/\.gz$/i.test(file) ? gunzipSync(readFileSync(file)) : readFileSync(file));
/** A folder of one WCXB page type: `pages/`, `gold/` and `truth/`. */
const isWcxbTypeFolder = (folder: string) => ['pages', 'gold', 'truth'].every((child) => isDirectory(path.join(folder, child)));

/** Which layout a dataset path has, or undefined. */
export function detectDatasetKind(datasetPath: string): DatasetKind | undefined {
  if (datasetPath.endsWith('.json') && existsSync(datasetPath)) return 'mixed';
  if (!isDirectory(datasetPath)) return undefined;
  if (existsSync(path.join(datasetPath, 'ground-truth.json')) && isDirectory(path.join(datasetPath, 'html'))) return 'scrapinghub-aeb';
  if (isDirectory(path.join(datasetPath, 'input')) && isDirectory(path.join(datasetPath, 'GoldStandard'))) return 'cleaneval';
  if (isDirectory(path.join(datasetPath, 'original')) && isDirectory(path.join(datasetPath, 'gold'))) return 'cetd';
  if (isWcxbTypeFolder(datasetPath)) return 'wcxb';
  if (isDirectory(path.join(datasetPath, 'pages')) && isDirectory(path.join(datasetPath, 'gold'))) return 'site-folders';
  const children = readdirSync(datasetPath).filter((child) => isDirectory(path.join(datasetPath, child)));
  if (children.some((child) => isDirectory(path.join(datasetPath, child, 'original')))) return 'cetd';
  if (children.some((child) => isWcxbTypeFolder(path.join(datasetPath, child)))) return 'wcxb';
  if (children.some((child) => isDirectory(path.join(datasetPath, child, 'pages')))) return 'site-folders';
  return undefined;
}

function loadScrapinghub(root: string): Dataset {
  const groundTruth = JSON.parse(readFileSync(path.join(root, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody?: string; url?: string }>;
  const pages = Object.keys(groundTruth)
    .sort(compareNames)
    .map((id): DatasetPage => {
      const file = path.join(root, 'html', `${id}.html.gz`);
      const url = groundTruth[id].url;
      return { id, site: hostOf(url) ?? id, url, html: new Uint8Array(gunzipSync(readFileSync(file))), gold: groundTruth[id].articleBody ?? '' };
    });
  return { kind: 'scrapinghub-aeb', name: path.basename(root), pages, groundTruth };
}

/** Site labels of cetd's `sites.tsv` (`html<TAB>gold<TAB>host`), keyed by the html path. */
function cetdHosts(root: string): Map<string, string> {
  const hosts = new Map<string, string>();
  const file = path.join(root, 'sites.tsv');
  if (!existsSync(file)) return hosts;
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [html, , host] = line.trim().split('\t');
    if (html && host) hosts.set(html, host);
  }
  return hosts;
}

/**
 * The pages of one site folder: `<pagesFolder>/<name>.htm(l)[.gz]` with gold `gold/<name>.txt`, name
 * order. Pages without a gold file are left out.
 */
function loadSiteFolder(siteDir: string, pagesFolder: string, idPrefix: string, siteOf: (file: string) => string): DatasetPage[] {
  const folder = path.basename(siteDir);
  const files = readdirSync(path.join(siteDir, pagesFolder)).filter((file) => PAGE_FILE.test(file)).sort(compareNames);
  const pages: DatasetPage[] = [];
  for (const file of files) {
    const goldFile = path.join(siteDir, 'gold', `${stem(file)}.txt`);
    if (!existsSync(goldFile)) continue;
    pages.push({
      id: `${idPrefix}/${folder}/${stem(file)}`,
      site: siteOf(file),
      html: readPage(path.join(siteDir, pagesFolder, file)),
      gold: decodeGold(readFileSync(goldFile)),
    });
  }
  return pages;
}

function loadCetdSite(siteDir: string, hosts: Map<string, string>): DatasetPage[] {
  const folder = path.basename(siteDir);
  // cetd/chaos pages come from many sites: a page whose host sites.tsv leaves empty is a site of its
  // own, never grouped with unrelated pages under the folder's name.
  const chaos = folder === 'chaos';
  return loadSiteFolder(siteDir, 'original', 'cetd', (file) => hosts.get(`${folder}/original/${file}`) || (chaos ? `${folder}/${stem(file)}` : folder));
}

function loadCetd(datasetPath: string): Dataset {
  if (isDirectory(path.join(datasetPath, 'original'))) {
    const hosts = cetdHosts(path.dirname(datasetPath));
    return { kind: 'cetd', name: `cetd/${path.basename(datasetPath)}`, pages: loadCetdSite(datasetPath, hosts) };
  }
  const hosts = cetdHosts(datasetPath);
  const sites = readdirSync(datasetPath).filter((child) => isDirectory(path.join(datasetPath, child, 'original'))).sort(compareNames);
  return { kind: 'cetd', name: path.basename(datasetPath), pages: sites.flatMap((site) => loadCetdSite(path.join(datasetPath, site), hosts)) };
}

function loadSite(siteDir: string): DatasetPage[] {
  const site = path.basename(siteDir);
  return loadSiteFolder(siteDir, 'pages', 'site-folders', () => site);
}

/** `<root>/<site>/pages/*` or one `<site>/pages/*` folder; the dataset is named after the folder given. */
function loadSiteFolders(datasetPath: string): Dataset {
  if (isDirectory(path.join(datasetPath, 'pages'))) {
    return { kind: 'site-folders', name: `${path.basename(path.dirname(datasetPath))}/${path.basename(datasetPath)}`, pages: loadSite(datasetPath) };
  }
  const sites = readdirSync(datasetPath).filter((child) => isDirectory(path.join(datasetPath, child, 'pages'))).sort(compareNames);
  return { kind: 'site-folders', name: path.basename(datasetPath), pages: sites.flatMap((site) => loadSite(path.join(datasetPath, site))) };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []);

/** A WCXB truth record (`{ url, ground_truth: { title, author, publish_date, with, without } }`). */
function readTruth(file: string): { url?: string; truth: PageTruth } {
  let record: { url?: unknown; ground_truth?: Record<string, unknown> } = {};
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as typeof record;
  } catch (cause) {
    throw new WinnowError('UNREADABLE_INPUT', `${file} is not valid JSON: re-download the dataset's truth/ folder.`, { cause });
  }
  const truth = record.ground_truth ?? {};
  return {
    url: text(record.url),
    truth: { title: text(truth.title), author: text(truth.author), published: text(truth.publish_date), with: texts(truth.with), without: texts(truth.without) },
  };
}

/**
 * One WCXB page-type folder. Each page is a site of its own (`site` = its id): the folder groups pages
 * by kind, not by template, and site algorithms must never learn across it.
 */
function loadWcxbType(typeDir: string): DatasetPage[] {
  const pageType = path.basename(typeDir);
  const files = readdirSync(path.join(typeDir, 'pages')).filter((file) => PAGE_FILE.test(file)).sort(compareNames);
  const pages: DatasetPage[] = [];
  for (const file of files) {
    const name = stem(file);
    const goldFile = path.join(typeDir, 'gold', `${name}.txt`);
    if (!existsSync(goldFile)) continue;
    const truthFile = path.join(typeDir, 'truth', `${name}.json`);
    const { url, truth } = existsSync(truthFile) ? readTruth(truthFile) : { url: undefined, truth: undefined };
    const id = `wcxb/${pageType}/${name}`;
    pages.push({ id, site: id, url, html: readPage(path.join(typeDir, 'pages', file)), gold: decodeGold(readFileSync(goldFile)), pageType, truth });
  }
  return pages;
}

/** All page types of a WCXB split (pages in id order), or one page-type folder. */
function loadWcxb(datasetPath: string): Dataset {
  if (isWcxbTypeFolder(datasetPath)) {
    return { kind: 'wcxb', name: `${path.basename(path.dirname(datasetPath))}/${path.basename(datasetPath)}`, pages: loadWcxbType(datasetPath), pagesAreSites: true };
  }
  const types = readdirSync(datasetPath).filter((child) => isWcxbTypeFolder(path.join(datasetPath, child)));
  const pages = types.flatMap((type) => loadWcxbType(path.join(datasetPath, type))).sort((a, b) => compareNames(path.basename(a.id), path.basename(b.id)));
  return { kind: 'wcxb', name: path.basename(datasetPath), pages, pagesAreSites: true };
}

function loadCleanEval(root: string): Dataset {
  const files = readdirSync(path.join(root, 'input')).filter((file) => PAGE_FILE.test(file)).sort(compareNames);
  const pages: DatasetPage[] = [];
  for (const file of files) {
    const goldFile = path.join(root, 'GoldStandard', `${stem(file)}.txt`);
    if (!existsSync(goldFile)) continue;
    const html = readPage(path.join(root, 'input', file));
    const head = new TextDecoder('latin1').decode(html.subarray(0, 2048));
    const url = /<text[^>]*\bid="([^"]+)"/i.exec(head)?.[1];
    pages.push({ id: `cleaneval/${stem(file)}`, site: hostOf(url) ?? stem(file), url, html, gold: cleanEvalGold(decodeGold(readFileSync(goldFile))) });
  }
  return { kind: 'cleaneval', name: path.basename(root), pages };
}

function loadMixed(file: string): Dataset {
  const base = path.dirname(file);
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { html: string; gold: string; site: string }[];
  const pages = entries.map((entry): DatasetPage => ({
    id: entry.html.replace(/\.[^.]+$/, ''),
    site: entry.site,
    html: readPage(path.join(base, entry.html)),
    gold: decodeGold(readFileSync(path.join(base, entry.gold))),
  }));
  return { kind: 'mixed', name: path.basename(file), pages };
}

/**
 * Loads any layout of `../shared/datasets`: the scrapinghub benchmark, cetd (all of it or one site folder),
 * cleaneval-dev, site folders such as debian-sites (all or one site), WCXB (wcxb-dev: all page types or
 * one) or `mixed-dev.json`. Pages come in name order per site; `.html.gz` pages are ungzipped.
 */
export function loadDataset(datasetPath: string): Dataset {
  const resolved = path.resolve(datasetPath);
  if (!existsSync(resolved)) {
    throw new WinnowError('DATASET_NOT_FOUND', `No dataset at ${resolved}: pass a folder of ../shared/datasets (or set DATASETS_DIR).`);
  }
  const kind = detectDatasetKind(resolved);
  switch (kind) {
    case 'scrapinghub-aeb':
      return loadScrapinghub(resolved);
    case 'cetd':
      return loadCetd(resolved);
    case 'site-folders':
      return loadSiteFolders(resolved);
    case 'wcxb':
      return loadWcxb(resolved);
    case 'cleaneval':
      return loadCleanEval(resolved);
    case 'mixed':
      return loadMixed(resolved);
    default:
      throw new WinnowError(
        'DATASET_NOT_FOUND',
        `${resolved} is not a dataset winnow knows: expected scrapinghub-aeb, cetd[/site], cleaneval-dev, site folders (<site>/pages + <site>/gold, e.g. debian-sites[/site]), wcxb-dev[/type] or mixed-dev.json.`,
      );
  }
}
