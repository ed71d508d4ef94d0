import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Page, WinnowError, parseHtml } from '@winnow/dom-blocks';
import { type ClusterOptions, DEFAULT_CLUSTER_OPTIONS, PAPER_THRESHOLDS, clusterStructures, definedOnly } from './cluster.js';
import { dunnIndex, randIndex } from './cluster-indices.js';
import { distanceMatrix } from './distance.js';
import { DEFAULT_STRUCTURE_OPTIONS, type DistanceMeasure, type PageStructure, type StructureOptions, pageStructure } from './structure.js';

const HTML_FILE = /\.(?:html?|xhtml|shtml)$/i;

/** Every HTML file under a folder, sorted by path (iterative: no recursion on folder depth). */
export function htmlFilesUnder(folder: string): string[] {
  const files: string[] = [];
  const pending = [folder];
  while (pending.length) {
    const current = pending.pop() as string;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile() && HTML_FILE.test(entry.name)) files.push(full);
    }
  }
  return files.sort();
}

/**
 * The pages named on a `winnow cluster` command line: HTML files, folders (every HTML file inside), or a
 * JSON list `[{ "html": "path", "site": "label" }]` with paths relative to the list (mixed-dev.json's
 * shape; `site` becomes the page's known template).
 */
export function readClusterInputs(inputs: readonly string[]): Page[] {
  const pages: Page[] = [];
  for (const input of inputs) {
    let stats;
    try {
      stats = statSync(input);
    } catch (cause) {
      throw new WinnowError('UNREADABLE_INPUT', `Cannot read ${input}: give HTML files, a folder of them, or a JSON list.`, { cause });
    }
    if (stats.isDirectory()) {
      for (const file of htmlFilesUnder(input)) pages.push({ id: file, html: new Uint8Array(readFileSync(file)) });
    } else if (/\.json$/i.test(input)) {
      let entries: unknown;
      try {
        entries = JSON.parse(readFileSync(input, 'utf8'));
      } catch (cause) {
        throw new WinnowError('UNREADABLE_INPUT', `${input} is not valid JSON: expected [{ "html": "path", "site": "label" }].`, { cause });
      }
      if (!Array.isArray(entries)) throw new WinnowError('UNREADABLE_INPUT', `${input} must hold a JSON array of { "html", "site" } entries.`);
      for (const entry of entries as Array<{ html?: unknown; site?: unknown }>) {
        if (typeof entry?.html !== 'string') throw new WinnowError('UNREADABLE_INPUT', `${input}: every entry needs an "html" path.`);
        const file = path.resolve(path.dirname(input), entry.html);
        pages.push({ id: file, html: new Uint8Array(readFileSync(file)), site: typeof entry.site === 'string' ? entry.site : undefined });
      }
    } else {
      pages.push({ id: input, html: new Uint8Array(readFileSync(input)) });
    }
  }
  return pages;
}

export interface ClusterReport {
  measure: DistanceMeasure;
  threshold: number;
  method: 'exact' | 'lsh';
  shingleLength: number;
  /** Each cluster's page ids. */
  clusters: string[][];
  /** Against the pages' known sites, when every page has one. */
  rand?: number;
  /** Dunn index of the known sites under the measure (exact inputs only: it needs every distance). */
  dunn?: number;
  comparisons: number;
  milliseconds: { structures: number; clustering: number };
}

/** Clusters pages by template and scores the result when their sites are known (`winnow cluster`). */
export function clusterPages(pages: readonly Page[], options: Partial<ClusterOptions & StructureOptions> = {}): ClusterReport {
  const merged = { ...DEFAULT_CLUSTER_OPTIONS, ...DEFAULT_STRUCTURE_OPTIONS, ...definedOnly(options) };
  const started = performance.now();
  const structures: PageStructure[] = pages.map((page) => pageStructure(parseHtml(page.html, { contentType: page.contentType }), merged));
  const built = performance.now();
  const clustering = clusterStructures(structures, merged);
  const clustered = performance.now();
  const report: ClusterReport = {
    measure: clustering.measure,
    threshold: clustering.threshold ?? PAPER_THRESHOLDS[merged.measure],
    method: clustering.method,
    shingleLength: merged.shingleLength,
    clusters: clustering.clusters.map((members) => members.map((index) => pages[index].id)),
    comparisons: clustering.comparisons,
    milliseconds: { structures: Math.round(built - started), clustering: Math.round(clustered - built) },
  };
  if (pages.length > 0 && pages.every((page) => page.site !== undefined)) {
    const sites = pages.map((page) => page.site);
    report.rand = randIndex(clustering.labels, sites);
    if (clustering.method === 'exact') report.dunn = dunnIndex(distanceMatrix(structures, clustering.measure), sites);
  }
  return report;
}

/** The report as text: one line per cluster, then the indices. */
export function formatClusterReport(report: ClusterReport): string {
  const lines = [
    `${report.clusters.length} clusters of ${report.clusters.reduce((sum, members) => sum + members.length, 0)} pages ` +
      `(${report.measure.toUpperCase()} ≤ ${report.threshold}, shingles of ${report.shingleLength}, ${report.method}, ${report.comparisons} comparisons)`,
  ];
  report.clusters.forEach((members, index) => {
    lines.push(`cluster ${index + 1} (${members.length}): ${members.join(' ')}`);
  });
  if (report.rand !== undefined) lines.push(`Rand index: ${report.rand.toFixed(3)}`);
  if (report.dunn !== undefined) lines.push(`Dunn index: ${Number.isFinite(report.dunn) ? report.dunn.toFixed(3) : String(report.dunn)}`);
  return lines.join('\n');
}
