/** Parameter sweep for the defaults (Tb, N): LCS F1, template P/R and storage ratio, no timing. */
import { loadSite, measureSite, SITES } from './measure.js';

const limit = Number(process.env.SWEEP_PAGES ?? 100);
const grid = JSON.parse(process.argv[2] ?? '[{}]') as object[];
const sites = SITES.map((site) => ({ site, pages: loadSite(site, limit) }));
for (const options of grid) {
  const rows = sites.map(({ site, pages }) => measureSite(site, pages, options, { timing: false, plain: false }));
  const mean = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
  console.log(
    JSON.stringify(options),
    'F1', mean((row) => row.f1).toFixed(4),
    'P', mean((row) => row.templatePrecision).toFixed(3),
    'R', mean((row) => row.templateRecall).toFixed(3),
    'ratio', mean((row) => row.storageRatio).toFixed(3),
    rows.map((row) => `${row.site.split('/')[1]}:${row.f1.toFixed(3)}/${(100 * row.storageRatio).toFixed(0)}%`).join(' '),
  );
}
