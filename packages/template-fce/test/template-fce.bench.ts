/**
 * `pnpm bench`: the figures of the README (paper 000 Tables II-IV and a learning curve). Writes JSON to
 * stdout's last line and Markdown tables before it. `BENCH_SITES=cetd/bbc,...` limits the sites.
 */
import { datasetsAvailable, datasetsDir, learningCurve, measureSite, SITES, type SiteFigures } from './measure.js';

if (!datasetsAvailable) {
  console.log(`datasets not found at ${datasetsDir}: set DATASETS_DIR to ../shared/datasets`);
  process.exit(0);
}
const sites = process.env.BENCH_SITES ? process.env.BENCH_SITES.split(',') : SITES;
const curveSites = (process.env.BENCH_CURVE ?? 'cetd/bbc,debian-sites/postgresql15').split(',').filter(Boolean);
const f = (value: number | undefined, digits = 3) => (value === undefined ? '-' : value.toFixed(digits));
const rows: SiteFigures[] = [];
for (const site of sites) {
  const started = performance.now();
  const row = measureSite(site, { peers: process.env.BENCH_PEERS !== '0' });
  rows.push(row);
  console.error(`${site}: ${row.scored} pages in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
console.log('\n### Word F1 (LCS, micro) and block F (paper 000 Tables IV and III)\n');
console.log('| site | scored pages | CE F1 | FastCE F1 | FastCE-paper F1 | plain F1 | readability F1 | CE block F | FastCE block F | FastCE-paper block F | plain block F | readability block F |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(`| ${row.site} | ${row.scored} | ${f(row.ce.f1)} | ${f(row.fce.f1)} | ${f(row.fcePaper.f1)} | ${f(row.plain?.f1)} | ${f(row.readability?.f1)} | ${f(row.ce.blockF1)} | ${f(row.fce.blockF1)} | ${f(row.fcePaper.blockF1)} | ${f(row.plain?.blockF1)} | ${f(row.readability?.blockF1)} |`);
}
console.log('\n### NumBlockTemp / NumBlock / ms per page (paper 000 Table II)\n');
console.log('ms = detection (block tree + comparisons) with the shared parse excluded; `total` adds the parse; speed-up = CE detection ms / FastCE detection ms.\n');
console.log('| site | CE NBT / NB / ms | FastCE NBT / NB / ms | FastCE-paper NB / ms | speed-up | parse ms | CE total ms | FastCE total ms | plain ms | readability ms | learn ms CE / FastCE |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.site} | ${row.ce.numBlockTemp} / ${f(row.ce.numBlock, 0)} / ${f(row.ce.detectMs, 2)} | ${row.fce.numBlockTemp} / ${f(row.fce.numBlock, 0)} / ${f(row.fce.detectMs, 2)} | ${f(row.fcePaper.numBlock, 0)} / ${f(row.fcePaper.detectMs, 2)} | ${f(row.ce.detectMs / row.fce.detectMs, 2)}x | ${f(row.parseMs, 2)} | ${f(row.ce.ms, 2)} | ${f(row.fce.ms, 2)} | ${f(row.plain?.ms, 2)} | ${f(row.readability?.ms, 2)} | ${f(row.ce.learnMs, 0)} / ${f(row.fce.learnMs, 0)} |`,
  );
}
const curves: Record<string, ReturnType<typeof learningCurve>> = {};
for (const site of curveSites) curves[site] = learningCurve(site);
if (curveSites.length) {
  console.log('\n### Learning curve: word F1 against template pages (scored on the pages after the 25th)\n');
  console.log(`| site | algorithm | ${[1, 2, 5, 10, 25].join(' | ')} |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const [site, points] of Object.entries(curves)) {
    for (const key of ['fce', 'fcePaper', 'ce'] as const) console.log(`| ${site} | ${key} | ${points.map((point) => f(point[key])).join(' | ')} |`);
  }
}
console.log(JSON.stringify({ rows, curves }));
