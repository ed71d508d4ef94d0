/** Dataset access for the scripts (never for the package at run time). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageRoot, '../..');
/** `DATASETS_DIR`, else `../shared/datasets` beside the repository (or beside a worktree's parent folder). */
export const DATASETS_DIR =
  process.env.DATASETS_DIR ??
  [path.resolve(repoRoot, '../shared/datasets'), path.resolve(repoRoot, '../../shared/datasets')].find((candidate) => existsSync(candidate)) ??
  path.resolve(repoRoot, '../shared/datasets');
export const PACKAGE_ROOT = packageRoot;

export interface DatasetPage {
  id: string;
  /** Group for cross-validation and reports: the site. */
  site: string;
  bytes: Uint8Array;
  goldPath?: string;
}

function numericSort(names: string[]): string[] {
  return names.sort((a, b) => (Number.parseInt(a, 10) || 0) - (Number.parseInt(b, 10) || 0) || a.localeCompare(b));
}

export function datasetsAvailable(): boolean {
  return existsSync(DATASETS_DIR);
}

/** cetd pages of one folder (`bbc`, `chaos`, ...), in numeric order. */
export function cetdPages(folder: string): DatasetPage[] {
  const directory = path.join(DATASETS_DIR, 'cetd', folder, 'original');
  const hosts = new Map<string, string>();
  const sites = path.join(DATASETS_DIR, 'cetd', 'sites.tsv');
  if (existsSync(sites)) {
    for (const line of readFileSync(sites, 'utf8').split('\n').slice(1)) {
      const [html, , host] = line.split('\t');
      if (html && host) hosts.set(html, host.trim());
    }
  }
  return numericSort(readdirSync(directory)).map((name) => ({
    id: `cetd/${folder}/${name}`,
    site: hosts.get(`${folder}/original/${name}`) ?? folder,
    bytes: readFileSync(path.join(directory, name)),
    goldPath: path.join(DATASETS_DIR, 'cetd', folder, 'gold', name.replace(/\.html?$/, '.txt')),
  }));
}

export function aebPages(): DatasetPage[] {
  const directory = path.join(DATASETS_DIR, 'scrapinghub-aeb', 'html');
  const truth = JSON.parse(readFileSync(path.join(DATASETS_DIR, 'scrapinghub-aeb', 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  return readdirSync(directory).sort().map((name) => {
    const id = name.replace(/\.html\.gz$/, '');
    let site = id;
    try {
      site = new URL(truth[id]?.url ?? '').host;
    } catch {}
    return { id: `aeb/${id}`, site, bytes: gunzipSync(readFileSync(path.join(directory, name))) };
  });
}

export function cleanevalPages(): DatasetPage[] {
  const directory = path.join(DATASETS_DIR, 'cleaneval-dev', 'input');
  return numericSort(readdirSync(directory)).map((name) => ({ id: `cleaneval/${name}`, site: `cleaneval/${name}`, bytes: readFileSync(path.join(directory, name)) }));
}

export function debianPages(site: string): DatasetPage[] {
  const directory = path.join(DATASETS_DIR, 'debian-sites', site, 'pages');
  return readdirSync(directory).sort().map((name) => ({ id: `debian/${site}/${name}`, site, bytes: readFileSync(path.join(directory, name)) }));
}

/** Every k-th item (a deterministic, evenly spread sample). */
export function everyNth<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)]);
}
