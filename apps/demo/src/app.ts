import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { htmlToString, isWinnowError, looksBinary, type Extractor } from '@winnow/dom-blocks';
import { ALGORITHMS, DEFAULT_ALGORITHM } from '@winnow/algorithms';
import { DemoError, toErrorBody } from './errors.js';
import { fetchPage } from './fetch-page.js';
import { drawFigure, queueFigure, type PageFigure } from './figures.js';
import { resolveDemoOptions, type DemoOptions } from './options.js';
import { listAlgorithms, type DemoPage } from './run.js';
import { createInlineRunner, type DemoRunner } from './runner.js';

/** The app's own pages: scripts and styles from this server only, images only as `data:` URLs, no framing. */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // 'unsafe-inline': a srcdoc frame inherits this policy, and visitors' pages carry inline styles.
  "style-src 'self' 'unsafe-inline'",
  'img-src data:',
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent on every response, errors and static files included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': APP_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
});

/** Upload types taken as HTML (browsers give `.htm` files various types, or none). */
const ACCEPTED_FILE_TYPES = /^(?:text\/html|application\/xhtml\+xml|text\/plain|application\/octet-stream)?(?:;|$)/i;
const MAX_NAME_CHARS = 200;
/** Characters of a string page checked for binary content (as dom-blocks probes bytes). */
const BINARY_PROBE_CHARS = 4096;

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const STATIC_FILES: Readonly<Record<string, string>> = Object.freeze({
  '/': 'index.html',
  '/app.js': 'app.js',
  '/app.css': 'app.css',
});
const STATIC_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
});

export interface CreateAppOptions extends Partial<DemoOptions> {
  /** The algorithms offered: eval's registry `ALGORITHMS` unless given (tests, or an operator's subset). */
  algorithms?: readonly Extractor[];
  /**
   * Host names the `Host` header may carry; null accepts any. `startServer` on loopback sets the loopback
   * names, so a web page that rebinds its own domain to 127.0.0.1 (DNS rebinding) cannot use the demo.
   */
  allowedHostnames?: readonly string[] | null;
  /**
   * Where the algorithms run: inline on the event loop unless given (`startServer` gives a pool of worker
   * threads with a time limit, `createWorkerRunner`).
   */
  runner?: DemoRunner;
  /** Figures drawn over the page on request (`figure` field); see `defaultFigures`. Unavailable ones are not offered. */
  figures?: readonly PageFigure[];
}

export interface DemoRequest {
  pages: DemoPage[];
  algorithms: string[];
  target: number;
  /** A figure to draw over the target page, by name. */
  figure: string | null;
}

function pageName(value: unknown, fallback: string): string {
  const name = typeof value === 'string' ? path.basename(value.replace(/\\/g, '/')).trim() : '';
  return (name || fallback).slice(0, MAX_NAME_CHARS);
}

function decodePage(name: string, input: Uint8Array | string, options: DemoOptions, contentType?: string): DemoPage {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (bytes > options.maxPageBytes) {
    throw new DemoError('PAGE_TOO_LARGE', 413, `${name} is ${bytes} bytes, over the ${options.maxPageBytes}-byte page limit of this server.`);
  }
  if (bytes === 0 || (typeof input === 'string' && !input.trim())) throw new DemoError('EMPTY_INPUT', 400, `${name} is empty: give a page with some HTML.`);
  // Bytes are checked by the decoder; a string (JSON, a pasted page) is checked here on its first characters.
  if (typeof input === 'string' && looksBinary(Buffer.from(input.slice(0, BINARY_PROBE_CHARS)))) {
    throw new DemoError('BINARY_INPUT', 415, `${name} looks binary (NUL or control characters), not HTML: give the page's HTML, decompressed.`);
  }
  try {
    return { name, html: htmlToString(input, { contentType }) };
  } catch (cause) {
    if (isWinnowError(cause)) throw new DemoError(cause.code, toErrorBody(cause).status, `${name}: ${cause.message}`, { cause });
    throw cause;
  }
}

function splitNames(values: unknown[]): string[] {
  const names = values.flatMap((value) => (typeof value === 'string' ? value.split(',') : [])).map((name) => name.trim()).filter(Boolean);
  return [...new Set(names)];
}

function parseTarget(value: unknown): number {
  if (value === undefined || value === null || value === '') return 0;
  const target = Number(value);
  if (!Number.isInteger(target) || target < 0) throw new DemoError('BAD_TARGET', 400, `"target" must be a page index (0, 1, ...), not ${JSON.stringify(value).slice(0, 50)}.`);
  return target;
}

function checkCount(count: number, options: DemoOptions): void {
  if (count > options.maxPages) throw new DemoError('TOO_MANY_PAGES', 413, `${count} pages given; this server takes at most ${options.maxPages} per request.`);
}

