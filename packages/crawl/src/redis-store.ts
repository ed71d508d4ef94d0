import { createHash } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { WinnowError } from '@winnow/dom-blocks';
import {
  compareEntries,
  entryBytes,
  expiryPage,
  type AsyncSegmentStore,
  type LifetimeParameters,
  type PageKey,
  type PageUpdate,
  type SegmentEntry,
  type SegmentKey,
  type StoreSize,
} from '@winnow/segment-table';

export interface RedisStoreOptions {
  /** Prefix of every key the store writes (default `winnow:st:`): stores with other prefixes share nothing. */
  prefix?: string;
  /**
   * Page keys each site's ledger keeps: the latest this many counted pages. A page is never counted
   * twice within them (a retried job, a record read twice); older ledger entries are dropped, so the
   * ledger, like the table, is bounded per site. Default `DEFAULT_LEDGER_PAGES`; 0 keeps every page key.
   */
  ledgerPages?: number;
}

/**
 * Default of `ledgerPages`: a retried crawl job re-applies pages counted seconds before, never thousands
 * of pages back, and 10,000 page keys take about 2.4 MB of Redis per site (hash and sorted set).
 */
export const DEFAULT_LEDGER_PAGES = 10_000;

const DEFAULT_PREFIX = 'winnow:st:';

/**
 * Wang et al. 2008 §2.2 expansion, §2.4 shrinkage and the page ledger of one page, in one Lua script: Redis runs
 * it atomically, so any number of workers can update a site at once and each update sees the table as
 * the one before it left it. Entries are `df:lastSeen:expiresAfter:bytes` in a hash; deadlines a sorted set.
 */
const APPLY_PAGE = `
local meta = redis.call('HMGET', KEYS[1], 'pages', 'tb', 'n', 'segments', 'bytes')
local pages = tonumber(meta[1]) or 0
local segments = tonumber(meta[4]) or 0
local total = tonumber(meta[5]) or 0
if meta[1] and (meta[2] ~= ARGV[2] or meta[3] ~= ARGV[3]) then
  return redis.error_reply('LIFETIME_MISMATCH ' .. meta[2] .. ' ' .. meta[3])
end
local n = (#ARGV - 6) / 2
local dfs = {}
if ARGV[5] ~= '' then
  local counted = redis.call('HGET', KEYS[4], ARGV[5])
  if counted then
    for i = 1, n do
      local v = redis.call('HGET', KEYS[2], ARGV[5 + 2 * i])
      dfs[i] = v and tonumber(string.match(v, '^(%d+)')) or 0
    end
    return {1, tonumber(counted), 0, segments, total, dfs}
  end
end
local pageNumber = pages + 1
local lifetimes = {}
for v in string.gmatch(ARGV[4], '[^,]+') do lifetimes[#lifetimes + 1] = tonumber(v) end
for i = 1, n do
  local id = ARGV[5 + 2 * i]
  local v = redis.call('HGET', KEYS[2], id)
  local df, b
  if v then
    local d, bb = string.match(v, '^(%d+):%d+:%d+:(%d+)$')
    df = tonumber(d) + 1
    b = tonumber(bb)
  else
    df = 1
    b = tonumber(ARGV[6 + 2 * i])
    segments = segments + 1
    total = total + b
  end
  local expires = pageNumber + lifetimes[math.min(df, #lifetimes)] - 1
  redis.call('HSET', KEYS[2], id, df .. ':' .. pageNumber .. ':' .. expires .. ':' .. b)
  redis.call('ZADD', KEYS[3], expires, id)
  dfs[i] = df
end
local expired = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. pageNumber)
for _, id in ipairs(expired) do
  local v = redis.call('HGET', KEYS[2], id)
  segments = segments - 1
  total = total - tonumber(string.match(v, ':(%d+)$'))
  redis.call('HDEL', KEYS[2], id)
end
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. pageNumber) end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[5], pageNumber)
  redis.call('ZADD', KEYS[5], pageNumber, ARGV[5])
  local window = tonumber(ARGV[6])
  if window > 0 and pageNumber > window then
    local old = redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', pageNumber - window)
    for _, key in ipairs(old) do redis.call('HDEL', KEYS[4], key) end
    if #old > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', pageNumber - window) end
  end
end
redis.call('HSET', KEYS[1], 'pages', pageNumber, 'tb', ARGV[2], 'n', ARGV[3], 'segments', segments, 'bytes', total)
redis.call('SADD', KEYS[6], ARGV[1])
return {0, pageNumber, #expired, segments, total, dfs}
`;

