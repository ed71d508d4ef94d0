import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, main } from './main.js';

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

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures');

async function run(argv: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stdin: Readable.from([Buffer.from(stdin)]),
    progress: false,
  });
  return { code, stdout, stderr };
}

describe('winnow extract', () => {
  it('prints the visible text of one page with --algo plain', async () => {
    const { code, stdout } = await run(['extract', path.join(FIXTURES, 'site/a.html'), '--algo', 'plain']);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toBe('Home News\nStorm hits the coast\nThousands of homes lost power on Monday night.\n© Example\n');
  });

  it("runs winnow's own extractor by default: the story without menu and footer, each dropped block with a reason", async () => {
    const { code, stdout } = await run(['extract', path.join(FIXTURES, 'site/a.html'), '--format', 'json']);
    expect(code).toBe(EXIT_OK);
    const extraction = JSON.parse(stdout) as { text: string; blocks: { label: string; reason: string }[] };
    expect(extraction.text).toContain('Thousands of homes lost power on Monday night.');
    expect(extraction.text).not.toContain('Home News');
    expect(extraction.text).not.toContain('© Example');
    expect(extraction.blocks.filter((block) => block.label === 'boilerplate').every((block) => block.reason.startsWith('model'))).toBe(true);
  });

  it('reads standard input with -', async () => {
    const { code, stdout } = await run(['extract', '-', '--format', 'json', '--algo', 'plain'], '<p>from stdin</p>');
    expect(code).toBe(EXIT_OK);
    expect(JSON.parse(stdout)).toMatchObject({ text: 'from stdin', blocks: [{ path: 'HTML.BODY.P', label: 'content' }] });
  });

  it('renders Markdown', async () => {
    const { stdout } = await run(['extract', path.join(FIXTURES, 'site/a.html'), '--format', 'markdown', '--algo', 'plain']);
    expect(stdout).toContain('# Storm hits the coast\n\nThousands of homes');
  });

  const DOCS = path.join(FIXTURES, 'docs/install.html');

  it("prints winnow's GFM Markdown by default: heading, table, ordered list and code block kept, links as text", async () => {
    const { code, stdout } = await run(['extract', DOCS, '--format', 'markdown']);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toMatch(/^# Install the tool\n\nRead the requirements before you start/);
    expect(stdout).toContain('## Supported systems\n\n| System | Version | Notes on the installation |\n| --- | --- | --- |\n| Linux | 5.10 and later |');
    expect(stdout).toContain('## Steps\n\n1. Download the archive for your system from the release page of the project.\n2. Unpack');
    expect(stdout).toContain('```sh\ntar xf tool.tar.gz\n./tool --install\n```');
    expect(stdout).not.toMatch(/About|All rights reserved/);
  });

  it('keeps links with --links and images with --images', async () => {
    const { code, stdout } = await run(['extract', DOCS, '--format', 'markdown', '--links']);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toContain('Read [the requirements](https://docs.example/requirements) before you start');
    const withImage = temporaryDirectory('winnow-images-');
    writeFileSync(path.join(withImage, 'page.html'), readFileSync(DOCS, 'utf8').replace('<h2>Steps</h2>', '<p><img src="/img/steps.png" alt="The steps"> The steps below take about five minutes on a recent machine with a fast network connection.</p><h2>Steps</h2>'));
    const images = await run(['extract', path.join(withImage, 'page.html'), '--format', 'markdown', '--images']);
    expect(images.stdout).toContain('![The steps](/img/steps.png) The steps below');
    expect(images.stdout).not.toContain('[the requirements](');
  });

  it("prints winnow's metadata, Markdown and each removed block's reason with --format json", async () => {
    const { code, stdout } = await run(['extract', DOCS, '--format', 'json']);
    expect(code).toBe(EXIT_OK);
    const extraction = JSON.parse(stdout) as { metadata: Record<string, string>; markdown: string; blocks: { label: string; reason: string; text: string }[] };
    expect(extraction.metadata).toEqual({
      title: 'Install the tool',
      author: 'Ann Lee',
      published: '2024-05-01',
      language: 'en',
      canonicalUrl: 'https://docs.example/install',
      siteName: 'Toolbox Docs',
    });
    expect(extraction.markdown).toContain('| Linux | 5.10 and later |');
    const removed = extraction.blocks.filter((block) => block.label === 'boilerplate');
    expect(removed.map((block) => block.text)).toEqual(expect.arrayContaining(['About', '© 2024 Toolbox. All rights reserved.']));
    expect(removed.find((block) => block.text === 'About')?.reason).toMatch(/^model 0\.\d+ < 0\.\d+: .*inside <nav>/);
  });

  it('refuses --links and --images with a format they do not shape', async () => {
    const { code, stderr } = await run(['extract', DOCS, '--links']);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toMatch(/--links and --images shape Markdown/);
  });

  it("leaves out the comments under an article, keeps them with --comments, and refuses --comments for another algorithm", async () => {
    const folder = temporaryDirectory('winnow-comments-');
    const page = path.join(folder, 'post.html');
    const paragraph = (text: string) => `<p>${text} The council will publish the plans for the building, the budget and the timetable on its website next month, and residents can comment on them until the end of the year.</p>`;
    const reply = (name: string, text: string) => `<li class="comment"><div class="comment-body"><div class="comment-author">${name} said:</div><p>${text} I have lived in the town for thirty years and I think the library has needed more room for a long time, so this is a welcome change for everyone.</p></div></li>`;
    writeFileSync(page, `<html><head><title>The library moves to the old post office</title><meta property="og:type" content="article"></head><body>
      <nav><a href="/">Home</a> <a href="/news">News</a></nav>
      <div class="post">${paragraph('The town council voted to move the library into the old post office.')}${paragraph('The new rooms are twice the size of the old ones.')}</div>
      <div id="comments" class="comments-area"><ol class="comment-list">${reply('Maria', 'Wonderful news for the town.')}${reply('Tom', 'About time too.')}</ol></div></body></html>`);
    const article = await run(['extract', page]);
    expect(article.code).toBe(EXIT_OK);
    expect(article.stdout).toContain('The town council voted');
    expect(article.stdout).not.toContain('Wonderful news');
    const withComments = await run(['extract', page, '--comments']);
    expect(withComments.stdout).toContain('The town council voted');
    expect(withComments.stdout).toContain('Wonderful news');
    const refused = await run(['extract', page, '--comments', '--algo', 'lineblock']);
    expect(refused.code).toBe(EXIT_USAGE);
    expect(refused.stderr).toMatch(/--comments is an option of winnow/);
  });

  it('extracts a folder to --out, one file per page', async () => {
    const out = temporaryDirectory('winnow-out-');
    const { code, stderr } = await run(['extract', path.join(FIXTURES, 'site'), '--out', out, '--algo', 'plain']);
    expect(code).toBe(EXIT_OK);
    expect(stderr).toContain('wrote 2 files');
    expect(readdirSync(out).sort()).toEqual(['a.txt', 'b.txt']);
    expect(readFileSync(path.join(out, 'b.txt'), 'utf8')).toContain('Shares rose for a third day.');
  });

  it('prints a folder as JSON Lines', async () => {
    const { stdout } = await run(['extract', path.join(FIXTURES, 'site'), '--format', 'json']);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => path.basename(line.id))).toEqual(['a.html', 'b.html']);
  });

  it.each([
    [['extract'], /needs a file/],
    [['extract', 'missing.html'], /UNREADABLE_INPUT: No such file or folder: missing.html/],
    [['extract', 'x.html', '--format', 'pdf'], /--format must be one of/],
    [['extract', 'x.html', '--algo', 'nope'], /--algo must be one of plain/],
    [['eval'], /eval needs --dataset/],
    [['eval', '--dataset', '/no/such/dataset'], /DATASET_NOT_FOUND/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('exits 2 with a one-line reason: %j', async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 1 and names the page when a page cannot be extracted', async () => {
    const folder = temporaryDirectory('winnow-bad-');
    writeFileSync(path.join(folder, 'good.html'), '<p>fine</p>');
    writeFileSync(path.join(folder, 'image.html'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const { code, stdout, stderr } = await run(['extract', folder, '--algo', 'plain']);
    expect(code).toBe(EXIT_FAILURE);
    expect(stderr).toMatch(/image\.html: BINARY_INPUT/);
    expect(stdout).toContain('fine');
  });

  it('shows help for every command', async () => {
    for (const argv of [['--help'], ['extract', '--help'], ['eval', '--help']]) {
      const { code } = await run(argv);
      expect(code).toBe(EXIT_OK);
    }
  });
});

describe('winnow serve', () => {
  it('serves the demo until stopped', async () => {
    const stop = new AbortController();
    let stderr = '';
    let announce: (url: string) => void = () => {};
    const listening = new Promise<string>((resolve) => (announce = resolve));
    const exit = main(['serve', '--port', '0'], {
      stdout: () => {},
      stderr: (text) => {
        stderr += text;
        const match = /listening on (\S+)/.exec(stderr);
        if (match) announce(match[1]);
      },
      signal: stop.signal,
    });
    const url = await listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const response = await fetch(new URL('/api/health', url));
    expect(await response.json()).toEqual({ ok: true });
    // The algorithms run in the server's worker threads.
    const extracted = await fetch(new URL('/api/extract', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pages: [{ name: 'a.html', html: '<p>served words</p>' }], algorithms: ['plain'] }),
    });
    expect((await extracted.json()).runs[0].text).toBe('served words');
    stop.abort();
    expect(await exit).toBe(EXIT_OK);
    await expect(fetch(new URL('/api/health', url))).rejects.toThrow();
    // A worker thread loads every algorithm package first: slow on a loaded machine.
  }, 60_000);

  it.each([
    [['serve', '--port', 'http'], /--port must be a whole number from 0 to 65535/],
    [['serve', '--port', '70000'], /--port must be a whole number/],
    [['serve', '--max-pages', '0'], /--max-pages must be a whole number from 1/],
    [['serve', '--workers', '0'], /--workers must be a whole number from 1 to 64/],
    [['serve', '--timeout-ms', '5'], /--timeout-ms must be a whole number from 100/],
  ])('exits 2 on bad flags: %j', async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toMatch(message);
  });

  it('exits 2 when the port is taken', async () => {
    const { startServer } = await import('@winnow/demo');
    const taken = await startServer({ port: 0 });
    try {
      const { code, stderr } = await run(['serve', '--port', String(taken.port)]);
      expect(code).toBe(EXIT_USAGE);
      expect(stderr).toMatch(/is in use: pick another with --port/);
    } finally {
      await taken.close();
    }
  });
});

