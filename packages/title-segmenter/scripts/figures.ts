/**
 * The figures of the README: share of pages segmented correctly on Sphinx documentation
 * (debian-sites python311, django32; true sections from `section` / `div.section`) and on cetd news
 * articles (Sano et al. 2013 §4.2 criterion), with Chromium's layout and with the estimated layout; and the
 * time per page including Chromium's layout on pages of 1,000–2,000 elements.
 *
 *   pnpm --filter @winnow/title-segmenter bench [--docs N] [--news N] [--timing N]
 *
 * Samples (browser runs are bounded): N evenly spread pages per Sphinx site (default 40), per cetd
 * news site (default 25), and up to N pages of 1,000–2,000 elements for timing (default 30).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseHtml } from '@winnow/dom-blocks';
import { chromiumAvailable, indexElements, launchChromiumLayout, segmentPage, type ChromiumLayoutSession } from '../src/index.js';
import { scoreArticle, scoreSections } from '../src/criteria.js';
import { datasetPages, datasetsAvailable, everyNth, type DatasetPage } from './datasets.js';

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

if (!datasetsAvailable()) {
  console.log('datasets not found (set DATASETS_DIR): nothing to measure');
  process.exit(0);
}
const docsPerSite = argument('docs', 40);
const newsPerSite = argument('news', 25);
const timingPages = argument('timing', 30);
const partsIndex = process.argv.indexOf('--parts');
const parts = new Set((partsIndex >= 0 ? process.argv[partsIndex + 1] : 'docs,news,timing').split(','));
const session: ChromiumLayoutSession | undefined = chromiumAvailable() ? await launchChromiumLayout() : undefined;
// Warm the browser up (its first page pays one-time costs) before anything is timed.
await session?.measure(parseHtml('<p>warm-up</p>'));
if (!session) console.log('Chromium not found: only the estimated layout is measured');
const layouts = session ? (['chromium', 'estimate'] as const) : (['estimate'] as const);

async function segmentWith(layout: 'chromium' | 'estimate', page: DatasetPage) {
  const document = parseHtml(page.html);
  return segmentPage(document, layout === 'chromium' ? await (session as ChromiumLayoutSession).measure(document) : undefined);
}

const percent = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
const results: Record<string, unknown> = { samples: { docsPerSite, newsPerSite, timingPages } };

if (parts.has('docs')) {
console.log('\n## Sphinx documentation: pages whose every marked-up section is one content block');
console.log('| site | layout | pages | correct pages | sections exactly one content block | sections only divided, never merged | pages with no section merged |');
console.log('|---|---|---|---|---|---|---|');
for (const site of ['python311', 'django32']) {
  const pages = everyNth(datasetPages(`debian-sites/${site}`), docsPerSite);
  for (const layout of layouts) {
    let correct = 0;
    let scored = 0;
    let sections = 0;
    let matched = 0;
    let refined = 0;
    let refinedPages = 0;
    for (const page of pages) {
      const score = scoreSections(await segmentWith(layout, page));
      if (!score.sections) continue;
      scored++;
      sections += score.sections;
      matched += score.matched;
      refined += score.refined;
      if (score.correct) correct++;
      if (score.refined === score.sections) refinedPages++;
    }
    results[`docs/${site}/${layout}`] = {
      pages: scored,
      correct: correct / Math.max(1, scored),
      sections: matched / Math.max(1, sections),
      refinedSections: refined / Math.max(1, sections),
      refinedPages: refinedPages / Math.max(1, scored),
    };
    console.log(
      `| ${site} | ${layout} | ${scored} | ${correct} (${percent(correct, scored)}) | ${matched}/${sections} (${percent(matched, sections)}) | ${refined}/${sections} (${percent(refined, sections)}) | ${refinedPages} (${percent(refinedPages, scored)}) |`,
    );
  }
}

}

if (parts.has('news')) {
console.log('\n## cetd news: the article in one content block and nothing else (Sano et al. 2013 §4.2; recall ≥ 0.9, precision ≥ 0.5 in words)');
console.log('| site | layout | pages | correct pages | correct at recall ≥ 0.7 | mean best-block recall | mean best-block precision |');
console.log('|---|---|---|---|---|---|---|');
for (const site of ['arstechnica', 'bbc', 'nytimes', 'yahoo']) {
  const pages = everyNth(datasetPages(`cetd/${site}`), newsPerSite);
  for (const layout of layouts) {
    let correct = 0;
    let lenient = 0;
    let recall = 0;
    let precision = 0;
    for (const page of pages) {
      const score = scoreArticle(await segmentWith(layout, page), page.gold);
      if (score.correct) correct++;
      if (score.recall >= 0.7 && score.precision >= 0.5) lenient++;
      recall += score.recall;
      precision += score.precision;
    }
    results[`news/${site}/${layout}`] = { pages: pages.length, correct: correct / pages.length, lenient: lenient / pages.length };
    console.log(`| ${site} | ${layout} | ${pages.length} | ${correct} (${percent(correct, pages.length)}) | ${lenient} (${percent(lenient, pages.length)}) | ${(recall / pages.length).toFixed(3)} | ${(precision / pages.length).toFixed(3)} |`);
  }
}

}

if (session && parts.has('timing')) {
  // Pages of 1,000–2,000 elements from the cetd news sites, as Sano et al. 2013 §4.3 (Yahoo! News pages of ~1,000–1,850 nodes).
  const candidates = ['arstechnica', 'bbc', 'nytimes', 'yahoo', 'chaos'].flatMap((site) => datasetPages(`cetd/${site}`));
  const sized = candidates
    .map((page) => ({ page, elements: indexElements(parseHtml(page.html)).length }))
    .filter(({ elements }) => elements >= 1000 && elements <= 2000);
  const sample = everyNth(sized, timingPages);
  const repeats = 3;
  const rows: Array<{ elements: number; parse: number; layout: number; segment: number }> = [];
  for (const { page, elements } of sample) {
    let parse = 0;
    let layoutMs = 0;
    let segmentMs = 0;
    for (let repeat = 0; repeat < repeats; repeat++) {
      const started = performance.now();
      const document = parseHtml(page.html);
      const parsed = performance.now();
      const layout = await session.measure(document).catch((error: Error) => {
        console.log(`${page.id}: ${error.message.split('\n')[0]}`);
        throw error;
      });
      const measured = performance.now();
      segmentPage(document, layout);
      const done = performance.now();
      parse += parsed - started;
      layoutMs += measured - parsed;
      segmentMs += done - measured;
    }
    rows.push({ elements, parse: parse / repeats, layout: layoutMs / repeats, segment: segmentMs / repeats });
  }
  const totals = rows.map((row) => row.parse + row.layout + row.segment).sort((a, b) => a - b);
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const parseMedian = median(rows.map((row) => row.parse));
  console.log(`\n## Time per page including Chromium's layout (${rows.length} cetd pages of 1,000–2,000 elements, mean of ${repeats} runs each; browser start excluded)`);
  console.log('| part | median ms | max ms | × linkedom parse (median) |');
  console.log('|---|---|---|---|');
  for (const [name, values] of [
    ['linkedom parse', rows.map((row) => row.parse)],
    ['Chromium layout (serialise, load, measure)', rows.map((row) => row.layout)],
    ['segmentation (blocks, F1–F9, tree, content blocks)', rows.map((row) => row.segment)],
    ['total', totals],
  ] as const) {
    console.log(`| ${name} | ${median([...values]).toFixed(0)} | ${Math.max(...values).toFixed(0)} | ${(median([...values]) / parseMedian).toFixed(1)} |`);
  }
  console.log(`pages under 1,000 ms: ${totals.filter((total) => total < 1000).length}/${rows.length} (paper: all, max 885 ms)`);
  results.timing = { pages: rows.length, medianTotalMs: median(totals), maxTotalMs: Math.max(...totals), under1000: totals.filter((total) => total < 1000).length };
}
await session?.close();
const resultsFile = path.join(tmpdir(), 'title-segmenter-figures.json');
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`figures written to ${resultsFile}`);
