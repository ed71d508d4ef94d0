/**
 * Prints Wang et al. 2008's figures for every measured site (all pages, scoring from the 10th page on).
 * Usage: pnpm --filter @winnow/segment-table figures [-- --json] [-- --options '{"baseLifetime":5}']
 */
import { datasetExists, measureSite, loadSite, SITES, BATCH_PAGES, type SiteFigures } from './measure.js';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const optionsIndex = argv.indexOf('--options');
const options = optionsIndex >= 0 ? JSON.parse(argv[optionsIndex + 1]) : {};
const only = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--options');

if (!datasetExists()) {
  console.error('datasets not found: set DATASETS_DIR to the shared datasets folder');
  process.exit(2);
}
const rows: SiteFigures[] = [];
for (const site of only.length ? only : SITES) {
  rows.push(measureSite(site, loadSite(site), options, { timing: !argv.includes('--no-timing') }));
  if (!json) console.error(`measured ${site}`);
}
const average = (key: keyof SiteFigures) => rows.reduce((sum, row) => sum + (row[key] as number), 0) / rows.length;
if (json) {
  console.log(JSON.stringify({ options, rows }, null, 2));
} else {
  const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
  const kb = (value: number) => `${(value / 1024).toFixed(0)} KB`;
  console.log(`| site | pages scored | LCS F1 (macro) | LCS F1 (micro) | plain F1 | template P | template R | table avg (max) | batch of ${BATCH_PAGES} pages | table / batch | ms/page memory | ms/page SQLite | parse+blocks ms/page | memory / parse |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.site} | ${row.scored} | ${row.f1.toFixed(3)} | ${row.microF1.toFixed(3)} | ${row.plainF1.toFixed(3)} | ${row.templatePrecision.toFixed(3)} | ${row.templateRecall.toFixed(3)} | ${kb(row.tableBytes)} (${kb(row.maxTableBytes)}) | ${kb(row.batchBytes)} | ${percent(row.storageRatio)} | ${row.msPerPage.toFixed(1)} | ${row.sqliteMsPerPage.toFixed(1)} | ${row.parseMsPerPage.toFixed(1)} | ${(row.msPerPage / row.parseMsPerPage).toFixed(2)} |`,
    );
  }
  console.log(
    `| **mean** | | ${average('f1').toFixed(3)} | ${average('microF1').toFixed(3)} | ${average('plainF1').toFixed(3)} | ${average('templatePrecision').toFixed(3)} | ${average('templateRecall').toFixed(3)} | ${kb(average('tableBytes'))} | ${kb(average('batchBytes'))} | ${percent(average('storageRatio'))} | ${average('msPerPage').toFixed(1)} | ${average('sqliteMsPerPage').toFixed(1)} | ${average('parseMsPerPage').toFixed(1)} | ${(average('msPerPage') / average('parseMsPerPage')).toFixed(2)} |`,
  );
}
