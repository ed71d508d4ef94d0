import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { tokenizeWords } from '@winnow/dom-blocks';
import { createMemoryStore, processPage } from '../src/index.js';

const root = '/work/shared/datasets';
function decode(bytes: Buffer): string {
  try { return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''); } catch { return new TextDecoder('latin1').decode(bytes); }
}
function lcs(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const index = new Map<string, number>(); const bi = new Int32Array(b.length); const ai = new Int32Array(a.length);
  for (let j = 0; j < b.length; j++) { let v = index.get(b[j]); if (v === undefined) { v = index.size; index.set(b[j], v); } bi[j] = v; }
  for (let i = 0; i < a.length; i++) ai[i] = index.get(a[i]) ?? -1;
  let prev = new Int32Array(b.length + 1), cur = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) { const x = ai[i - 1]; for (let j = 1; j <= b.length; j++) cur[j] = x === bi[j - 1] ? prev[j - 1] + 1 : (prev[j] > cur[j - 1] ? prev[j] : cur[j - 1]); [prev, cur] = [cur, prev]; }
  return prev[b.length];
}
const sites: { name: string; pages: { html: string; gold: string; id: string }[] }[] = [];
for (const s of ['arstechnica', 'bbc', 'nytimes', 'wiki', 'yahoo']) {
  const files = readdirSync(path.join(root, 'cetd', s, 'original')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  sites.push({ name: s, pages: files.map((f) => ({ id: f, html: readFileSync(path.join(root, 'cetd', s, 'original', f), 'latin1'), gold: decode(readFileSync(path.join(root, 'cetd', s, 'gold', f.replace('.htm', '.txt')))) })) });
}
for (const s of readdirSync(path.join(root, 'debian-sites')).sort()) {
  const files = readdirSync(path.join(root, 'debian-sites', s, 'pages')).sort();
  sites.push({ name: s, pages: files.map((f) => ({ id: f, html: readFileSync(path.join(root, 'debian-sites', s, 'pages', f), 'latin1'), gold: decode(readFileSync(path.join(root, 'debian-sites', s, 'gold', f.replace('.html', '.txt')))) })) });
}
const opts = JSON.parse(process.argv[2] ?? '{}');
for (const site of sites) {
  const store = createMemoryStore();
  let f = 0, n = 0, tp = 0, fp = 0, fn = 0, plainF = 0;
  site.pages.forEach((page, i) => {
    const result = processPage(store, { id: page.id, html: Buffer.from(page.html, 'latin1') }, opts);
    if (i < 9) return;
    const gold = tokenizeWords(page.gold); const out = tokenizeWords(result.extraction.text);
    const common = lcs(out, gold); const p = out.length ? common / out.length : 0; const r = gold.length ? common / gold.length : 0;
    f += p + r ? (2 * p * r) / (p + r) : 0; n++;
    const goldJoined = ` ${gold.join(' ')} `;
    for (const b of result.layoutBlocks) { const w = tokenizeWords(b.text); if (!w.length) continue; const isT = !goldJoined.includes(` ${w.join(' ')} `); if (b.template && isT) tp++; else if (b.template) fp++; else if (isT) fn++; }
  });
  console.log(site.name.padEnd(14), 'F1', (f / n).toFixed(3), 'P', (tp / (tp + fp)).toFixed(3), 'R', (tp / (tp + fn)).toFixed(3), 'size', store.size().segments);
}
