import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { formatPages, formatReport, runEval } from './eval.js';

const root = mkdtempSync(path.join(tmpdir(), 'winnow-eval-wcxb-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('shows the WCXB figures: bag-of-words, per page type, snippets and metadata beside the <title> baseline', () => {
  const write = (type: string, id: string, html: string, gold: string, truth: unknown) => {
    for (const folder of ['pages', 'gold', 'truth']) mkdirSync(path.join(root, type, folder), { recursive: true });
    writeFileSync(path.join(root, type, 'pages', `${id}.html.gz`), gzipSync(html));
    writeFileSync(path.join(root, type, 'gold', `${id}.txt`), gold);
    writeFileSync(path.join(root, type, 'truth', `${id}.json`), JSON.stringify({ ground_truth: truth }));
  };
  write('article', '0001', '<title>Tea</title><p>tea is good</p>', 'tea is good', { title: 'Tea', with: ['tea is good'], without: ['menu'] });
  write('forum', '0002', '<title>Other</title><p>cake</p><p>menu</p>', 'cake', { title: 'Cake', with: ['cake'], without: ['menu'] });
  const report = runEval({ dataset: root, algo: 'plain' });
  const text = formatReport(report);
  expect(text).toMatch(/bag \(WCXB\)\s+0\.750\s+1\.000\s+0\.833/);
  expect(text).toMatch(/article\s+1\s+1\.000\s+1\.000\s+1\.000/);
  expect(text).toMatch(/forum\s+1\s+0\.500\s+1\.000\s+0\.667/);
  expect(text).toContain('with found 100.0 % (2 pages)   without avoided 50.0 % (2 pages)');
  expect(text).toContain('title 0.0 % exact (<title> baseline 50.0 %, 2 pages)');
  expect(formatPages(report)).toContain('bag F1');
  expect(() => runEval({ dataset: root, algo: 'plain', train: 1 })).toThrow(/no two pages share a site/);
});
