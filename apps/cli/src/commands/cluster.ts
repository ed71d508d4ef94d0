import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseHtml, WinnowError, type Page } from '@winnow/dom-blocks';
import { dunnIndex, randIndex } from '@winnow/eval';
import {
  DEFAULT_CLUSTER_OPTIONS,
  DEFAULT_STRUCTURE_OPTIONS,
  DISTANCE_MEASURES,
  clusterStructures,
  distanceMatrix,
  distanceAt,
  type DistanceMeasure,
  pageStructure,
} from '@winnow/template-cluster';
import { readPages } from '../inputs.js';

export interface ClusterCommandOptions {
  /** HTML files, folders, or JSON lists `[{ "html": "path", "site": "label" }]` (mixed-dev.json's shape). */
  inputs: string[];
  distance?: DistanceMeasure;
  /** Default: the paper's threshold for the distance (CP 0.7, CPS 0.6, CTSS 0.85). */
  threshold?: number;
  shingleLength?: number;
}

export interface ClusterReport {
  measure: DistanceMeasure;
  threshold: number;
  shingleLength: number;
  method: 'exact' | 'lsh';
  pages: number;
  /** Each cluster's page ids, clusters in order of their first page. */
  clusters: string[][];
  /** Against the pages' known sites, when every page has one. */
  rand?: number;
  /** Dunn index of the known sites under the distance (exact runs only: it needs every distance). */
  dunn?: number;
  comparisons: number;
  ms: { structures: number; clustering: number };
}

/** Reads a JSON list of pages with their template labels; paths are relative to the list. */
export function readPageList(file: string): Page[] {
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new WinnowError('UNREADABLE_INPUT', `${file} is not a readable JSON list: expected [{ "html": "path", "site": "label" }].`, { cause });
  }
  if (!Array.isArray(entries)) throw new WinnowError('UNREADABLE_INPUT', `${file} must hold a JSON array of { "html", "site" } entries.`);
  return entries.map((entry: { html?: unknown; site?: unknown }, index) => {
    if (typeof entry?.html !== 'string') throw new WinnowError('UNREADABLE_INPUT', `${file}: entry ${index} has no "html" path.`);
    const html = path.resolve(path.dirname(file), entry.html);
    try {
      return { id: html, html: new Uint8Array(readFileSync(html)), site: typeof entry.site === 'string' ? entry.site : undefined };
    } catch (cause) {
      throw new WinnowError('UNREADABLE_INPUT', `${file}: cannot read ${html}.`, { cause });
    }
  });
}

async function readClusterInputs(inputs: readonly string[]): Promise<Page[]> {
  const pages: Page[] = [];
  for (const input of inputs) {
    const isList = /\.json$/i.test(input) && statSync(input, { throwIfNoEntry: false })?.isFile();
    for (const page of isList ? readPageList(input) : (await readPages([input])).pages) pages.push(page);
  }
  return pages;
}

/** `winnow cluster`: clusters pages by template (Gottron 2008 §5), scored when their sites are known. */
export async function runCluster(options: ClusterCommandOptions): Promise<ClusterReport> {
  const measure = options.distance ?? DEFAULT_CLUSTER_OPTIONS.measure;
  if (!DISTANCE_MEASURES.includes(measure)) {
    throw new WinnowError('INVALID_OPTIONS', `--distance must be one of ${DISTANCE_MEASURES.join(', ')}, not "${measure}".`);
  }
  const shingleLength = options.shingleLength ?? DEFAULT_STRUCTURE_OPTIONS.shingleLength;
  const pages = await readClusterInputs(options.inputs);
  const started = performance.now();
  const structures = pages.map((page) => pageStructure(parseHtml(page.html), { shingleLength }));
  const built = performance.now();
  const clustering = clusterStructures(structures, { measure, threshold: options.threshold });
  const clustered = performance.now();
  const report: ClusterReport = {
    measure,
    threshold: clustering.threshold,
    shingleLength,
    method: clustering.method,
    pages: pages.length,
    clusters: clustering.clusters.map((members) => members.map((index) => pages[index].id)),
    comparisons: clustering.comparisons,
    ms: { structures: Math.round(built - started), clustering: Math.round(clustered - built) },
  };
  if (pages.length > 0 && pages.every((page) => page.site !== undefined)) {
    const sites = pages.map((page) => page.site as string);
    report.rand = randIndex(clustering.labels, sites);
    if (clustering.method === 'exact') {
      const matrix = distanceMatrix(structures, measure);
      report.dunn = dunnIndex(sites, (i, j) => distanceAt(matrix, i, j));
    }
  }
  return report;
}

function formatIndex(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : String(value);
}

/** The report for people: a summary line, one line per cluster, then the indices. */
export function formatClusterReport(report: ClusterReport): string {
  const lines = [
    `${report.clusters.length} cluster${report.clusters.length === 1 ? '' : 's'} of ${report.pages} pages ` +
      `(${report.measure.toUpperCase()} ≤ ${report.threshold}, shingles of ${report.shingleLength}, ${report.method}, ` +
      `${report.comparisons} comparisons, ${report.ms.structures + report.ms.clustering} ms)`,
  ];
  report.clusters.forEach((members, index) => lines.push(`cluster ${index + 1} (${members.length}): ${members.join(' ')}`));
  if (report.rand !== undefined) lines.push(`Rand index: ${formatIndex(report.rand)}`);
  if (report.dunn !== undefined) lines.push(`Dunn index: ${formatIndex(report.dunn)}`);
  return lines.join('\n');
}
