import { DemoError } from './errors.js';

export interface FetchPageOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Injectable for tests; the global `fetch` otherwise. */
  fetch?: typeof fetch;
}

const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml|text\/plain)\b/i;

/** Parses and checks a visitor's URL: http(s) only, no credentials in it. */
export function checkPageUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DemoError('INVALID_URL', 400, `"${value.slice(0, 200)}" is not a URL: give a full http:// or https:// address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DemoError('INVALID_URL', 400, `Only http:// and https:// URLs are fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new DemoError('INVALID_URL', 400, 'URLs with a user name or password are not fetched.');
  return url;
}

/**
 * Fetches one page for a visitor, only when the operator turned URL fetching on: http(s) only (after
 * every redirect too), at most `maxRedirects` redirects, `timeoutMs` for the whole exchange, and the body
 * cut off past `maxBytes`. Returns the raw bytes and the response's content type.
 */
export async function fetchPage(value: string, options: FetchPageOptions): Promise<{ url: string; bytes: Uint8Array; contentType: string }> {
  const fetcher = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkPageUrl(value);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetcher(url, { redirect: 'manual', signal, headers: { accept: 'text/html,application/xhtml+xml' } });
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel();
        if (redirects >= options.maxRedirects) throw new DemoError('URL_FETCH_FAILED', 502, `${url.href} redirects more than ${options.maxRedirects} times.`);
        url = checkPageUrl(new URL(response.headers.get('location') as string, url).href);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DemoError('URL_FETCH_FAILED', 502, `${url.href} answered HTTP ${response.status}.`);
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (contentType && !HTML_TYPES.test(contentType)) {
        await response.body?.cancel();
        throw new DemoError('UNSUPPORTED_MEDIA_TYPE', 415, `${url.href} is ${contentType.split(';')[0]}, not HTML.`);
      }
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > options.maxBytes) {
        await response.body?.cancel();
        throw new DemoError('PAGE_TOO_LARGE', 413, `${url.href} is ${declared} bytes, over the ${options.maxBytes}-byte page limit.`);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value: chunk } = await reader.read();
          if (done) break;
          size += chunk.length;
          if (size > options.maxBytes) {
            await reader.cancel();
            throw new DemoError('PAGE_TOO_LARGE', 413, `${url.href} is over the ${options.maxBytes}-byte page limit.`);
          }
          chunks.push(chunk);
        }
      }
      return { url: url.href, bytes: Buffer.concat(chunks), contentType };
    }
  } catch (cause) {
    if (cause instanceof DemoError) throw cause;
    const timedOut = signal.aborted;
    throw new DemoError(
      'URL_FETCH_FAILED',
      502,
      timedOut ? `${url.href} did not answer within ${options.timeoutMs} ms.` : `${url.href} could not be fetched: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}
