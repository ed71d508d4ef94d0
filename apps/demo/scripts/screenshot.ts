// Takes docs/screenshot.png: the demo page at work on the fixture site — two algorithms side by side
// (a site algorithm with its model open), and the title segmenter's figure when Chromium can draw it.
//   pnpm screenshot -- [--algorithms fce,lineblock] [--figure title-segmenter] [--out docs/screenshot.png]
// Needs Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH) and a build (pnpm build).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = path.dirname(new URL(import.meta.url).pathname);
const packageDir = path.resolve(here, '..');
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  console.error(`no Chromium at ${executablePath}: apt-get install chromium, or set CHROMIUM_PATH`);
  process.exit(2);
}
const { startServer } = await import(path.join(packageDir, 'dist/index.js'));
const out = path.resolve(packageDir, flag('out', 'docs/screenshot.png'));
const [first, second = ''] = flag('algorithms', 'fce,lineblock').split(',');
const figure = flag('figure', 'title-segmenter');

const server = await startServer({ port: 0 });
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.setInputFiles('#files', ['1-storm.html', '2-harvest.html', '3-library.html'].map((name) => path.join(packageDir, 'test/fixtures/site', name)));
  await page.selectOption('#algo-a', first);
  await page.selectOption('#algo-b', second);
  const drawn = figure && (await page.locator(`#figure option[value="${figure}"]`).count()) > 0;
  if (drawn) await page.selectOption('#figure', figure);
  await page.click('#run');
  await page.waitForSelector(`.result[data-algorithm="${second || first}"] .output`);
  if (drawn) await page.waitForSelector(`.result[data-figure="${figure}"] img`, { timeout: 60_000 });
  // Open the model view of site algorithms.
  for (const details of await page.locator('.result details.model:not([hidden])').all()) await details.evaluate((element) => ((element as HTMLDetailsElement).open = true));
  await page.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${path.relative(process.cwd(), out)} (${first}${second ? ` beside ${second}` : ''}${drawn ? `, ${figure} figure` : ''})`);
} finally {
  await browser.close();
  await server.close();
}
