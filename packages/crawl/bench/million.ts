// A synthetic stream of pages through the Redis segment store, memory sampled as it goes.
//   pnpm --filter @winnow/crawl exec tsx bench/million.ts [pages=1000000] [sites=10]
// Starts its own redis-server (no persistence) on a free loopback port.
import { Redis } from 'ioredis';
import { openRedisStore } from '../src/redis-store.js';
import { startRedis } from '../src/test-support/redis-server.js';

const pages = Number(process.argv[2] ?? 1_000_000);
const sites = Number(process.argv[3] ?? 10);
/** Per page: the site's template segments (on every page) and segments of the page's own. */
const TEMPLATE_SEGMENTS = 15;
const OWN_SEGMENTS = 10;
const SAMPLES = 10;
const lifetime = { baseLifetime: 2, lifetimeGrowth: 30 };

const redis = await startRedis();
const store = openRedisStore(redis.url);
const info = new Redis(redis.url);
const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await info.info('memory'))?.[1]);
const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

console.log(`${pages} pages, ${sites} sites, ${TEMPLATE_SEGMENTS + OWN_SEGMENTS} segments per page (${TEMPLATE_SEGMENTS} template), one page in flight per site`);
console.log('| pages | Redis used_memory MB | process RSS MB | table segments | pages/s (since last) |');
console.log('|---:|---:|---:|---:|---:|');
const started = performance.now();
let last = started;
let lastDone = 0;
let done = 0;
const every = Math.floor(pages / SAMPLES);
const sample = async () => {
  const now = performance.now();
  const size = await store.size();
  console.log(`| ${done} | ${mb(await usedMemory())} | ${mb(process.memoryUsage().rss)} | ${size.segments} | ${Math.round(((done - lastDone) * 1000) / (now - last))} |`);
  last = now;
  lastDone = done;
};
await sample();
await Promise.all(
  Array.from({ length: sites }, async (_, site) => {
    const host = `site${site}.example`;
    for (let page = site; page < pages; page += sites) {
      const keys = [];
      for (let i = 0; i < TEMPLATE_SEGMENTS; i++) keys.push({ path: 'HTML.BODY.DIV.UL.LI.A', text: `${host} menu item ${i}` });
      for (let i = 0; i < OWN_SEGMENTS; i++) keys.push({ path: 'HTML.BODY.DIV.P', text: `page ${page} paragraph ${i} of ${host}` });
      await store.applyPage(host, keys, lifetime, { id: `http://${host}/${page}`, contentHash: String(page) });
      done++;
      if (done % every === 0) await sample();
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
console.log(`\n${done} pages in ${seconds.toFixed(1)} s: ${Math.round(done / seconds)} pages/s; pages per site counted: ${(await Promise.all((await store.sites()).map((site) => store.pageCount(site)))).join(', ')}`);
await info.quit();
await store.close();
await redis.stop();