type ApplyReply = [number, number, number, number, number, number[]];

interface ScriptedRedis extends Redis {
  winnowApplyPage(...args: (string | number)[]): Promise<ApplyReply>;
}

function identity(key: SegmentKey): string {
  return `${key.path}\u0000${key.text}`;
}

/** A page key's ledger entry: a digest of id and content hash, so long URLs cost the ledger nothing more. */
function pageIdentity(key: PageKey): string {
  return createHash('sha256').update(`${key.id}\u0000${key.contentHash}`).digest('base64');
}

/**
 * `ceil(segmentLifetime(df))` for df = 1, 2, … up to where it stops growing: the script's lifetimes,
 * computed here with `expiryPage` so that Redis and the in-process stores agree to the page.
 */
function lifetimeTable(lifetime: LifetimeParameters): string {
  const values: number[] = [];
  for (let df = 1; df <= 1000; df++) {
    values.push(expiryPage(1, df, lifetime));
    if (values[df - 1] === Math.ceil(lifetime.baseLifetime * lifetime.lifetimeGrowth)) break;
  }
  return values.join(',');
}

/**
 * The segment store in Redis: many processes on many machines read and update the same site tables.
 * Each page's update is one Lua script (atomic); each site's table is bounded by the paper's shrinkage
 * and its ledger by `ledgerPages`. Keys: `<prefix>{<site>}:meta|entries|deadlines|ledger|ledger-order`,
 * `<prefix>sites`.
 */
export class RedisSegmentStore implements AsyncSegmentStore {
  readonly kind = 'redis';
  readonly #redis: ScriptedRedis;
  readonly #prefix: string;
  readonly #ledgerPages: number;
  readonly #owned: boolean;
  readonly #lifetimes = new Map<string, string>();
  #closed = false;

  constructor(redis: Redis, options: RedisStoreOptions = {}, owned = false) {
    this.#redis = redis as ScriptedRedis;
    this.#prefix = options.prefix ?? DEFAULT_PREFIX;
    this.#ledgerPages = options.ledgerPages ?? DEFAULT_LEDGER_PAGES;
    this.#owned = owned;
    if (!('winnowApplyPage' in redis)) redis.defineCommand('winnowApplyPage', { numberOfKeys: 6, lua: APPLY_PAGE });
  }

