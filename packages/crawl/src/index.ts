export { readWarcPages, readWarcFile, emptyCounts, addCounts, HTML_CONTENT_TYPE, type WarcPage, type WarcCounts, type SkipReason, type ReadWarcOptions } from './warc.js';
export { gunzipMembers, isGzip, MAX_MEMBER_BYTES, type GzipDamage } from './gzip-members.js';
export { openRedisStore, RedisSegmentStore, DEFAULT_LEDGER_PAGES, REDIS_CLIENT_OPTIONS, type RedisStoreOptions } from './redis-store.js';
export {
  processOnePage,
  pageRecord,
  crawlModeOf,
  extractWithSiteStore,
  STORE_ALGORITHMS,
  WINNOW_STORE_PATH,
  DEFAULT_CRAWL_ALGORITHM,
  type PageOutput,
  type ProcessPageOptions,
  type PageRecord,
  type RecordFormat,
  type CrawlMode,
  type StoreRun,
} from './process-page.js';
export { extractPages, PAGES_AHEAD_PER_WORKER, type ExtractPagesOptions, type ExtractedPage } from './pool.js';
export { extractWarcFiles, readWarcFiles, isWarcFile, type ExtractWarcOptions } from './extract-warc.js';
export {
  runCrawl,
  runWorker,
  DEFAULT_QUEUE,
  DEFAULT_STORE_PREFIX,
  DEFAULT_PAGES_IN_FLIGHT,
  DEFAULT_LOCK_MS,
  MAX_STALLED_RECOVERIES,
  type CrawlOptions,
  type CrawlSummary,
  type WorkerOptions,
  type CrawlWorker,
} from './queue.js';
