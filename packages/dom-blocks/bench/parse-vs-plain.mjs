// Benchmark: linkedom's own parse and parse5's (its default tree) against winnow's parseHtml (parse5's
// tree construction building linkedom nodes) and the `plain` extractor, page by page, interleaved in one
// run so the ratios hold on a noisy machine. Reads the scrapinghub benchmark pages.
// Usage: pnpm bench (after pnpm build); DATASETS_DIR overrides ../shared/datasets.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { parse } from 'parse5';
import { buildBlockTree, extractPlain, htmlToString, parseHtml } from '../dist/index.js';

const datasets = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/datasets');
const folder = path.join(datasets, 'scrapinghub-aeb', 'html');
if (!existsSync(folder)) {
  console.error(`bench: no pages at ${folder} (set DATASETS_DIR)`);
  process.exit(0);
}
const pages = readdirSync(folder).sort().map((file) => new Uint8Array(gunzipSync(readFileSync(path.join(folder, file)))));
/** @param {() => unknown} work */
const time = (work) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};
/** @param {number[]} values */
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[sorted.length >> 1], mean: values.reduce((sum, value) => sum + value, 0) / values.length };
};
/** @type {Record<string, number[]>} */
const rows = { 'linkedom parseHTML (string)': [], 'parse5 parse (string)': [], 'dom-blocks parseHtml (string)': [], 'dom-blocks parseHtml (bytes)': [], 'parseHtml + buildBlockTree': [], 'plain (extractPlain)': [] };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
for (let round = 0; round < ROUNDS; round++) {
  for (const bytes of pages) {
    const html = htmlToString(bytes);
    const record = round > 0; // the first round warms the JIT
    const samples = [
      time(() => parseHTML(html)),
      time(() => parse(html)),
      time(() => parseHtml(html)),
      time(() => parseHtml(bytes)),
      time(() => buildBlockTree(parseHtml(bytes))),
      time(() => extractPlain({ id: 'bench', html: bytes })),
    ];
    if (record) Object.values(rows).forEach((list, index) => list.push(samples[index]));
  }
}
const reference = stats(rows['linkedom parseHTML (string)']).median;
console.log(`scrapinghub-aeb, ${pages.length} pages, Node ${process.version}`);
console.log('stage'.padEnd(32), 'median ms', ' mean ms', ' median ÷ linkedom parse');
for (const [name, values] of Object.entries(rows)) {
  const { median, mean } = stats(values);
  console.log(name.padEnd(32), median.toFixed(2).padStart(9), mean.toFixed(2).padStart(8), (median / reference).toFixed(2).padStart(10));
}
