/**
 * The figures of Gottron 2008 on winnow's datasets (README, "Figures"). Run from the package folder:
 *   pnpm bench                          # every section
 *   pnpm bench -- mixed matrix lsh df   # some sections
 *   pnpm bench -- links debian          # opt-in: §3 on mirrored debian-sites; df on debian-sites too
 * Reads DATASETS_DIR (default ../shared/datasets from the repository root). Metrics, loaders and
 * the Readability peer come from @winnow/eval (a devDependency).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPlain, parseHtml, type Page } from '@winnow/dom-blocks';
import { defaultDatasetsDir, dunnIndex, extractWithReadability, lcsWordScores, loadDataset, randIndex } from '@winnow/eval';
import {
  DISTANCE_MEASURES,
  PAPER_THRESHOLDS,
  clusterStructures,
  distanceAt,
  distanceHistogram,
  distanceMatrix,
  extractWithTemplateModel,
  extractFromSiteFolder,
  learnTemplateModel,
  lshBandsFor,
  pageStructure,
  type DistanceMeasure,
  type PageStructure,
} from '../src/index.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageDir, '../..');
// DATASETS_DIR, else ../shared/datasets beside the repository (or a parent of it, for worktrees).
const datasetsDir = defaultDatasetsDir(repoRoot);
if (!existsSync(datasetsDir)) {
  console.log(`datasets not found at ${datasetsDir}: set DATASETS_DIR`);
  process.exit(0);
}
const sections = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
const wants = (name: string) => sections.size === 0 || sections.has(name);
const fixed = (value: number, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));

// ---- mixed-dev.json: Rand and Dunn at the paper's thresholds, Fig. 2 histograms -----------------------
if (wants('mixed')) {
  const list: Array<{ html: string; site: string }> = JSON.parse(readFileSync(path.join(datasetsDir, 'mixed-dev.json'), 'utf8'));
  const sites = list.map((entry) => entry.site);
  const documents = list.map((entry) => parseHtml(new Uint8Array(readFileSync(path.join(datasetsDir, entry.html)))));
  for (const shingleLength of [8, 4]) {
    const structures = documents.map((document) => pageStructure(document, { shingleLength }));
    console.log(`\n## mixed-dev.json (${list.length} pages, 10 sites), shingles of ${shingleLength}\n`);
    console.log('| measure | threshold | clusters | Rand | Dunn | max within | min between |');
    console.log('|---|---|---|---|---|---|---|');
    const histograms: string[] = [];
    for (const measure of DISTANCE_MEASURES) {
      const matrix = distanceMatrix(structures, measure);
      const clustering = clusterStructures(structures, { measure });
      let within = 0;
      let between = 1;
      for (let i = 0; i < sites.length; i++) {
        for (let j = i + 1; j < sites.length; j++) {
          const d = distanceAt(matrix, i, j);
          if (sites[i] === sites[j]) within = Math.max(within, d);
          else between = Math.min(between, d);
        }
      }
      console.log(
        `| ${measure.toUpperCase()} | ${PAPER_THRESHOLDS[measure]} | ${clustering.clusters.length} | ${fixed(randIndex(clustering.labels, sites))} | ` +
          `${fixed(dunnIndex(sites, (i, j) => distanceAt(matrix, i, j)))} | ${fixed(within)} | ${fixed(between)} |`,
      );
      if (shingleLength === 8) {
        const bins = distanceHistogram(matrix, 20);
        const largest = Math.max(...bins.map((bin) => bin.count));
        histograms.push(`\n${measure.toUpperCase()} distances (${(sites.length * (sites.length - 1)) / 2} pairs; bar length ∝ log(1 + count), as Fig. 2's log scale)`);
        for (const bin of bins) {
          const bar = '#'.repeat(Math.round((40 * Math.log1p(bin.count)) / Math.log1p(largest)));
          histograms.push(`${bin.from.toFixed(2)}–${bin.to.toFixed(2)} ${String(bin.count).padStart(5)} ${bar}`);
        }
      }
    }
    if (histograms.length) console.log(['\n```', ...histograms, '```'].join('\n'));
  }
}

// ---- Pages drawn from cetd and debian-sites, round robin over sites ----------------------------------
function drawPages(count: number): Page[] {
  const lists: Page[][] = [];
  for (const dataset of ['cetd', 'debian-sites']) {
    const loaded = loadDataset(path.join(datasetsDir, dataset));
    const bySite = new Map<string, Page[]>();
    for (const page of loaded.pages) {
      const item: Page = { id: page.id, html: page.html, site: page.site };
      const list = bySite.get(page.site) ?? [];
      list.push(item);
      bySite.set(page.site, list);
    }
    lists.push(...bySite.values());
  }
  const drawn: Page[] = [];
  for (let round = 0; drawn.length < count; round++) {
    let added = false;
    for (const list of lists) {
      if (round < list.length && drawn.length < count) {
        drawn.push(list[round]);
        added = true;
      }
    }
    if (!added) break;
  }
  return drawn;
}

let drawn: { pages: Page[]; structures: PageStructure[]; parseMs: number[] } | undefined;
function drawnStructures(count: number) {
  if (!drawn || drawn.pages.length < count) {
    const pages = drawPages(count);
    const parseMs: number[] = [];
    const structures = pages.map((page) => {
      const started = performance.now();
      const document = parseHtml(page.html);
      parseMs.push(performance.now() - started);
      return pageStructure(document);
    });
    drawn = { pages, structures, parseMs };
  }
  return drawn;
}

// ---- Fig. 1: time to compute the distance matrix against the number of pages --------------------------
if (wants('matrix')) {
  const { pages, structures, parseMs } = drawnStructures(1000);
  console.log(`\n## Distance matrix time (paper Fig. 1): ${pages.length} pages drawn round robin from cetd and debian-sites\n`);
  console.log('| pages | pairs | CP ms | CPS ms | CTSS ms | linkedom parse of the pages, ms | CP / parse | CTSS / parse |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const count of [100, 200, 400, 600, 800, 1000].filter((n) => n <= pages.length)) {
    const subset = structures.slice(0, count);
    const times = DISTANCE_MEASURES.map((measure) => {
      const started = performance.now();
      distanceMatrix(subset, measure);
      return performance.now() - started;
    });
    const parse = parseMs.slice(0, count).reduce((sum, ms) => sum + ms, 0);
    console.log(
      `| ${count} | ${(count * (count - 1)) / 2} | ${times.map((ms) => ms.toFixed(0)).join(' | ')} | ${parse.toFixed(0)} | ` +
        `${(times[0] / parse).toFixed(2)} | ${(times[2] / parse).toFixed(2)} |`,
    );
  }
  const sizes = DISTANCE_MEASURES.map((measure) => {
    const lengths = structures.map((structure) => (measure === 'cp' ? structure.paths : measure === 'cps' ? structure.pathShingles : structure.tagShingles).length);
    return `${measure.toUpperCase()} ${fixed(lengths.reduce((a, b) => a + b, 0) / lengths.length, 0)}`;
  });
  console.log(`\nMean set size per page: ${sizes.join(', ')}.`);
}

// ---- The LSH path on 10,000 pages --------------------------------------------------------------------
/** A variation of a page's structure: each hash dropped with probability `drop`, `add` × size new ones. */
function vary(set: Uint32Array, random: () => number, drop: number, add: number): Uint32Array {
  const values: number[] = [];
  for (const value of set) if (random() >= drop) values.push(value);
  const extra = Math.round(set.length * add * random());
  for (let index = 0; index < extra; index++) values.push((random() * 0x100000000) >>> 0);
  const result = Uint32Array.from(new Set(values));
  result.sort();
  return result;
}
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (wants('lsh')) {
  const { pages, structures } = drawnStructures(1000);
  const random = seeded(42);
  const total = 10_000;
  const variants: PageStructure[] = [];
  const sites: string[] = [];
  for (let index = 0; index < total; index++) {
    const base = index % structures.length;
    const structure = structures[base];
    variants.push({
      paths: vary(structure.paths, random, 0.05, 0.05),
      pathShingles: vary(structure.pathShingles, random, 0.05, 0.05),
      tagShingles: vary(structure.tagShingles, random, 0.05, 0.05),
    });
    sites.push(pages[base].site as string);
  }
  console.log(`\n## The LSH path: ${total} variations of the ${structures.length} drawn pages (5% of each set dropped, up to 5% random hashes added)\n`);
  console.log('| measure | pages | method | bands × rows | ms | comparisons | clusters | Rand vs sites | Rand vs exact |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const measure of DISTANCE_MEASURES) {
    const exactCount = 2000;
    const exactSubset = variants.slice(0, exactCount);
    const exactStarted = performance.now();
    const exact = clusterStructures(exactSubset, { measure, exactLimit: Infinity });
    const exactMs = performance.now() - exactStarted;
    console.log(
      `| ${measure.toUpperCase()} | ${exactCount} | exact | — | ${exactMs.toFixed(0)} | ${exact.comparisons} | ${exact.clusters.length} | ` +
        `${fixed(randIndex(exact.labels, sites.slice(0, exactCount)))} | 1.000 |`,
    );
    const runs: Array<[number, { lshBands?: number; lshRows?: number }]> = [
      [exactCount, {}],
      [exactCount, { lshBands: 16, lshRows: 4 }],
      [total, {}],
    ];
    for (const [count, lshOptions] of runs) {
      const subset = variants.slice(0, count);
      const started = performance.now();
      const lsh = clusterStructures(subset, { measure, exactLimit: 0, ...lshOptions });
      const ms = performance.now() - started;
      const bands = lshOptions.lshBands ?? lshBandsFor(PAPER_THRESHOLDS[measure], 1, 0.9);
      console.log(
        `| ${measure.toUpperCase()} | ${count} | lsh | ${bands} × ${lshOptions.lshRows ?? 1} | ${ms.toFixed(0)} | ${lsh.comparisons} | ${lsh.clusters.length} | ` +
          `${fixed(randIndex(lsh.labels, sites.slice(0, count)))} | ${count === exactCount ? fixed(randIndex(lsh.labels, exact.labels)) : '—'} |`,
      );
    }
  }
}