async function fetchIfAllowed(url: unknown, options: DemoOptions): Promise<DemoPage | null> {
  if (typeof url !== 'string' || !url.trim()) return null;
  if (!options.allowUrlFetch) {
    throw new DemoError('URL_FETCH_DISABLED', 403, 'This server does not fetch URLs (its operator can enable it with --allow-url-fetch): save the page and upload the file.');
  }
  const fetched = await fetchPage(url.trim(), { maxBytes: options.maxPageBytes, timeoutMs: options.fetchTimeoutMs, maxRedirects: options.fetchMaxRedirects });
  return { ...decodePage(pageName(new URL(fetched.url).pathname, new URL(fetched.url).host) || 'page.html', fetched.bytes, options, fetched.contentType), url: fetched.url };
}

/** Reads a multipart form (`page` files, `html`, `url`, `algorithm`, `target`) or a JSON body into a request. */
export async function readDemoRequest(request: Request, options: DemoOptions): Promise<DemoRequest> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch (cause) {
      throw new DemoError('MALFORMED_BODY', 400, 'The form could not be read (malformed multipart body): send it again from the page, or use JSON.', { cause });
    }
    const files = form.getAll('page').filter((value): value is File => typeof value !== 'string');
    const pasted = form.get('html');
    const url = form.get('url');
    const hasPasted = typeof pasted === 'string' && pasted.trim() !== '';
    checkCount(files.length + (hasPasted ? 1 : 0) + (typeof url === 'string' && url.trim() ? 1 : 0), options);
    const pages: DemoPage[] = [];
    for (const [index, file] of files.entries()) {
      const name = pageName(file.name, `page-${index + 1}.html`);
      if (!ACCEPTED_FILE_TYPES.test(file.type)) {
        throw new DemoError('UNSUPPORTED_MEDIA_TYPE', 415, `${name} is ${file.type}, not HTML: give .html files.`);
      }
      if (file.size > options.maxPageBytes) {
        throw new DemoError('PAGE_TOO_LARGE', 413, `${name} is ${file.size} bytes, over the ${options.maxPageBytes}-byte page limit of this server.`);
      }
      pages.push(decodePage(name, new Uint8Array(await file.arrayBuffer()), options));
    }
    if (hasPasted) pages.push(decodePage(pageName(form.get('htmlName'), 'pasted.html'), pasted, options));
    const fetched = await fetchIfAllowed(url, options);
    if (fetched) pages.push(fetched);
    const figure = form.get('figure');
    return { pages, algorithms: splitNames(form.getAll('algorithm')), target: parseTarget(form.get('target')), figure: typeof figure === 'string' && figure ? figure : null };
  }
  if (type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = await request.json();
    } catch (cause) {
      throw new DemoError('MALFORMED_BODY', 400, 'The body is not valid JSON.', { cause });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new DemoError('MALFORMED_BODY', 400, 'Send a JSON object: { "pages": [{ "name": "a.html", "html": "..." }], "algorithms": ["plain"], "target": 0 }.');
    }
    const fields = body as Record<string, unknown>;
    const givenPages = fields.pages ?? [];
    if (!Array.isArray(givenPages)) throw new DemoError('MALFORMED_BODY', 400, '"pages" must be an array of { "name", "html" } objects.');
    checkCount(givenPages.length + (typeof fields.url === 'string' && fields.url.trim() ? 1 : 0), options);
    const pages = givenPages.map((page: unknown, index) => {
      const html = (page as { html?: unknown } | null)?.html;
      if (typeof html !== 'string') throw new DemoError('MALFORMED_BODY', 400, `pages[${index}].html must be a string of HTML.`);
      return decodePage(pageName((page as { name?: unknown }).name, `page-${index + 1}.html`), html, options);
    });
    const fetched = await fetchIfAllowed(fields.url, options);
    if (fetched) pages.push(fetched);
    const algorithms = Array.isArray(fields.algorithms) ? fields.algorithms : [fields.algorithms ?? fields.algorithm];
    const figure = typeof fields.figure === 'string' && fields.figure ? fields.figure : null;
    return { pages, algorithms: splitNames(algorithms), target: parseTarget(fields.target), figure };
  }
  throw new DemoError(
    'UNSUPPORTED_MEDIA_TYPE',
    415,
    `Content-Type ${type.split(';')[0] || '(none)'} is not accepted: send multipart/form-data (the page does) or application/json.`,
  );
}