  #key(site: string, part: string): string {
    return `${this.#prefix}{${site}}:${part}`;
  }

  async applyPage(site: string, keys: readonly SegmentKey[], lifetime: LifetimeParameters, pageKey?: PageKey): Promise<PageUpdate> {
    const signature = `${lifetime.baseLifetime}/${lifetime.lifetimeGrowth}`;
    let lifetimes = this.#lifetimes.get(signature);
    if (!lifetimes) this.#lifetimes.set(signature, (lifetimes = lifetimeTable(lifetime)));
    const args: (string | number)[] = [
      this.#key(site, 'meta'), this.#key(site, 'entries'), this.#key(site, 'deadlines'), this.#key(site, 'ledger'), this.#key(site, 'ledger-order'), `${this.#prefix}sites`,
      site, String(lifetime.baseLifetime), String(lifetime.lifetimeGrowth), lifetimes, pageKey ? pageIdentity(pageKey) : '', this.#ledgerPages,
    ];
    for (const key of keys) args.push(identity(key), entryBytes(key));
    let reply: ApplyReply;
    try {
      reply = await this.#redis.winnowApplyPage(...args);
    } catch (cause) {
      const match = /LIFETIME_MISMATCH (\S+) (\S+)/.exec((cause as Error).message);
      if (match) {
        throw new WinnowError(
          'INVALID_OPTIONS',
          `The table of site "${site}" was built with baseLifetime ${match[1]} and lifetimeGrowth ${match[2]}, ` +
            `but this page was given ${lifetime.baseLifetime} and ${lifetime.lifetimeGrowth}: resume the crawl with the same options, or use another store prefix.`,
        );
      }
      throw storeError(cause);
    }
    const [alreadyCounted, pageNumber, removed, segments, bytes, documentFrequencies] = reply;
    return { alreadyCounted: alreadyCounted === 1, pageNumber, documentFrequencies, removed, size: { segments, bytes } };
  }

  async countedPage(site: string, pageKey: PageKey): Promise<number | undefined> {
    const counted = await this.#redis.hget(this.#key(site, 'ledger'), pageIdentity(pageKey));
    return counted === null ? undefined : Number(counted);
  }

  async lookup(site: string, keys: readonly SegmentKey[]): Promise<number[]> {
    if (!keys.length) return [];
    const values = await this.#redis.hmget(this.#key(site, 'entries'), ...keys.map(identity));
    return values.map((value) => (value === null ? 0 : Number(value.slice(0, value.indexOf(':')))));
  }

  async size(site?: string): Promise<StoreSize> {
    const sites = site === undefined ? await this.sites() : [site];
    const total = { segments: 0, bytes: 0 };
    for (const name of sites) {
      const [segments, bytes] = await this.#redis.hmget(this.#key(name, 'meta'), 'segments', 'bytes');
      total.segments += Number(segments ?? 0);
      total.bytes += Number(bytes ?? 0);
    }
    return total;
  }

  async pageCount(site: string): Promise<number> {
    return Number((await this.#redis.hget(this.#key(site, 'meta'), 'pages')) ?? 0);
  }

  async sites(): Promise<string[]> {
    // Code-unit order, as the other stores.
    return (await this.#redis.smembers(`${this.#prefix}sites`)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async entries(site: string): Promise<SegmentEntry[]> {
    const all = await this.#redis.hgetall(this.#key(site, 'entries'));
    return Object.entries(all)
      .map(([id, value]) => {
        const separator = id.indexOf('\u0000');
        const [df, lastSeen, expiresAfter] = value.split(':').map(Number);
        return { path: id.slice(0, separator), text: id.slice(separator + 1), df, lastSeen, expiresAfter };
      })
      .sort(compareEntries);
  }

  /** Closes the connection when the store opened it. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#owned) await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

function storeError(cause: unknown): WinnowError {
  return new WinnowError('STORE_ERROR', `The Redis segment store failed: ${(cause as Error).message}. Check that Redis is running and reachable.`, { cause });
}

/**
 * Connection options for every winnow Redis client: commands wait through a Redis restart instead of
 * failing (`maxRetriesPerRequest: null`), reconnecting every 200 ms at most.
 */
export const REDIS_CLIENT_OPTIONS: Readonly<RedisOptions> = Object.freeze({
  maxRetriesPerRequest: null,
  retryStrategy: (times: number) => Math.min(times * 50, 200),
});

/** Opens a Redis segment store at `url` (`redis://host:port/db`); `close()` closes its connection. */
export function openRedisStore(url: string, options: RedisStoreOptions = {}): RedisSegmentStore {
  const redis = new Redis(url, { ...REDIS_CLIENT_OPTIONS });
  // Connection errors while Redis restarts: the client reconnects by itself and commands wait.
  redis.on('error', () => undefined);
  return new RedisSegmentStore(redis, options, true);
}