describe('winnow eval', () => {
  const dataset = temporaryDirectory('winnow-eval-');
  const site = path.join(dataset, 'news');
  for (const folder of ['original', 'gold']) mkdirSync(path.join(site, folder), { recursive: true });
  for (const name of ['a', 'b']) {
    writeFileSync(path.join(site, 'original', `${name}.htm`), readFileSync(path.join(FIXTURES, `site/${name}.html`)));
  }
  writeFileSync(path.join(site, 'gold', 'a.txt'), 'Storm hits the coast\nThousands of homes lost power on Monday night.');
  writeFileSync(path.join(site, 'gold', 'b.txt'), 'Markets rally\nShares rose for a third day.');

  it('prints exactly one JSON object with --json', async () => {
    const { code, stdout } = await run(['eval', '--dataset', site, '--algo', 'plain', '--json']);
    expect(code).toBe(EXIT_OK);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ dataset: 'cetd/news', algo: 'plain', pages: 2, aeb: null, empty: 0 });
    expect(summary.recall).toBe(1);
    expect(summary.precision).toBeLessThan(1);
    expect(summary).not.toHaveProperty('results');
  });

  it('adds the pages with --per-page', async () => {
    const json = JSON.parse((await run(['eval', '--dataset', site, '--algo', 'plain', '--json', '--per-page'])).stdout);
    expect(json.results.map((result: { id: string }) => result.id)).toEqual(['cetd/news/a', 'cetd/news/b']);
    const table = (await run(['eval', '--dataset', site, '--algo', 'plain', '--per-page'])).stdout;
    expect(table).toMatch(/LCS micro/);
    expect(table).toMatch(/cetd\/news\/b\s+0\.\d{3}\s+1\.000/);
  });

  it('scores the same pages for every algorithm with --train', async () => {
    const json = JSON.parse((await run(['eval', '--dataset', site, '--algo', 'plain', '--train', '1', '--json'])).stdout);
    expect(json).toMatchObject({ pages: 1, trainPages: 1 });
  });
});