/** The host name of a `Host` header, lower-case, without the port (IPv6 keeps its brackets). */
export function hostnameOf(header: string | undefined): string {
  const host = (header ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}

function sendError(c: Context, cause: unknown): Response {
  const { status, code, message } = toErrorBody(cause);
  return c.json({ error: { code, message } }, status as 400);
}

function loadStatic(): Map<string, { body: string; type: string }> {
  const files = new Map<string, { body: string; type: string }>();
  for (const [route, file] of Object.entries(STATIC_FILES)) {
    files.set(route, { body: readFileSync(path.join(PUBLIC_DIR, file), 'utf8'), type: STATIC_TYPES[path.extname(file)] });
  }
  return files;
}

/**
 * The demo as a Hono app: the page (`/`, `/app.js`, `/app.css`), `GET /api/algorithms`, `GET /api/health`
 * and `POST /api/extract`. Call `app.request(...)` in tests, or serve it with `startServer`.
 */
export function createApp(options: CreateAppOptions = {}): Hono {
  const { algorithms: registry = ALGORITHMS, figures: givenFigures = [], allowedHostnames = null, runner = createInlineRunner(), ...demoOptions } = options;
  const hostnames = allowedHostnames === null ? null : new Set(allowedHostnames.map((name) => name.toLowerCase()));
  const settings = resolveDemoOptions(demoOptions);
  const figures = new Map(givenFigures.filter((figure) => figure.available()).map((figure) => [figure.name, queueFigure(figure)]));
  const files = loadStatic();
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (hostnames && !hostnames.has(hostnameOf(c.req.header('host')))) {
      c.res = sendError(c, new DemoError('HOST_NOT_ALLOWED', 403, `This demo answers only to ${[...hostnames].join(', ')}: open it by that address.`));
    } else await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (c.req.path.startsWith('/api/')) c.res.headers.set('Cache-Control', 'no-store');
  });

  for (const [route, file] of files) {
    app.get(route, (c) => c.body(file.body, 200, { 'Content-Type': file.type }));
  }

  app.get('/api/health', (c) => c.json({ ok: true }));

  app.get('/api/algorithms', (c) =>
    c.json({
      algorithms: listAlgorithms(registry),
      limits: { maxPageBytes: settings.maxPageBytes, maxPages: settings.maxPages, maxAlgorithms: settings.maxAlgorithms, maxBodyBytes: settings.maxBodyBytes },
      allowUrlFetch: settings.allowUrlFetch,
      figures: [...figures.values()].map((figure) => ({ name: figure.name, description: figure.description })),
    }),
  );

  app.post(
    '/api/extract',
    async (c, next) => {
      // A page of another site posting to a server on localhost: refused (browsers send Sec-Fetch-Site).
      if (c.req.header('sec-fetch-site') === 'cross-site') {
        return sendError(c, new DemoError('CROSS_SITE_REQUEST', 403, 'Requests from other sites are refused: use the demo page itself.'));
      }
      return next();
    },
    bodyLimit({
      maxSize: settings.maxBodyBytes,
      onError: (c) => sendError(c, new DemoError('PAYLOAD_TOO_LARGE', 413, `The request is over the ${settings.maxBodyBytes}-byte limit of this server: send fewer or smaller pages.`)),
    }),
    async (c) => {
      const request = await readDemoRequest(c.req.raw, settings);
      if (request.algorithms.length > settings.maxAlgorithms) {
        throw new DemoError('TOO_MANY_ALGORITHMS', 400, `${request.algorithms.length} algorithms asked for; this server runs at most ${settings.maxAlgorithms} side by side.`);
      }
      const figure = request.figure === null ? null : figures.get(request.figure);
      if (figure === undefined) {
        const offered = [...figures.keys()];
        throw new DemoError('UNKNOWN_FIGURE', 400, `No figure "${String(request.figure).slice(0, 100)}" on this server${offered.length ? `: choose one of ${offered.join(', ')}` : ' (none is available: they need Chromium)'}.`);
      }
      const running = runner.run({
        pages: request.pages,
        target: request.target,
        // No algorithm named: winnow's own extractor (the registry's first when a custom registry lacks it).
        algorithms: request.algorithms.length ? request.algorithms : [(registry.find((algorithm) => algorithm.name === DEFAULT_ALGORITHM) ?? registry[0]).name],
        modelPreviewChars: settings.modelPreviewChars,
        registry,
      });
      const targetPage = request.pages[request.target];
      if (!figure || !targetPage) return c.json(await running);
      // The browser draws while the worker extracts.
      const drawing = drawFigure(figure, targetPage);
      const [run, drawn] = await Promise.all([running, drawing]);
      return c.json({ ...run, figure: drawn });
    },
  );

  app.all('/api/*', (c) => sendError(c, new DemoError('NOT_FOUND', 404, `No API route ${c.req.method} ${c.req.path}: see GET /api/algorithms and POST /api/extract.`)));
  app.notFound((c) => sendError(c, new DemoError('NOT_FOUND', 404, `Nothing at ${c.req.path}: the demo is at /.`)));
  app.onError((cause, c) => {
    if (toErrorBody(cause).code === 'INTERNAL') console.error('winnow demo: unexpected failure', cause);
    return sendError(c, cause);
  });
  return app;
}