// ---- Table 3: DF extraction on cetd's single-site folders, leave-one-out -----------------------------
interface Scores {
  precision: number;
  recall: number;
  f1: number;
}
function meanScores(list: Scores[]): Scores {
  const mean = (key: keyof Scores) => list.reduce((sum, scores) => sum + scores[key], 0) / Math.max(1, list.length);
  return { precision: mean('precision'), recall: mean('recall'), f1: mean('f1') };
}

if (wants('df')) {
  const targets = [
    ...['arstechnica', 'bbc', 'nytimes', 'wiki', 'yahoo'].map((site) => path.join('cetd', site)),
    ...(sections.has('debian') ? ['django32', 'gri', 'jsoup-javadoc', 'postgresql15', 'python311'].map((site) => path.join('debian-sites', site)) : []),
  ];
  const methods = ['cluster CP', 'cluster CPS', 'cluster CTSS', 'plain', 'readability'];
  console.log("\n## DF template detection (paper Table 3 shape): each page's linked set = the site's other pages; macro-averaged LCS word scores\n");
  console.log(`| site | pages | ${methods.map((method) => `${method} P / R / F1`).join(' | ')} | fallbacks (CP) |`);
  console.log(`|---|---|${methods.map(() => '---|').join('')}---|`);
  const overall = new Map<string, Scores[]>(methods.map((method) => [method, []]));
  for (const target of targets) {
    const dataset = loadDataset(path.join(datasetsDir, target));
    const pages: Page[] = dataset.pages.map((page) => ({ id: page.id, html: page.html, site: page.site }));
    const perMethod = new Map<string, Scores[]>(methods.map((method) => [method, []]));
    let fallbacks = 0;
    for (const measure of ['cp', 'cps', 'ctss'] as DistanceMeasure[]) {
      const model = learnTemplateModel(pages, { measure });
      pages.forEach((page, index) => {
        const extraction = extractWithTemplateModel(model, page, { measure });
        if (measure === 'cp' && extraction.notes[0]?.includes('fell back')) fallbacks++;
        perMethod.get(`cluster ${measure.toUpperCase()}`)?.push(lcsWordScores(extraction.text, dataset.pages[index].gold));
      });
    }
    pages.forEach((page, index) => {
      perMethod.get('plain')?.push(lcsWordScores(extractPlain(page).text, dataset.pages[index].gold));
      perMethod.get('readability')?.push(lcsWordScores(extractWithReadability(page).text, dataset.pages[index].gold));
    });
    const cells = methods.map((method) => {
      const list = perMethod.get(method) as Scores[];
      overall.get(method)?.push(...list);
      const mean = meanScores(list);
      return `${fixed(mean.precision)} / ${fixed(mean.recall)} / **${fixed(mean.f1)}**`;
    });
    console.log(`| ${target} | ${pages.length} | ${cells.join(' | ')} | ${fallbacks} |`);
  }
  const cells = methods.map((method) => {
    const mean = meanScores(overall.get(method) as Scores[]);
    return `${fixed(mean.precision)} / ${fixed(mean.recall)} / **${fixed(mean.f1)}**`;
  });
  console.log(`| all | ${(overall.get('plain') as Scores[]).length} | ${cells.join(' | ')} | |`);
}

