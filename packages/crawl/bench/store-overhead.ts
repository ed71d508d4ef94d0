// The per-page cost of the Redis segment store against the in-memory one: the same synthetic pages
// (25 segments, 15 of them the site's template) through applyPage, one page at a time.
//   pnpm --filter @winnow/crawl exec tsx bench/store-overhead.ts [pages=5000]
import { createMemoryStore, type AnySegmentStore } from '@winnow/segment-table';
import { openRedisStore } from '../src/redis-store.js';
import { startRedis } from '../src/test-support/redis-server.js';

const pages = Number(process.argv[2] ?? 5000);
const lifetime = { baseLifetime: 2, lifetimeGrowth: 30 };
const keysOf = (page: number) => [
  ...Array.from({ length: 15 }, (_, i) => ({ path: 'HTML.BODY.DIV.UL.LI.A', text: `menu item ${i}` })),
  ...Array.from({ length: 10 }, (_, i) => ({ path: 'HTML.BODY.DIV.P', text: `page ${page} paragraph ${i}` })),
];
async function time(store: AnySegmentStore): Promise<number> {
  const started = performance.now();
  for (let page = 0; page < pages; page++) await store.applyPage('site.example', keysOf(page), lifetime, { id: String(page), contentHash: 'h' });
  return ((performance.now() - started) * 1000) / pages;
}
const redis = await startRedis();
const redisStore = openRedisStore(redis.url);
const memory = await time(createMemoryStore());
const remote = await time(redisStore);
console.log(`${pages} pages of 25 segments, one at a time: memory store ${memory.toFixed(0)} µs/page, Redis store ${remote.toFixed(0)} µs/page (+${(remote - memory).toFixed(0)} µs/page)`);
await redisStore.close();
await redis.stop();
