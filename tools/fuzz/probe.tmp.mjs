import { readFileSync } from 'node:fs';
const { Targets } = await import('/work/wt/gates/tools/fuzz/dist/targets.js');
const { reproducerPage } = await import('/work/wt/gates/tools/fuzz/dist/run.js');
const r = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const t = new Targets();
const page = reproducerPage(r);
console.log('bytes', page.length);
const outcomes = await t.run(page, { learnOnInput: true, cli: 'plain', demo: ['plain', 'lineblock'] });
for (const o of outcomes) console.log(o.target, o.status, Math.round(o.ms), o.code ?? '', o.message ?? '');
