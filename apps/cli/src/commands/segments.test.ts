import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { isSqliteAvailable } from '@winnow/segment-table';
import { formatSegmentsPage, formatSegmentsSummary, runSegments, type SegmentsPageOutput } from './segments.js';

const sqliteAvailable = isSqliteAvailable();

const directory = mkdtempSync(path.join(tmpdir(), 'winnow-cli-segments-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const page = (number: number) => `<html><body>
<div id="nav"><a href="/">Home</a> <a href="/about">About us</a></div>
<div id="main"><h1>Article ${number}</h1><p>Paragraph ${number} with words of its own, number ${number * 7}.</p></div>
<div id="footer">Copyright Example</div></body></html>`;

const pagesDir = path.join(directory, 'pages');
mkdirSync(pagesDir);
for (let number = 1; number <= 12; number++) writeFileSync(path.join(pagesDir, `${number}.html`), page(number));
const files = Array.from({ length: 12 }, (_, index) => path.join(pagesDir, `${index + 1}.html`));

async function collect(options: Parameters<typeof runSegments>[0]): Promise<SegmentsPageOutput[]> {
  const outputs: SegmentsPageOutput[] = [];
  await runSegments(options, (output) => outputs.push(output));
  return outputs;
}

describe('runSegments', () => {
  it('processes a folder in name order and drops the template from the 5th page on', async () => {
    const outputs = await collect({ inputs: [pagesDir], site: 'example.com' });
    expect(outputs.map((output) => path.basename(output.id))).toEqual(files.map((file) => path.basename(file)));
    expect(outputs[3].text).toContain('Copyright Example');
    expect(outputs[4].text).toBe('Article 5\nParagraph 5 with words of its own, number 35.');
    expect(outputs.map((output) => output.pageNumber)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(outputs[11].size?.segments).toBeGreaterThan(0);
  });

  it.skipIf(!sqliteAvailable)('resumes a crawl from its SQLite store with the results of one run', async () => {
    const once = await collect({ inputs: files, store: path.join(directory, 'once.sqlite'), site: 'example.com' });
    const file = path.join(directory, 'resumed.sqlite');
    const resumed = [...(await collect({ inputs: files.slice(0, 6), store: file, site: 'example.com' })), ...(await collect({ inputs: files.slice(6), store: file, site: 'example.com' }))];
    expect(resumed).toEqual(once);
  });

  it.skipIf(!sqliteAvailable)('a rerun of the same folder counts nothing again: same table, labels of the one-run table', async () => {
    const file = path.join(directory, 'rerun.sqlite');
    const first = await collect({ inputs: [pagesDir], store: file, site: 'example.com' });
    const summaries: string[] = [];
    const second: SegmentsPageOutput[] = [];
    const summary = await runSegments({ inputs: [pagesDir], store: file, site: 'example.com' }, (output) => second.push(output));
    summaries.push(formatSegmentsSummary(summary));
    expect(first.every((output) => output.alreadyCounted === false)).toBe(true);
    expect(second.map((output) => [output.pageNumber, output.alreadyCounted])).toEqual(second.map((_, index) => [index + 1, true]));
    // Same table: the size after the rerun is the size after the first run's last page.
    expect(second.map((output) => output.size)).toEqual(second.map(() => first[11].size));
    expect(summary.size).toEqual(first[11].size);
    // Pages 5-12 keep their labels; pages 1-4 are now labelled with the table that knows the template.
    expect(second.slice(4).map((output) => output.blocks)).toEqual(first.slice(4).map((output) => output.blocks));
    expect(second[0].text).toBe('Article 1\nParagraph 1 with words of its own, number 7.');
    expect(second[0].notes?.join()).toMatch(/counted before/);
    expect(summaries[0]).toMatch(/12 pages \(0 failed, 12 counted before, only labelled\)/);
    // Stopped after 6 pages, then the whole folder again: the table of one run.
    const resumedFile = path.join(directory, 'rerun-resumed.sqlite');
    await collect({ inputs: files.slice(0, 6), store: resumedFile, site: 'example.com' });
    const resumed = await collect({ inputs: [pagesDir], store: resumedFile, site: 'example.com' });
    expect(resumed.slice(6)).toEqual(first.slice(6));
    expect(resumed[11].size).toEqual(first[11].size);
  });

  it('reports a bad page and goes on', async () => {
    const binary = path.join(directory, 'binary.html');
    writeFileSync(binary, Buffer.from([0, 1, 2, 3, 0, 0, 0, 5, 6, 7, 0, 0]));
    const outputs = await collect({ inputs: [binary, files[0]] });
    expect(outputs[0].error).toMatch(/BINARY_INPUT/);
    expect(outputs[1].pageNumber).toBe(1);
  });

  it.each([
    [{ id: 'a', text: 'x', pageNumber: 1 }, false, false, 'x'],
    [{ id: 'a', text: 'x', pageNumber: 1 }, false, true, '==> a <==\nx'],
    [{ id: 'a', text: 'x', pageNumber: 1 }, true, true, '{"id":"a","pageNumber":1}'],
  ])('formats %o (json %s, many %s)', (output, json, many, expected) => {
    expect(formatSegmentsPage(output, json, many)).toBe(expected);
  });
});

describe('winnow segments', () => {
  it.skipIf(!sqliteAvailable)('prints one JSON line per page and a summary', async () => {
    let stdout = '';
    let stderr = '';
    const code = await main(['segments', pagesDir, '--store', path.join(directory, 'cli.sqlite'), '--site', 'example.com', '--json'], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      progress: true,
    });
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(12);
    expect(lines[11]).toMatchObject({ site: 'example.com', pageNumber: 12 });
    expect(lines[11].blocks.filter((block: { label: string }) => block.label === 'boilerplate').map((block: { text: string }) => block.text)).toEqual(['Home About us', 'Copyright Example']);
    expect(stderr).toMatch(/12 pages \(0 failed\); store .*cli\.sqlite: \d+ segments/);
  });

  it('prints the content of one page', async () => {
    let stdout = '';
    const code = await main(['segments', files[0]], { stdout: (text) => (stdout += text), stderr: () => {}, progress: false });
    expect(code).toBe(0);
    expect(stdout).toContain('Article 1');
  });

  it('needs an input', async () => {
    let stderr = '';
    expect(await main(['segments'], { stdout: () => {}, stderr: (text) => (stderr += text) })).toBe(2);
    expect(stderr).toMatch(/segments needs files/);
  });
});
