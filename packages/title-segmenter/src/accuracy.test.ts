/**
 * Accuracy gate (@winnow/eval's `accuracyGate`): recomputes segmentation figures on a fixed subset of the
 * datasets and fails below the floors of accuracy-floors.json minus epsilon. Subset (to stay fast): 4
 * evenly spread pages of each Sphinx site (python311, django32) and 2 of each cetd news site
 * (arstechnica, bbc, nytimes, yahoo), the layout estimated from markup and measured in Chromium. The full
 * figures come from `pnpm bench` (scripts/figures.ts). Metrics and the gate come from @winnow/eval (a
 * devDependency).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { accuracyGate, type GateCase, type GateFigures } from '@winnow/eval';
import type { Dataset } from '@winnow/eval';
import { chromiumAvailable, launchChromiumLayout, type ChromiumLayoutSession } from './chromium.js';
import { scoreArticle, scoreSections } from './criteria.js';
import { segmentPage } from './segment.js';

const gate = accuracyGate(new URL('../accuracy-floors.json', import.meta.url), { name: 'title-segmenter accuracy gate' });

async function measure(dataset: Dataset, gateCase: GateCase, session?: ChromiumLayoutSession): Promise<GateFigures> {
  const segment = async (html: Uint8Array) => {
    const document = parseHtml(html);
    return segmentPage(document, session ? await session.measure(document) : undefined);
  };
  if (gateCase.floors.some((floor) => floor.metric === 'sections.exactShare')) {
    let sections = 0;
    let matched = 0;
    for (const page of dataset.pages) {
      const score = scoreSections(await segment(page.html));
      sections += score.sections;
      matched += score.matched;
    }
    return { 'sections.exactShare': matched / sections };
  }
  let recall = 0;
  for (const page of dataset.pages) recall += scoreArticle(await segment(page.html), page.gold).recall;
  return { 'article.macroBestBlockRecall': recall / dataset.pages.length };
}

const cases = (layout: 'estimate' | 'chromium') => gate.cases.filter((gateCase) => gateCase.algo === `title-segmenter/${layout}`);

describe('accuracy gate: estimated layout', () => {
  afterAll(() => gate.save());
  for (const gateCase of cases('estimate')) it(gateCase.name, (context) => gate.check(gateCase, (dataset) => measure(dataset, gateCase), context), 60_000);
});

const withChromium = chromiumAvailable();
if (!withChromium) console.warn('Chromium not found: skipping the Chromium half of the title-segmenter accuracy gate');
describe.skipIf(!withChromium)('accuracy gate: Chromium layout', () => {
  let session: ChromiumLayoutSession;
  beforeAll(async () => {
    session = await launchChromiumLayout();
  }, 30_000);
  afterAll(async () => {
    await session?.close();
    gate.save();
  });
  for (const gateCase of cases('chromium')) it(gateCase.name, (context) => gate.check(gateCase, (dataset) => measure(dataset, gateCase, session), context), 120_000);
});