// ---- §3 end to end: debian-sites mirrored under their original paths, each page's links followed ------
if (sections.has('links')) {
  const perSite = Number(process.env.LINKS_PAGES ?? 20);
  const maxLinkedPages = 30;
  const mirror = mkdtempSync(path.join(tmpdir(), 'winnow-mirror-'));
  console.log(
    `\n## Training sets from links (Gottron 2008 §3): debian-sites copied under their original paths; first ${perSite} pages per site, ` +
      `at most ${maxLinkedPages} linked pages each; macro-averaged LCS word scores\n`,
  );
  console.log('| site | pages | linked pages followed (mean) | training set (mean) | fallbacks | cluster CP P / R / F1 | plain P / R / F1 |');
  console.log('|---|---|---|---|---|---|---|');
  try {
    for (const site of ['django32', 'gri', 'jsoup-javadoc', 'postgresql15', 'python311']) {
      const siteDir = path.join(datasetsDir, 'debian-sites', site);
      const meta = JSON.parse(readFileSync(path.join(siteDir, 'meta.json'), 'utf8'));
      const root = path.join(mirror, site);
      const files: Array<{ file: string; gold: string }> = [];
      for (const entry of meta.pages as Array<{ n: string; path: string }>) {
        const relative = entry.path.startsWith(meta.selection.root) ? entry.path.slice(meta.selection.root.length + 1) : entry.path;
        const file = path.join(root, relative);
        mkdirSync(path.dirname(file), { recursive: true });
        copyFileSync(path.join(siteDir, 'pages', `${entry.n}.html`), file);
        files.push({ file, gold: path.join(siteDir, 'gold', `${entry.n}.txt`) });
      }
      const cluster: Scores[] = [];
      const plain: Scores[] = [];
      let followed = 0;
      let training = 0;
      let fallbacks = 0;
      for (const { file, gold } of files.slice(0, perSite)) {
        const goldText = readFileSync(gold, 'utf8');
        const extraction = extractFromSiteFolder(file, root, { maxLinkedPages });
        followed += Number(/^followed (\d+)/.exec(extraction.notes[0])?.[1] ?? 0);
        training += Number(/^training set: (\d+)/.exec(extraction.notes[1])?.[1] ?? 0);
        if (extraction.notes[1]?.includes('fell back')) fallbacks++;
        cluster.push(lcsWordScores(extraction.text, goldText));
        plain.push(lcsWordScores(extractPlain({ id: file, html: new Uint8Array(readFileSync(file)) }).text, goldText));
      }
      const count = Math.min(perSite, files.length);
      const format = (list: Scores[]) => {
        const mean = meanScores(list);
        return `${fixed(mean.precision)} / ${fixed(mean.recall)} / **${fixed(mean.f1)}**`;
      };
      console.log(`| ${site} | ${count} | ${fixed(followed / count, 1)} | ${fixed(training / count, 1)} | ${fallbacks} | ${format(cluster)} | ${format(plain)} |`);
    }
  } finally {
    rmSync(mirror, { recursive: true, force: true });
  }
}
