/*
 * The WCXB bag-of-words F1 (the benchmark's evaluate.py: lower-cased `\w+` tokens, multiset overlap, mean of
 * page F1 over all pages, an empty gold scores 1 when the prediction is empty, else 0) of winnow's extractor
 * and Readability on wcxb-dev, by page type.
 *
 *   tsx scripts/wcxb.ts [all|validation] [winnow|readability|both]
 *   REGION_THRESHOLD=0 tsx scripts/wcxb.ts all   # winnow without its main-region step (`regionThreshold`)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { defaultDatasetsDir, readabilityExtractor } from '@winnow/eval';
import { extract } from '../src/extract.js';

const TOKEN = /\w+/gu;

export function bagF1(predicted: string, gold: string): number {
  const goldTokens = gold.toLowerCase().match(TOKEN) ?? [];
  const predictedTokens = predicted.toLowerCase().match(TOKEN) ?? [];
  if (goldTokens.length === 0) return predictedTokens.length === 0 ? 1 : 0;
  if (predictedTokens.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const token of goldTokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  let overlap = 0;
  for (const token of predictedTokens) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(token, left - 1);
    }
  }
  return (2 * overlap) / (goldTokens.length + predictedTokens.length);
}

const regionOptions = process.env.REGION_THRESHOLD === undefined ? {} : { regionThreshold: Number(process.env.REGION_THRESHOLD) };

function main(): void {
  const which = process.argv[2] ?? 'validation';
  const algos = (process.argv[3] ?? 'winnow') === 'both' ? ['winnow', 'readability'] : [process.argv[3] ?? 'winnow'];
  const root = path.join(defaultDatasetsDir(), 'wcxb-dev');
  const lines = readFileSync(path.join(root, 'manifest.tsv'), 'utf8').trim().split('\n').slice(1);
  const scores = new Map<string, Map<string, number[]>>();
  const times = new Map<string, number[]>();
  for (const line of lines) {
    const [id, type, host] = line.split('\t');
    if (which === 'validation' && createHash('md5').update(host).digest()[0] % 5 !== 0) continue;
    const html = new Uint8Array(gunzipSync(readFileSync(path.join(root, type, 'pages', `${id}.html.gz`))));
    const gold = readFileSync(path.join(root, type, 'gold', `${id}.txt`), 'utf8');
    for (const algo of algos) {
      const started = performance.now();
      let text = '';
      try {
        text = algo === 'readability' ? readabilityExtractor.extract({ id, html }).text : extract({ id, html }, regionOptions).text;
      } catch {
        text = '';
      }
      (times.get(algo) ?? times.set(algo, []).get(algo))!.push(performance.now() - started);
      const byType = scores.get(algo) ?? scores.set(algo, new Map()).get(algo)!;
      const f1 = bagF1(text, gold);
      for (const key of ['all', type]) (byType.get(key) ?? byType.set(key, []).get(key))!.push(f1);
    }
  }
  for (const algo of algos) {
    const byType = scores.get(algo)!;
    const summary = Object.fromEntries([...byType].map(([key, list]) => [key, Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 1000) / 1000]));
    const sorted = [...times.get(algo)!].sort((a, b) => a - b);
    console.log(algo, which, `${byType.get('all')!.length} pages`, JSON.stringify(summary), `median ${sorted[sorted.length >> 1].toFixed(1)} ms`);
  }
}

main();
