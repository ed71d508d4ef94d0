import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { formatClusterReport, readPageList, runCluster } from './cluster.js';

function newsPage(title: string, body: string, links = ''): string {
  return `<html><head><title>${title}</title></head><body><div id="nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li></ul></div>
<div id="main"><h2>${title}</h2><p>${body}</p>${links}</div><div id="footer"><p>Copyright Daily Planet</p></div></body></html>`;
}
function docsPage(title: string): string {
  return `<html><body><table><tr><td><b>Contents</b><br><a href="a.html">Intro</a></td><td><h1>${title}</h1><pre>${title} steps</pre><hr><address>DocTool</address></td></tr></table></body></html>`;
}

describe('winnow cluster', () => {
  let root = '';
  const run = async (argv: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), progress: false });
    return { code, stdout, stderr };
  };
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'winnow-cluster-'));
    mkdirSync(path.join(root, 'site', 'docs'), { recursive: true });
    const titles = ['Bridge opens', 'Team wins', 'Rain record', 'School reopens'];
    const links = titles.map((_, index) => `<a href="n${index}.html">more</a>`).join('');
    titles.forEach((title, index) => writeFileSync(path.join(root, 'site', `n${index}.html`), newsPage(title, `${title} story text number ${index}.`, links)));
    ['Install', 'Run', 'Upgrade'].forEach((title, index) => writeFileSync(path.join(root, 'site', 'docs', `d${index}.html`), docsPage(title)));
    const list = [
      ...titles.map((_, index) => ({ html: `site/n${index}.html`, site: 'news' })),
      ...[0, 1, 2].map((index) => ({ html: `site/docs/d${index}.html`, site: 'docs' })),
    ];
    writeFileSync(path.join(root, 'list.json'), JSON.stringify(list));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('clusters a labelled list and scores it', async () => {
    const report = await runCluster({ inputs: [path.join(root, 'list.json')], distance: 'ctss' });
    expect(report.clusters.map((members) => members.length)).toEqual([4, 3]);
    expect(report.rand).toBe(1);
    expect(report.dunn).toBeGreaterThan(1);
    expect(report.threshold).toBe(0.85);
    const text = formatClusterReport(report);
    expect(text.split('\n')[0]).toMatch(/^2 clusters of 7 pages \(CTSS ≤ 0\.85, shingles of 8, exact, \d+ comparisons, \d+ ms\)$/);
    expect(text).toMatch(/\nRand index: 1\.000\nDunn index: (?:\d+\.\d{3}|Infinity)$/);
  });

  it('clusters a folder without labels', async () => {
    const report = await runCluster({ inputs: [path.join(root, 'site')], threshold: 0.5 });
    expect(report.pages).toBe(7);
    expect(report.rand).toBeUndefined();
  });

  it('reads page lists and refuses bad ones', () => {
    expect(readPageList(path.join(root, 'list.json'))[0].site).toBe('news');
    writeFileSync(path.join(root, 'bad.json'), '{"html": 1}');
    expect(() => readPageList(path.join(root, 'bad.json'))).toThrow(/JSON array/);
  });

  it('runs from the command line, with --json and with bad flags', async () => {
    const text = await run(['cluster', path.join(root, 'list.json'), '--distance', 'cps']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Rand index: 1.000');
    const json = await run(['cluster', path.join(root, 'list.json'), '--json', '--threshold', '0.3']);
    expect(JSON.parse(json.stdout).threshold).toBe(0.3);
    expect((await run(['cluster', path.join(root, 'list.json'), '--distance', 'rtdm'])).code).toBe(2);
    expect((await run(['cluster', path.join(root, 'list.json'), '--threshold', '7'])).code).toBe(2);
    expect((await run(['cluster'])).code).toBe(2);
  });

  it('extracts with --algo cluster --site-dir by following the page\'s links', async () => {
    const result = await run(['extract', path.join(root, 'site', 'n0.html'), '--algo', 'cluster', '--site-dir', path.join(root, 'site'), '--format', 'json']);
    expect(result.code).toBe(0);
    const extraction = JSON.parse(result.stdout);
    expect(extraction.notes[0]).toMatch(/^followed 3 of \d+ links to local pages in /);
    expect(extraction.text).toBe('Bridge opens\nBridge opens story text number 0.');
  });
});
