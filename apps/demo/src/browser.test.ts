import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALGORITHMS } from '@winnow/algorithms';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { titleSegmenterFigure } from './figures/title-segmenter.js';
import { startServer, type DemoServer } from './server.js';
import { CHROMIUM_PATH, chromiumInstalled, launchChromium } from './test-support/browser.js';
import { SITE_DIR } from './test-support/fixtures.js';

/** Temporary folders made by these tests, removed after them. */
const temporary: string[] = [];
function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of temporary.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const available = chromiumInstalled();
if (!available) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);

const STORM = path.join(SITE_DIR, '1-storm.html');
const SITE = ['1-storm.html', '2-harvest.html', '3-library.html'].map((name) => path.join(SITE_DIR, name));

// Real browser steps on a loaded CI machine take seconds, not milliseconds.
describe.skipIf(!available)('the demo page in Chromium', { timeout: 60_000 }, () => {
  let server: DemoServer;
  let browser: Browser;
  let page: Page;
  /** Every URL the browser asked for: only the demo server's own may appear. */
  let requested: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ port: 0 }), launchChromium()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    page = await context.newPage();
    requested = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
  });

  /** Texts of the blocks marked `label` in the shown page of one result. */
  async function markedTexts(algorithm: string, label: 'content' | 'boilerplate'): Promise<string[]> {
    const frame = page.frameLocator(`.result[data-algorithm="${algorithm}"] iframe.page-view`);
    // The srcdoc frame may still be loading when the result appears.
    await frame.locator('[data-winnow]').first().waitFor();
    const texts = await frame.locator(`[data-winnow="${label}"]`).allTextContents();
    return texts.map((text) => text.replace(/\s+/g, ' ').trim());
  }

  it('uploads a page, runs two algorithms side by side, highlights and prints what each kept', async () => {
    await page.setInputFiles('#files', STORM);
    await expect.poll(() => page.locator('#pages li').count()).toBe(1);
    await page.selectOption('#algo-a', 'plain');
    await page.selectOption('#algo-b', 'readability');
    await page.click('#run');
    await page.waitForSelector('.result[data-algorithm="readability"] .output');
    expect(await page.locator('.result').count()).toBe(2);

    // plain keeps every block with text, the navigation included.
    expect(await markedTexts('plain', 'content')).toEqual(expect.arrayContaining(['Home', 'Storm hits the coast', '© The Harbour Gazette. All rights reserved.']));
    expect(await markedTexts('plain', 'boilerplate')).toEqual([]);
    // Readability keeps the article and greys the rest.
    const kept = await markedTexts('readability', 'content');
    expect(kept).toEqual(expect.arrayContaining([expect.stringMatching(/^Thousands of homes/), expect.stringMatching(/^Crews from three counties/)]));
    expect(kept).not.toContain('Home');
    expect(await markedTexts('readability', 'boilerplate')).toEqual(expect.arrayContaining(['Home', 'Most read']));

    const output = await page.locator('.result[data-algorithm="readability"] .output').textContent();
    expect(output).toContain('Thousands of homes lost power on Monday night');
    expect(output).not.toContain('Most read');
    expect(await page.locator('.result[data-algorithm="plain"] .timing').textContent()).toMatch(/^extract \d+(\.\d+)? ms$/);
    expect(await page.locator('.result[data-algorithm="readability"] .mode').textContent()).toBe('marked by block');
    expect(await page.locator('.result[data-algorithm="plain"] .mode').textContent()).toBe('marked by block');

    // The kept blocks are drawn green: the highlight styles reached the sandboxed frame.
    const frame = page.frameLocator('.result[data-algorithm="readability"] iframe.page-view');
    const colour = await frame.locator('[data-winnow="content"]').first().evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(colour).toBe('rgb(220, 252, 231)');
  });

  it('takes files dropped on the drop zone', async () => {
    const html = await import('node:fs').then((fs) => fs.readFileSync(STORM, 'utf8'));
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.html', { type: 'text/html' }));
      return data;
    }, html);
    await page.dispatchEvent('#drop', 'drop', { dataTransfer: transfer });
    expect(await page.locator('#pages li').textContent()).toContain('dropped.html');
    await page.click('#run');
    await page.waitForSelector('.result .output');
    expect(await page.locator('#results').getAttribute('data-target')).toBe('dropped.html');
  });

  it('extracts pasted HTML', async () => {
    await page.click('#paste-box summary');
    await page.fill('#paste', '<html><body><nav><a href="/">Home</a></nav><p>Pasted words stay.</p></body></html>');
    await expect.poll(() => page.locator('#pages li').textContent()).toContain('pasted.html');
    await page.click('#run');
    await page.waitForSelector('.result .output');
    expect(await page.locator('.result .output').textContent()).toBe('Home\nPasted words stay.');
  });

  it('switches the output to Markdown', async () => {
    await page.setInputFiles('#files', STORM);
    await page.click('#run');
    await page.waitForSelector('.result .output');
    await page.selectOption('#format', 'markdown');
    expect(await page.locator('.result .output').textContent()).toContain('# Storm hits the coast');
  });

  it("shows winnow's metadata and why each removed block was removed", async () => {
    await page.setInputFiles('#files', STORM);
    await page.selectOption('#algo-a', 'winnow');
    await page.click('#run');
    const result = page.locator('.result[data-algorithm="winnow"]');
    await result.locator('.output').waitFor();
    expect(await result.locator('.error').isHidden()).toBe(true);
    expect(await result.locator('.metadata').isHidden()).toBe(false);
    expect(await result.locator('.metadata dt').allTextContents()).toEqual(expect.arrayContaining(['Title', 'Language']));
    expect(await result.locator('.metadata dd').allTextContents()).toEqual(expect.arrayContaining(['Storm hits the coast', 'en']));
    await result.locator('.blocks summary').click();
    const home = result.locator('.blocks tr.boilerplate', { hasText: 'Home' }).first();
    expect(await home.locator('td').nth(3).textContent()).toMatch(/^model 0\.\d+ < 0\.\d+: .*inside <nav>/);
    // The greyed block carries its reason on the page too.
    const frame = page.frameLocator('.result[data-algorithm="winnow"] iframe.page-view');
    await frame.locator('[data-winnow]').first().waitFor();
    expect(await frame.locator('[data-winnow="boilerplate"]', { hasText: 'Most read' }).first().getAttribute('title')).toMatch(/^boilerplate: model/);
  });

  it('never runs the page\'s scripts nor loads anything from the network', async () => {
    await page.setInputFiles('#files', STORM);
    await page.click('#run');
    await page.waitForSelector('.result iframe.page-view');
    // The fixture's inline script sets document.title = 'hacked'; its onclick would alert. Poll: the
    // srcdoc frame may still be loading when the result appears.
    await expect
      .poll(async () => page.frames().find((candidate) => candidate !== page.mainFrame())?.title().catch(() => ''), { timeout: 10_000 })
      .toBe('Storm hits the coast — The Harbour Gazette');
    const origin = new URL(server.url).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('about:') && !url.startsWith('data:'))).toEqual([]);
  });

  it('shows a clear error for a binary upload', async () => {
    const folder = temporaryDirectory('winnow-demo-');
    const file = path.join(folder, 'image.html');
    writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    await page.setInputFiles('#files', file);
    await page.click('#run');
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^BINARY_INPUT: image\.html: The input looks binary/);
  });

  it('draws the title segmenter\'s content blocks on Chromium\'s layout of the page', async () => {
    const offered = await page.locator('#figure option[value="title-segmenter"]').count();
    if (!offered) return void console.warn('title-segmenter figure not offered (no Chromium for the server)');
    await page.setInputFiles('#files', STORM);
    await page.selectOption('#figure', 'title-segmenter');
    await page.click('#run');
    const figure = page.locator('.result[data-figure="title-segmenter"]');
    await figure.locator('img').waitFor({ timeout: 60_000 });
    expect(await figure.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await figure.locator('.notes').textContent()).toMatch(/\d+ content blocks over \d+ minimum blocks \(layout: chromium\)/);
    expect(await figure.locator('.notes').textContent()).toContain('Storm hits the coast');
  }, 90_000);

  it('refuses to draw a page too tall for a screenshot, quickly', async () => {
    const figure = titleSegmenterFigure();
    try {
      const started = performance.now();
      await expect(figure.draw({ name: 'tall.html', html: '<p>line</p>'.repeat(1_500) })).rejects.toMatchObject({ code: 'FIGURE_TOO_LARGE' });
      expect(performance.now() - started).toBeLessThan(30_000);
    } finally {
      await figure.close?.();
    }
  }, 60_000);

  const siteAlgorithm = ALGORITHMS.find((algorithm) => algorithm.kind === 'site');
  it.skipIf(!siteAlgorithm)('learns a site algorithm on the other pages and shows the model', async () => {
    await page.setInputFiles('#files', SITE);
    await page.locator('#pages input[type=radio]').nth(1).check();
    await page.selectOption('#algo-a', siteAlgorithm!.name);
    await page.click('#run');
    const result = page.locator(`.result[data-algorithm="${siteAlgorithm!.name}"]`);
    await result.locator('.output').waitFor();
    expect(await result.locator('.error').isHidden()).toBe(true);
    expect(await result.locator('.timing').textContent()).toMatch(/^learn [\d.]+ ms on 2 pages \+ extract/);
    expect(await result.locator('.model').isHidden()).toBe(false);
    expect(await page.locator('#results').getAttribute('data-target')).toBe('2-harvest.html');
  });
});
