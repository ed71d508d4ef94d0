/*
 * winnow with its site model in a segment store (`--site-store`) on the multi-page datasets: every page of
 * each site streamed in name order through a memory store, as a crawl of the site would give them, against
 * winnow judging each page alone. LCS word F1, micro (summed over pages), over all pages and over pages 26
 * on (those `winnow eval --train 25` scores, learning from the first 25 pages at once).
 *
 *   pnpm --filter @winnow/crawl exec tsx bench/site-store.ts [cetd debian-sites]
 */
import path from 'node:path';
import { compareNames, defaultDatasetsDir, lcsWordScores, loadDataset, type DatasetPage } from '@winnow/eval';
import { extract } from '@winnow/extract';
import { createMemoryStore } from '@winnow/segment-table';
import { extractWithSiteStore } from '../src/process-page.js';

interface Totals {
  lcs: number;
  extracted: number;
  gold: number;
}

const add = (totals: Totals, text: string, gold: string) => {
  const scores = lcsWordScores(text, gold);
  totals.lcs += scores.lcs;
  totals.extracted += scores.extractedWords;
  totals.gold += scores.goldWords;
};
const f1 = ({ lcs, extracted, gold }: Totals) => (lcs ? (2 * lcs) / (extracted + gold) : 0);
const empty = (): Totals => ({ lcs: 0, extracted: 0, gold: 0 });

async function main(): Promise<void> {
  const datasets = process.argv.slice(2).length ? process.argv.slice(2) : ['cetd', 'debian-sites'];
  for (const name of datasets) {
    const dataset = loadDataset(path.join(defaultDatasetsDir(), name));
    const bySite = new Map<string, DatasetPage[]>();
    for (const page of dataset.pages) (bySite.get(page.site) ?? bySite.set(page.site, []).get(page.site)!).push(page);
    const all = { store: empty(), alone: empty() };
    const after25 = { store: empty(), alone: empty() };
    let scored = 0;
    for (const [site, pages] of bySite) {
      if (pages.length < 26) continue; // one-page "sites" (cetd's chaos) have no site to learn
      pages.sort((a, b) => compareNames(a.id, b.id));
      const store = createMemoryStore();
      const siteTotals = { store: empty(), alone: empty() };
      for (const [index, page] of pages.entries()) {
        const input = { id: page.id, html: page.html, url: page.url, site };
        const streamed = (await extractWithSiteStore(store, input)).text;
        const alone = extract(input).text;
        add(all.store, streamed, page.gold);
        add(all.alone, alone, page.gold);
        add(siteTotals.store, streamed, page.gold);
        add(siteTotals.alone, alone, page.gold);
        if (index >= 25) {
          add(after25.store, streamed, page.gold);
          add(after25.alone, alone, page.gold);
          scored++;
        }
      }
      console.log(`${name}/${site}: ${pages.length} pages, store ${f1(siteTotals.store).toFixed(4)}, alone ${f1(siteTotals.alone).toFixed(4)}, table ${store.size(site).segments} keys`);
    }
    console.log(`${name}: all pages store ${f1(all.store).toFixed(4)} alone ${f1(all.alone).toFixed(4)}; pages 26 on (${scored}) store ${f1(after25.store).toFixed(4)} alone ${f1(after25.alone).toFixed(4)}`);
  }
}

await main();
