/**
 * A stream of generated pages sharing one template (100,000 by default): the table must stay bounded
 * (Wang et al. 2008 §2.4). Prints the size curve: segments and bytes after every `step` pages.
 * Usage: pnpm --filter @winnow/segment-table bench [-- --pages 100000 --step 5000 --sqlite]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryStore, openSqliteStore, processPage, type SegmentStore } from '../src/index.js';
import { templatePage } from '../src/test-support/pages.js';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : fallback;
};
const pages = flag('pages', 100_000);
const step = flag('step', 5_000);
const useSqlite = argv.includes('--sqlite');

const directory = useSqlite ? mkdtempSync(path.join(tmpdir(), 'winnow-stream-')) : '';
const file = path.join(directory, 'stream.sqlite');
const store: SegmentStore = useSqlite ? openSqliteStore(file) : createMemoryStore();
console.log(`${pages} generated pages sharing one template, ${store.kind} store, default options`);
console.log('| pages | segments | bytes | max segments so far | max bytes so far | template blocks on the page | ms/page (last step) |');
console.log('|---|---|---|---|---|---|---|');
let maxSegments = 0;
let maxBytes = 0;
let htmlBytes = 0;
let started = performance.now();
for (let number = 1; number <= pages; number++) {
  const html = templatePage(number);
  htmlBytes += html.length;
  const result = processPage(store, { id: String(number), html, site: 'stream.example' });
  maxSegments = Math.max(maxSegments, result.size.segments);
  maxBytes = Math.max(maxBytes, result.size.bytes);
  if (number % step === 0 || number === 10 || number === 100 || number === 1000) {
    const elapsed = performance.now() - started;
    const window = number % step === 0 ? step : number <= 10 ? 10 : number <= 100 ? 90 : 900;
    const template = result.layoutBlocks.filter((block) => block.template).length;
    console.log(`| ${number} | ${result.size.segments} | ${result.size.bytes} | ${maxSegments} | ${maxBytes} | ${template}/${result.layoutBlocks.length} | ${(elapsed / window).toFixed(2)} |`);
    if (number % step === 0) started = performance.now();
  }
}
console.log(`\nmax table ${maxBytes} bytes against ${htmlBytes} bytes of HTML streamed (${((100 * maxBytes) / htmlBytes).toFixed(4)} %)`);
if (useSqlite) {
  store.close();
  console.log(`SQLite file after the stream: ${statSync(file).size} bytes`);
  rmSync(directory, { recursive: true, force: true });
}
