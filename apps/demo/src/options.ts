/** What the operator of `winnow serve` can set. Every field has a default in `DEFAULT_DEMO_OPTIONS`. */
export interface DemoOptions {
  /** Largest page accepted, in bytes (an upload, a pasted page or a fetched URL). */
  maxPageBytes: number;
  /** Most pages in one request (the target page plus the site's other pages for site algorithms). */
  maxPages: number;
  /** Most algorithms run on the target page in one request (side by side). */
  maxAlgorithms: number;
  /** Largest request body, in bytes: checked on `Content-Length` and while the body streams in. */
  maxBodyBytes: number;
  /** Characters of a site algorithm's model shown in the page (a truncated JSON view). */
  modelPreviewChars: number;
  /** Lets visitors give a URL for the server to fetch. Off: the server never reads the network. */
  allowUrlFetch: boolean;
  /** Time allowed for one URL fetch (headers and body), in milliseconds, when `allowUrlFetch` is on. */
  fetchTimeoutMs: number;
  /** Redirects followed by a URL fetch. */
  fetchMaxRedirects: number;
}

/**
 * Defaults of the demo server. Limits are sized for a person trying pages by hand on a small machine:
 * the largest page of the shared datasets is about 16 MB, a typical news page 50–300 kB.
 */
export const DEFAULT_DEMO_OPTIONS: Readonly<DemoOptions> = Object.freeze({
  maxPageBytes: 5 * 1024 * 1024,
  maxPages: 20,
  maxAlgorithms: 2,
  maxBodyBytes: 20 * 1024 * 1024,
  modelPreviewChars: 20_000,
  allowUrlFetch: false,
  fetchTimeoutMs: 10_000,
  fetchMaxRedirects: 3,
});

/** Merges the caller's options over the defaults (an explicit `undefined` keeps the default). */
export function resolveDemoOptions(options: Partial<DemoOptions> = {}): DemoOptions {
  const resolved = { ...DEFAULT_DEMO_OPTIONS };
  for (const key of Object.keys(DEFAULT_DEMO_OPTIONS) as (keyof DemoOptions)[]) {
    const value = options[key];
    if (value !== undefined) (resolved as Record<string, unknown>)[key] = value;
  }
  return resolved;
}
