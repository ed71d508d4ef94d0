/**
 * Builds the labelled set, reports 10-fold cross-validated precision/recall and writes the model the
 * package ships (src/title-model.json).
 *
 *   pnpm --filter @winnow/title-segmenter train [--layout chromium|estimate] [--limit N] [--out FILE]
 *
 * Training pages: cetd `chaos` (200 pages, many sites), scrapinghub-aeb (181 pages, 126 sites) and
 * cleaneval-dev (58 pages): none of the pages the segmentation figures are measured on (cetd's five
 * single-site folders, debian-sites; aeb holds 2 recent bbc.com and 2 nytimes.com pages). Labels: labels.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseHtml } from '@winnow/dom-blocks';
// Training and cross-validation are not part of the package's API: they are read from the sources.
import { binaryScores, crossValidateC45, trainC45, treeShape } from '../src/c45.js';
import { estimateLayout } from '../src/estimate-layout.js';
import { FEATURE_NAMES, findNeighbours, titleBlockFeatures } from '../src/features.js';
import { launchChromiumLayout } from '../src/chromium.js';
import type { PageLayout } from '../src/layout.js';
import { layoutMinimumBlocks } from '../src/minimum-blocks.js';
import { PACKAGE_ROOT, datasetPages, everyNth, type DatasetPage } from './datasets.js';
import { isLabelledTitle } from './labels.js';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const layoutSource = argument('layout') ?? 'chromium';
const limit = Number(argument('limit') ?? Infinity);
const out = argument('out') ?? path.join(PACKAGE_ROOT, 'src', layoutSource === 'chromium' ? 'title-model.json' : 'title-model-estimate.json');
const classes = ['other', 'title'];

const sources: DatasetPage[][] = [datasetPages('cetd/chaos'), datasetPages('scrapinghub-aeb'), datasetPages('cleaneval-dev')];
const pages = sources.flatMap((list) => everyNth(list, Math.min(limit, list.length)));

let data: number[][] = [];
let labels: number[] = [];
let groups: string[] = [];
let markedHeading: boolean[] = [];
let pageCount = 0;
// --cache FILE keeps the labelled set, so the tree can be retrained without laying pages out again.
const cache = argument('cache');
if (cache && existsSync(cache)) {
  ({ data, labels, groups, markedHeading, pageCount } = JSON.parse(readFileSync(cache, 'utf8')));
  console.log(`labelled set read from ${cache}`);
} else {
  const session = layoutSource === 'chromium' ? await launchChromiumLayout() : undefined;
  const started = performance.now();
  let done = 0;
  let failed = 0;
  for (const page of pages) {
    try {
      const document = parseHtml(page.html);
      const layout: PageLayout = session ? await session.measure(document) : estimateLayout(document);
      const { blocks } = layoutMinimumBlocks(document, layout);
      const features = titleBlockFeatures(blocks, findNeighbours(blocks));
      blocks.forEach((block, index) => {
        data.push(features[index]);
        labels.push(isLabelledTitle(block) ? 1 : 0);
        groups.push(page.site);
        markedHeading.push(/^h[1-6]$/.test(block.tag));
      });
    } catch (error) {
      failed++;
      console.error(`skipped ${page.id}: ${(error as Error).message.split('\n')[0]}`);
    }
    if (++done % 50 === 0) console.error(`${done}/${pages.length} pages, ${data.length} blocks, ${((performance.now() - started) / done).toFixed(0)} ms/page`);
  }
  await session?.close();

  pageCount = pages.length - failed;
  if (cache) writeFileSync(cache, JSON.stringify({ data, labels, groups, markedHeading, pageCount }));
}

const names = { classes, features: [...FEATURE_NAMES] };
const titles = labels.filter((label) => label === 1).length;
console.log(`layout: ${layoutSource}; pages: ${pageCount}; minimum blocks: ${data.length}; labelled titles: ${titles} (${markedHeading.filter((h, i) => h && labels[i]).length} h1-h6, ${titles - markedHeading.filter((h, i) => h && labels[i]).length} by class/id)`);

const predicted = crossValidateC45(data, labels, groups, names, 10);
const scores = binaryScores(labels, predicted, 1);
const percent = (value: number): string => `${(100 * value).toFixed(1)} %`;
console.log('10-fold cross-validation (folds by site):');
console.log(`  title blocks:     precision ${percent(scores.positivePrecision)}  recall ${percent(scores.positiveRecall)}  (paper P_tb 83.7 %)`);
console.log(`  non-title blocks: precision ${percent(scores.negativePrecision)}  recall ${percent(scores.negativeRecall)}  (paper R_nb 92.9 %)`);
// Titles not marked up as headings: the case the classifier is for beyond F6.
const unmarked = labels.map((label, index) => (label === 1 && !markedHeading[index] ? index : -1)).filter((index) => index >= 0);
const unmarkedFound = unmarked.filter((index) => predicted[index] === 1).length;
console.log(`  recall on titles labelled by class/id (no h1-h6): ${percent(unmarkedFound / Math.max(1, unmarked.length))} of ${unmarked.length}`);

// How much the tree leans on F6 (the heading-tag feature, which is partly the label itself).
const withoutF6 = data.map((row) => row.map((value, column) => (column === 5 ? 0 : value)));
const ablated = binaryScores(labels, crossValidateC45(withoutF6, labels, groups, names, 10), 1);
console.log(`  without F6: title precision ${percent(ablated.positivePrecision)} recall ${percent(ablated.positiveRecall)}; non-title recall ${percent(ablated.negativeRecall)}`);

const tree = trainC45(data, labels, names);
const shape = treeShape(tree);
console.log(`final tree on all rows: ${shape.leaves} leaves, depth ${shape.depth}`);
const model = {
  ...tree,
  trainedOn: {
    layout: layoutSource,
    pages: pageCount,
    blocks: data.length,
    titles,
    sources: 'cetd/chaos, scrapinghub-aeb, cleaneval-dev (labels: h1-h6 or title/headline/heading class or id)',
    crossValidation: {
      folds: 10,
      titlePrecision: Number(scores.positivePrecision.toFixed(4)),
      titleRecall: Number(scores.positiveRecall.toFixed(4)),
      nonTitlePrecision: Number(scores.negativePrecision.toFixed(4)),
      nonTitleRecall: Number(scores.negativeRecall.toFixed(4)),
    },
  },
};
writeFileSync(out, `${JSON.stringify(model)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
