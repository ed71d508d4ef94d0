/**
 * `pnpm bench`: the figures of the README (Nguyen et al. 2009 Tables II-IV and a learning curve): Markdown tables,
 * then the figures as JSON on the last line. `BENCH_SITES=cetd/bbc,...` limits the sites, `BENCH_PEERS=0`
 * skips plain and readability, `BENCH_CURVE=` (empty) skips the learning curve.
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
const curves: Record<string, ReturnType<typeof learningCurve>> = {};
for (const site of curveSites) curves[site] = learningCurve(site);

// The README's tables, as printed here.
const lines: string[] = [];
const mean = (pick: (row: SiteFigures) => number | undefined) =>
  rows.some((row) => pick(row) === undefined) ? undefined : rows.reduce((sum, row) => sum + (pick(row) as number), 0) / Math.max(1, rows.length);
lines.push('### Word F1 (Nguyen et al. 2009 Table IV) and block F (Table III)', '');
lines.push('| site | scored pages | word F1 CE | FastCE | FastCE-paper | plain | readability | block F CE | FastCE | FastCE-paper | plain | readability |');
lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  lines.push(
    `| ${row.site} | ${row.scored} | ${f(row.ce.f1)} | **${f(row.fce.f1)}** | ${f(row.fcePaper.f1)} | ${f(row.plain?.f1)} | ${f(row.readability?.f1)} | ${f(row.ce.blockF1)} | **${f(row.fce.blockF1)}** | ${f(row.fcePaper.blockF1)} | ${f(row.plain?.blockF1)} | ${f(row.readability?.blockF1)} |`,
  );
}
lines.push(
  `| mean | | ${f(mean((row) => row.ce.f1))} | **${f(mean((row) => row.fce.f1))}** | ${f(mean((row) => row.fcePaper.f1))} | ${f(mean((row) => row.plain?.f1))} | ${f(mean((row) => row.readability?.f1))} | ${f(mean((row) => row.ce.blockF1))} | **${f(mean((row) => row.fce.blockF1))}** | ${f(mean((row) => row.fcePaper.blockF1))} | ${f(mean((row) => row.plain?.blockF1))} | ${f(mean((row) => row.readability?.blockF1))} |`,
);
lines.push('', '### NumBlockTemp / NumBlock / ms per page (Nguyen et al. 2009 Table II)', '');
lines.push('| site | CE NBT / NB / ms | FastCE NBT / NB / ms | speed-up | FastCE-paper ms | parse ms | total ms CE / FastCE / plain / readability | learn ms CE / FastCE | FastCE F1 − CE F1 |');
lines.push('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const { ce, fce, fcePaper } = row;
  lines.push(
    `| ${row.site} | ${ce.numBlockTemp} / ${f(ce.numBlock, 0)} / ${f(ce.detectMs, 1)} | ${fce.numBlockTemp} / ${f(fce.numBlock, 0)} / ${f(fce.detectMs, 1)} | ${f(ce.detectMs / fce.detectMs, 1)}× | ${f(fcePaper.detectMs, 1)} | ${f(row.parseMs, 1)} | ${f(ce.ms, 0)} / ${f(fce.ms, 0)} / ${f(row.plain?.ms, 0)} / ${f(row.readability?.ms, 0)} | ${f(ce.learnMs, 0)} / ${f(fce.learnMs, 0)} | ${(fce.f1 - ce.f1 >= 0 ? '+' : '') + f(fce.f1 - ce.f1)} |`,
  );
}
if (curveSites.length) {
  lines.push('', '### Learning curve: word F1 against the number of template pages', '');
  lines.push('| site | algorithm | 1 | 2 | 5 | 10 | 25 |', '|---|---|---|---|---|---|---|');
  const names = { fce: 'FastCE', fcePaper: 'FastCE-paper', ce: 'CE' } as const;
  for (const [site, points] of Object.entries(curves)) {
    for (const key of ['fce', 'fcePaper', 'ce'] as const) lines.push(`| ${site} | ${names[key]} | ${points.map((point) => f(point[key])).join(' | ')} |`);
  }
}
console.log(lines.join('\n'));
console.log(JSON.stringify({ rows, curves }));
