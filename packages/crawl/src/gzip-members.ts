import { constants, createGunzip, inflateRawSync } from 'node:zlib';
import { Readable } from 'node:stream';

/** What `gunzipMembers` met besides good members. */
export interface GzipDamage {
  /** Members whose deflate data is corrupt: skipped up to the next member header. */
  corrupt: number;
  /** 1 when the input ended inside a member (its inflated part is still given). */
  truncated: number;
}

const GZIP_MAGIC_1 = 0x1f;
const GZIP_MAGIC_2 = 0x8b;
const DEFLATE = 8;
const FLAG_HCRC = 2;
const FLAG_EXTRA = 4;
const FLAG_NAME = 8;
const FLAG_COMMENT = 16;
/** CRC32 and ISIZE after each member's deflate data (RFC 1952 §2.3). */
const TRAILER_BYTES = 8;

/**
 * A member larger than this is inflated as a stream instead of in one piece, so a file gzipped whole
 * (one member) does not sit in memory: a record-per-member `.warc.gz` never has members this large.
 */
export const MAX_MEMBER_BYTES = 32 * 1024 * 1024;
const MIN_READ_BYTES = 64 * 1024;

/** True when bytes start like a gzip member (RFC 1952 §2.3.1: ID1 ID2 CM). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === GZIP_MAGIC_1 && bytes[1] === GZIP_MAGIC_2 && bytes[2] === DEFLATE;
}

/** Length of a member header at `start`, or -1 when more bytes are needed, or -2 when it is no header. */
function headerLength(buffer: Uint8Array, start: number): number {
  if (buffer.length - start < 10) return -1;
  if (buffer[start] !== GZIP_MAGIC_1 || buffer[start + 1] !== GZIP_MAGIC_2 || buffer[start + 2] !== DEFLATE) return -2;
  const flags = buffer[start + 3];
  let at = start + 10;
  if (flags & FLAG_EXTRA) {
    if (buffer.length < at + 2) return -1;
    at += 2 + (buffer[at] | (buffer[at + 1] << 8));
  }
  for (const flag of [FLAG_NAME, FLAG_COMMENT]) {
    if (!(flags & flag)) continue;
    const end = buffer.indexOf(0, at);
    if (end < 0) return -1;
    at = end + 1;
  }
  if (flags & FLAG_HCRC) at += 2;
  return at > buffer.length ? -1 : at - start;
}

/** The next position at or after `from` where a member header may start. */
function nextMagic(buffer: Uint8Array, from: number): number {
  for (let at = buffer.indexOf(GZIP_MAGIC_1, from); at >= 0; at = buffer.indexOf(GZIP_MAGIC_1, at + 1)) {
    if (at + 2 >= buffer.length || (buffer[at + 1] === GZIP_MAGIC_2 && buffer[at + 2] === DEFLATE)) return at;
  }
  return -1;
}

/**
 * Inflates a stream of concatenated gzip members (a `.warc.gz`: one member per record, or one for the
 * whole file), member by member, holding at most one member's bytes. Unlike a plain gunzip stream, a
 * corrupt member does not end the stream: it is counted in `damage.corrupt` and skipped to the next
 * member header, so the records after it are still read. Input that ends inside a member gives what
 * inflates of it and counts `damage.truncated`.
 */
export async function* gunzipMembers(source: AsyncIterable<Uint8Array>, damage: GzipDamage): AsyncGenerator<Uint8Array> {
  let buffer: Uint8Array = new Uint8Array(0);
  let ended = false;
  const iterator = source[Symbol.asyncIterator]();
  // Reads until the buffer has doubled (or the input ends), so a member read in many chunks is
  // inflated O(log n) times, not once per chunk.
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const chunks: Uint8Array[] = [buffer];
    let length = buffer.length;
    const target = Math.max(2 * buffer.length, MIN_READ_BYTES);
    while (length < target) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      chunks.push(next.value);
      length += next.value.length;
    }
    buffer = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
    return chunks.length > 1;
  };
  const rest = async function* (from: Uint8Array): AsyncGenerator<Uint8Array> {
    yield from;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  };
  let start = 0;
  for (;;) {
    if (start >= buffer.length) {
      buffer = new Uint8Array(0);
      start = 0;
      if (!(await more())) return;
      continue;
    }
    const header = headerLength(buffer, start);
    if (header === -1) {
      buffer = buffer.subarray(start);
      start = 0;
      if (await more()) continue;
      damage.truncated += 1;
      return;
    }
    if (header === -2) {
      // Not a member here: skip to the next header.
      damage.corrupt += 1;
      const next = nextMagic(buffer, start + 1);
      start = next < 0 ? buffer.length : next;
      continue;
    }
    const data = buffer.subarray(start + header);
    try {
      const { buffer: inflated, engine } = inflateRawSync(data, { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
      const consumed = engine.bytesWritten;
      if (data.length - consumed < TRAILER_BYTES && !ended) {
        // The trailer is not all here yet.
        buffer = buffer.subarray(start);
        start = 0;
        await more();
        continue;
      }
      start += header + Math.min(consumed + TRAILER_BYTES, data.length);
      if (inflated.length) yield inflated;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') {
        // The member goes on past what has been read.
        buffer = buffer.subarray(start);
        start = 0;
        if (buffer.length > MAX_MEMBER_BYTES && !ended) {
          // One huge member (a file gzipped whole): stream the rest through gunzip.
          try {
            for await (const chunk of Readable.from(rest(buffer)).pipe(createGunzip())) yield chunk as Uint8Array;
          } catch (streamError) {
            if ((streamError as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') damage.truncated += 1;
            else damage.corrupt += 1;
          }
          return;
        }
        if (await more()) continue;
        damage.truncated += 1;
        const partial = inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
        if (partial.length) yield partial;
        return;
      }
      damage.corrupt += 1;
      const next = nextMagic(buffer, start + 1);
      start = next < 0 ? buffer.length : next;
    }
  }
}
