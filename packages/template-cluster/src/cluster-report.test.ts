import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterPages, formatClusterReport, htmlFilesUnder, readClusterInputs } from './cluster-report.js';
import { docsSite, newsSite } from './test-support/fixtures.js';

describe('winnow cluster core', () => {
  let root = '';
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'template-cluster-report-'));
    mkdirSync(path.join(root, 'pages', 'deep'), { recursive: true });
    newsSite().forEach((page, index) => writeFileSync(path.join(root, 'pages', `n${index}.html`), page.html as string));
    docsSite().forEach((page, index) => writeFileSync(path.join(root, 'pages', 'deep', `d${index}.htm`), page.html as string));
    writeFileSync(path.join(root, 'pages', 'notes.txt'), 'not html');
    const list = [
      ...newsSite().map((_, index) => ({ html: `pages/n${index}.html`, site: 'news' })),
      ...docsSite().map((_, index) => ({ html: `pages/deep/d${index}.htm`, site: 'docs' })),
    ];
    writeFileSync(path.join(root, 'list.json'), JSON.stringify(list));
    writeFileSync(path.join(root, 'bad.json'), '{"html": 1}');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads a folder (HTML files only, sorted) and a labelled list', () => {
    expect(htmlFilesUnder(path.join(root, 'pages')).map((file) => path.relative(root, file))).toEqual([
      path.join('pages', 'deep', 'd0.htm'),
      path.join('pages', 'deep', 'd1.htm'),
      path.join('pages', 'deep', 'd2.htm'),
      path.join('pages', 'deep', 'd3.htm'),
      ...[0, 1, 2, 3, 4, 5].map((index) => path.join('pages', `n${index}.html`)),
    ]);
    const pages = readClusterInputs([path.join(root, 'list.json')]);
    expect(pages).toHaveLength(10);
    expect(pages[0].site).toBe('news');
    expect(readClusterInputs([path.join(root, 'pages', 'n0.html'), path.join(root, 'pages', 'deep')])).toHaveLength(5);
  });

  it('refuses unreadable inputs with UNREADABLE_INPUT', () => {
    expect(() => readClusterInputs([path.join(root, 'missing')])).toThrow(expect.objectContaining({ code: 'UNREADABLE_INPUT' }));
    expect(() => readClusterInputs([path.join(root, 'bad.json')])).toThrow(/JSON array/);
  });

  it('clusters labelled pages and scores them with Rand and Dunn', () => {
    const report = clusterPages(readClusterInputs([path.join(root, 'list.json')]), { measure: 'cps' });
    expect(report.clusters).toHaveLength(2);
    expect(report.rand).toBe(1);
    expect(report.dunn).toBeGreaterThan(1);
    expect(report.method).toBe('exact');
    const text = formatClusterReport(report);
    expect(text.split('\n')[0]).toMatch(/^2 clusters of 10 pages \(CPS ≤ 0\.6, shingles of 8, exact, \d+ comparisons\)$/);
    expect(text).toMatch(/\nRand index: 1\.000\nDunn index: (?:\d+\.\d{3}|Infinity)$/);
  });

  it('leaves the indices out when sites are unknown', () => {
    const report = clusterPages(readClusterInputs([path.join(root, 'pages')]));
    expect(report.rand).toBeUndefined();
    expect(formatClusterReport(report)).not.toContain('Rand');
  });
});
