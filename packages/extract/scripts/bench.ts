/*
 * Speed against Readability in the same run: for every page of a dataset, Readability 0.6 + linkedom
 * (@winnow/eval's peer, its parse included) and winnow's extract, interleaved page by page so machine load
 * falls on both alike; prints the median and mean ms/page of each and their ratio.
 *
 *   tsx scripts/bench.ts [dataset folder, default scrapinghub-aeb] [rounds, default 2]
 */
import path from 'node:path';
import { defaultDatasetsDir, loadDataset, readabilityExtractor, toPage } from '@winnow/eval';
import { extract } from '../src/extract.js';

const dataset = loadDataset(path.resolve(defaultDatasetsDir(), process.argv[2] ?? 'scrapinghub-aeb'));
const rounds = Number(process.argv[3] ?? 2);
const times = { readability: [] as number[], winnow: [] as number[] };
for (let round = 0; round < rounds; round++) {
  for (const datasetPage of dataset.pages) {
    const page = toPage(datasetPage);
    const order = round % 2 ? (['winnow', 'readability'] as const) : (['readability', 'winnow'] as const);
    for (const name of order) {
      const started = performance.now();
      if (name === 'readability') readabilityExtractor.extract(page);
      else extract(page);
      times[name].push(performance.now() - started);
    }
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const summary = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, { medianMs: Number(median(values).toFixed(2)), meanMs: Number(mean(values).toFixed(2)) }]));
console.log(JSON.stringify({ dataset: dataset.name, pages: dataset.pages.length, rounds, ...summary, medianRatio: Number((median(times.winnow) / median(times.readability)).toFixed(3)) }));
