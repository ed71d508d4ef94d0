/** Tuning sweep of `nonContentPageFraction` (README, "Tuning"): `npx tsx test/sweep.ts`. */
import { measureSite } from './measure.js';

const sites = (process.env.SWEEP_SITES ?? 'cetd/arstechnica,cetd/bbc,cetd/nytimes,debian-sites/gri,debian-sites/jsoup-javadoc').split(',');
const fractions = (process.env.SWEEP_FRACTIONS ?? '0.1,0.2,0.35,0.5').split(',').map(Number);
for (const fraction of fractions) {
  const cells = sites.map((site) => {
    const row = measureSite(site, { maxScored: 30, ceOptions: { nonContentPageFraction: fraction } });
    return `${site} ce ${row.ce.f1.toFixed(3)} fce ${row.fce.f1.toFixed(3)}`;
  });
  console.log(`fraction ${fraction}: ${cells.join(' | ')}`);
}
