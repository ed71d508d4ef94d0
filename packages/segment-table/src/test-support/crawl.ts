/**
 * A crawler process for the resume and crash tests: processes generated pages `from`..`to` (1-based,
 * inclusive; `to` = 0 means forever) into a SQLite store and prints one JSON line per page.
 * Usage: node --import tsx crawl.ts <store-file> <from> <to>
 */
import { openSqliteStore } from '../sqlite-store.js';
import { processPage } from '../process.js';
import { templatePage } from './pages.js';

const [file, fromArgument, toArgument] = process.argv.slice(2);
const store = openSqliteStore(file);
const from = Number(fromArgument);
const to = Number(toArgument);
for (let page = from; to === 0 || page <= to; page++) {
  const result = processPage(store, { id: String(page), html: templatePage(page), site: 'gazette.example' }, { baseLifetime: 3, lifetimeGrowth: 4 });
  const labels = result.extraction.blocks.map((block) => block.label[0]).join('');
  process.stdout.write(`${JSON.stringify({ page, pageNumber: result.pageNumber, labels, size: result.size })}\n`);
}
store.close();
