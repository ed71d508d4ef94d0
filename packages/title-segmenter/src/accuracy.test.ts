/**
 * Accuracy gate: recomputes segmentation figures on a fixed subset of the datasets and fails
 * below the floors of accuracy-floors.json minus 0.005. Subset (to stay fast): 4 evenly spread pages
 * of each Sphinx site (python311, django32) and 2 of each cetd news site (arstechnica, bbc, nytimes,
 * yahoo). The full figures come from `pnpm bench` (scripts/figures.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { chromiumAvailable, launchChromiumLayout, type ChromiumLayoutSession } from './chromium.js';
import { scoreArticle, scoreSections } from './criteria.js';
import { segmentPage } from './segment.js';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageRoot, '../..');
const datasets =
  process.env.DATASETS_DIR ??
  [path.resolve(repoRoot, '../shared/datasets'), path.resolve(repoRoot, '../../shared/datasets')].find((candidate) => existsSync(candidate)) ??
  path.resolve(repoRoot, '../shared/datasets');
const available = existsSync(path.join(datasets, 'debian-sites')) && existsSync(path.join(datasets, 'cetd'));
if (!available) console.warn(`datasets not found at ${datasets} (set DATASETS_DIR): skipping the title-segmenter accuracy gate`);
const EPSILON = 0.005;
const floors = JSON.parse(readFileSync(path.join(packageRoot, 'accuracy-floors.json'), 'utf8')) as Record<string, number | string>;

const DOCS_PAGES = ['0001.html', '0076.html', '0151.html', '0226.html'];
const NEWS_PAGES = ['10', '60'];

async function measure(layout: 'chromium' | 'estimate', session?: ChromiumLayoutSession): Promise<Record<string, number>> {
  const load = async (file: string) => {
    const document = parseHtml(readFileSync(file));
    return segmentPage(document, layout === 'chromium' ? await session!.measure(document) : undefined);
  };
  let sections = 0;
  let matched = 0;
  for (const site of ['python311', 'django32']) {
    for (const name of DOCS_PAGES) {
      const score = scoreSections(await load(path.join(datasets, 'debian-sites', site, 'pages', name)));
      sections += score.sections;
      matched += score.matched;
    }
  }
  let recall = 0;
  let pages = 0;
  for (const site of ['arstechnica', 'bbc', 'nytimes', 'yahoo']) {
    for (const name of NEWS_PAGES) {
      const gold = readFileSync(path.join(datasets, 'cetd', site, 'gold', `${name}.txt`), 'utf8');
      recall += scoreArticle(await load(path.join(datasets, 'cetd', site, 'original', `${name}.htm`)), gold).recall;
      pages++;
    }
  }
  return { [`${layout}.docsSectionsExact`]: matched / sections, [`${layout}.newsBestBlockRecall`]: recall / pages };
}

function check(measured: Record<string, number>): void {
  console.log('title-segmenter accuracy subset:', JSON.stringify(measured));
  for (const [key, value] of Object.entries(measured)) {
    expect(floors[key], `floor for ${key}`).toBeTypeOf('number');
    expect(value, key).toBeGreaterThanOrEqual((floors[key] as number) - EPSILON);
  }
}

describe.skipIf(!available)('accuracy gate: estimated layout', () => {
  it('stays above the floors', async () => check(await measure('estimate')), 60_000);
});

const withChromium = available && chromiumAvailable();
if (available && !withChromium) console.warn('Chromium not found: skipping the Chromium half of the accuracy gate');
describe.skipIf(!withChromium)('accuracy gate: Chromium layout', () => {
  let session: ChromiumLayoutSession;
  beforeAll(async () => {
    session = await launchChromiumLayout();
  }, 30_000);
  afterAll(async () => session?.close());
  it('stays above the floors', async () => check(await measure('chromium', session)), 120_000);
});