describe('winnow eval with nothing to score', () => {
  it('exits 2 when --train leaves no page', async () => {
    const site = temporaryDirectory('winnow-eval-none-');
    for (const folder of ['original', 'gold']) mkdirSync(path.join(site, folder));
    writeFileSync(path.join(site, 'original', 'a.htm'), '<p>only page</p>');
    writeFileSync(path.join(site, 'gold', 'a.txt'), 'only page');
    const { code, stderr } = await run(['eval', '--dataset', site, '--algo', 'plain', '--train', '5']);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toMatch(/no pages to score/);
  });
});

describe('winnow extract with a site algorithm', () => {
  it('learns from the page and its own folder only, skipping pages it cannot read, and says so', async () => {
    const folder = temporaryDirectory('winnow-site-');
    mkdirSync(path.join(folder, 'nested'));
    writeFileSync(path.join(folder, 'nested', 'other.html'), '<p>should not be read</p>');
    writeFileSync(path.join(folder, 'a.html'), readFileSync(path.join(FIXTURES, 'site/a.html')));
    writeFileSync(path.join(folder, 'b.html'), readFileSync(path.join(FIXTURES, 'site/b.html')));
    writeFileSync(path.join(folder, 'broken.html'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const { code, stdout, stderr } = await run(['extract', path.join(folder, 'a.html'), '--algo', 'fce']);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toContain('Thousands of homes lost power');
    expect(stderr).toMatch(/broken\.html: not learned from: BINARY_INPUT/);
    expect(stderr).toMatch(/learning from 2 page\(s\)/);
  });

  it('uses the folder quietly with winnow, which needs no site pages', async () => {
    const folder = temporaryDirectory('winnow-site-');
    writeFileSync(path.join(folder, 'a.html'), readFileSync(path.join(FIXTURES, 'site/a.html')));
    writeFileSync(path.join(folder, 'b.html'), readFileSync(path.join(FIXTURES, 'site/b.html')));
    const { code, stdout, stderr } = await run(['extract', path.join(folder, 'a.html'), '--algo', 'winnow']);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toContain('Thousands of homes lost power');
    expect(stderr).not.toMatch(/learning from/);
  });
});
