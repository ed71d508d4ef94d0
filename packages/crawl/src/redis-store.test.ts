import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { segmentStoreSuite } from '@winnow/segment-table/store-suite';
import { createMemoryStore } from '@winnow/segment-table';
import { openRedisStore, RedisSegmentStore } from './redis-store.js';
import { findRedisServer, startRedis, type TestRedis } from './test-support/redis-server.js';

const available = findRedisServer() !== undefined;
if (!available) console.warn('crawl: redis-server is not installed (apt-get install redis-server): Redis tests skipped');

let redis: TestRedis;
let prefixes = 0;
const unique = () => `test-${process.pid}-${prefixes++}:`;

describe.skipIf(!available)('Redis segment store', () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => redis?.stop());

  segmentStoreSuite({ describe, it, expect }, 'redis', () => openRedisStore(redis.url, { prefix: unique() }));

  it('keeps increments exact under concurrent updates from many clients', async () => {
    const prefix = unique();
    const stores = Array.from({ length: 8 }, () => openRedisStore(redis.url, { prefix }));
    const lifetime = { baseLifetime: 1000, lifetimeGrowth: 2 };
    // 8 clients × 50 pages, all sharing one segment and each with its own.
    await Promise.all(
      stores.map((store, client) =>
        (async () => {
          for (let page = 0; page < 50; page++) await store.applyPage('s', [{ path: 'P', text: 'shared' }, { path: 'P', text: `own ${client} ${page}` }], lifetime, { id: `${client}/${page}`, contentHash: 'h' });
        })(),
      ),
    );
    // Every client retries its last 10 pages (a job run twice): none is counted again.
    await Promise.all(stores.map((store, client) => Promise.all(Array.from({ length: 10 }, (_, page) => store.applyPage('s', [{ path: 'P', text: 'shared' }], lifetime, { id: `${client}/${40 + page}`, contentHash: 'h' })))));
    const [store] = stores;
    expect(await store.pageCount('s')).toBe(400);
    expect(await store.lookup('s', [{ path: 'P', text: 'shared' }])).toEqual([400]);
    expect((await store.size('s')).segments).toBe(401);
    await Promise.all(stores.map((each) => each.close()));
  });

  it('bounds the ledger per site to ledgerPages page keys, the table by the shrinkage', async () => {
    const prefix = unique();
    const store = openRedisStore(redis.url, { prefix, ledgerPages: 5 });
    const memory = createMemoryStore();
    const lifetime = { baseLifetime: 2, lifetimeGrowth: 3 };
    for (let page = 1; page <= 40; page++) {
      const keys = [{ path: 'P', text: 'template' }, { path: 'P', text: `page ${page}` }];
      expect(await store.applyPage('s', keys, lifetime, { id: String(page), contentHash: 'h' })).toEqual(memory.applyPage('s', keys, lifetime, { id: String(page), contentHash: 'h' }));
    }
    const client = new Redis(redis.url);
    expect(await client.hlen(`${prefix}{s}:ledger`)).toBe(5);
    expect(await client.zcard(`${prefix}{s}:ledger-order`)).toBe(5);
    expect(await client.hlen(`${prefix}{s}:entries`)).toBe((await store.size('s')).segments);
    expect((await store.size('s')).segments).toBeLessThanOrEqual(3);
    expect(await store.countedPage('s', { id: '40', contentHash: 'h' })).toBe(40);
    expect(await store.countedPage('s', { id: '35', contentHash: 'h' })).toBeUndefined();
    await client.quit();
    await store.close();
  });

  it('shares one connection when given a client, and leaves it open', async () => {
    const client = new Redis(redis.url);
    const store = new RedisSegmentStore(client, { prefix: unique() });
    await store.applyPage('s', [{ path: 'P', text: 'x' }], { baseLifetime: 2, lifetimeGrowth: 3 });
    await store.close();
    expect(await client.ping()).toBe('PONG');
    await client.quit();
  });
});
