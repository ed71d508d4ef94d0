import { expect, it } from 'vitest';

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_CRAWL_ALGORITHM",
      "DEFAULT_LEDGER_PAGES",
      "DEFAULT_LOCK_MS",
      "DEFAULT_PAGES_IN_FLIGHT",
      "DEFAULT_QUEUE",
      "DEFAULT_STORE_PREFIX",
      "HTML_CONTENT_TYPE",
      "MAX_MEMBER_BYTES",
      "MAX_STALLED_RECOVERIES",
      "PAGES_AHEAD_PER_WORKER",
      "REDIS_CLIENT_OPTIONS",
      "RedisSegmentStore",
      "STORE_ALGORITHMS",
      "WINNOW_STORE_PATH",
      "addCounts",
      "crawlModeOf",
      "emptyCounts",
      "extractPages",
      "extractWarcFiles",
      "extractWithSiteStore",
      "gunzipMembers",
      "isGzip",
      "isWarcFile",
      "openRedisStore",
      "pageRecord",
      "processOnePage",
      "readWarcFile",
      "readWarcFiles",
      "readWarcPages",
      "runCrawl",
      "runWorker",
    ]
  `);
});
