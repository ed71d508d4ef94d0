import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseHtml } from '@winnow/dom-blocks';
import { loadDataset } from '../../eval/src/datasets.js';
import { randIndex } from '../../eval/src/cluster-indices.js';
import { clusterStructures, pageStructure, type PageStructure } from '../src/index.js';
const cache = '/tmp/tc/structs.json';
let data: { site: string; s: { paths: number[]; pathShingles: number[]; tagShingles: number[] } }[];
if (existsSync(cache)) data = JSON.parse(readFileSync(cache, 'utf8'));
else {
  const lists: any[][] = [];
  for (const d of ['cetd', 'debian-sites']) {
    const by = new Map<string, any[]>();
    for (const p of loadDataset('/work/shared/datasets/' + d).pages) { const l = by.get(p.site) ?? []; l.push(p); by.set(p.site, l); }
    lists.push(...by.values());
  }
  const drawn: any[] = [];
  for (let r = 0; drawn.length < 1000; r++) for (const l of lists) if (r < l.length && drawn.length < 1000) drawn.push(l[r]);
  data = drawn.map((p) => { const s = pageStructure(parseHtml(p.html)); return { site: p.site, s: { paths: [...s.paths], pathShingles: [...s.pathShingles], tagShingles: [...s.tagShingles] } }; });
  writeFileSync(cache, JSON.stringify(data));
}
const base: PageStructure[] = data.map((d) => ({ paths: Uint32Array.from(d.s.paths), pathShingles: Uint32Array.from(d.s.pathShingles), tagShingles: Uint32Array.from(d.s.tagShingles) }));
let state = 42;
const random = () => { state = (state + 0x6d2b79f5) >>> 0; let t = state; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const vary = (set: Uint32Array) => { const v: number[] = []; for (const x of set) if (random() >= 0.05) v.push(x); const e = Math.round(set.length * 0.05 * random()); for (let i = 0; i < e; i++) v.push((random() * 2 ** 32) >>> 0); const r = Uint32Array.from(new Set(v)); r.sort(); return r; };
const n = Number(process.argv[2] ?? 2000);
const variants = Array.from({ length: n }, (_, i) => { const b = base[i % base.length]; return { paths: vary(b.paths), pathShingles: vary(b.pathShingles), tagShingles: vary(b.tagShingles) }; });
const configs = (process.argv[3] ?? '16x4,32x2,24x3,64x1').split(',').map((c) => c.split('x').map(Number));
for (const m of (process.argv[4] ?? 'cp,cps,ctss').split(',') as any[]) {
  const t0 = performance.now(); const exact = n <= 2000 ? clusterStructures(variants, { measure: m, exactLimit: Infinity }) : undefined; const t1 = performance.now();
  if (exact) console.log(m, 'exact', (t1 - t0).toFixed(0), 'ms', exact.clusters.length);
  for (const [b, r] of configs) {
    const t2 = performance.now(); const lsh = clusterStructures(variants, { measure: m, exactLimit: 0, lshBands: b, lshRows: r }); const t3 = performance.now();
    console.log(m, `${b}x${r}`, (t3 - t2).toFixed(0), 'ms', lsh.comparisons, 'cmp', lsh.clusters.length, 'clusters', exact ? randIndex(lsh.labels, exact.labels).toFixed(4) : '');
  }
}
