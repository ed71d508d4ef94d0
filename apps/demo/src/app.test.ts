import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseHtml } from '@winnow/dom-blocks';
import { ALGORITHMS } from '@winnow/algorithms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, hostnameOf, SECURITY_HEADERS } from './app.js';
import type { PageFigure } from './figures.js';
import type { DemoRun } from './run.js';
import { COUNTING_SITE_ALGORITHM, FAILING_ALGORITHM, sitePages } from './test-support/fixtures.js';

const app = createApp();
const pages = sitePages();

function postJson(body: unknown, target = app) {
  return target.request('/api/extract', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

function postForm(form: FormData, target = app) {
  return target.request('/api/extract', { method: 'POST', body: form });
}

function marked(html: string, label: 'content' | 'boilerplate'): string[] {
  return [...parseHtml(html).querySelectorAll(`[data-winnow="${label}"]`)].map((element) => element.textContent!.replace(/\s+/g, ' ').trim());
}

describe('the page and its files', () => {
  it.each([
    ['/', 'text/html', '<title>winnow demo'],
    ['/app.js', 'text/javascript', '/api/extract'],
    ['/app.css', 'text/css', '.result'],
  ])('GET %s serves %s', async (route, type, snippet) => {
    const response = await app.request(route);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    expect(await response.text()).toContain(snippet);
  });

  it.each([
    ['GET', '/'],
    ['GET', '/api/algorithms'],
    ['GET', '/nowhere'],
    ['GET', '/api/nowhere'],
    ['POST', '/api/extract'],
  ])('%s %s carries every security header', async (method, route) => {
    const response = await app.request(route, { method });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  });
});

describe('GET /api/algorithms', () => {
  it('lists the whole registry with the limits', async () => {
    const response = await app.request('/api/algorithms');
    const body = await response.json();
    expect(body.algorithms.map((algorithm: { name: string }) => algorithm.name)).toEqual(ALGORITHMS.map((algorithm) => algorithm.name));
    expect(body.limits).toEqual({ maxPageBytes: 5 * 1024 * 1024, maxPages: 20, maxAlgorithms: 2, maxBodyBytes: 20 * 1024 * 1024 });
    expect(body.allowUrlFetch).toBe(false);
  });
});

describe('POST /api/extract', () => {
  it('runs two algorithms side by side on an uploaded page', async () => {
    const form = new FormData();
    form.append('page', new Blob([pages[0].html], { type: 'text/html' }), pages[0].name);
    form.append('algorithm', 'plain');
    form.append('algorithm', 'readability');
    const response = await postForm(form);
    expect(response.status).toBe(200);
    const run = (await response.json()) as DemoRun;
    expect(run.target).toEqual({ name: '1-storm.html', bytes: Buffer.byteLength(pages[0].html) });
    const [plain, readability] = run.runs;
    expect(plain).toMatchObject({ algorithm: 'plain', error: null, highlight: { mode: 'block' } });
    expect(plain.text).toContain('Home');
    expect(marked(plain.highlight!.html, 'content')).toContain('Storm hits the coast');
    expect(readability).toMatchObject({ algorithm: 'readability', error: null, highlight: { mode: 'block' } });
    expect(readability.text).toContain('Crews from three counties');
    expect(readability.text).not.toContain('Most read');
    expect(marked(readability.highlight!.html, 'boilerplate')).toContain('© The Harbour Gazette. All rights reserved.');
    expect(plain.timings.extractMs).toBeGreaterThan(0);
    expect(plain.markdown).toContain('# Storm hits the coast');
  });

  it('shows the page inert: no scripts, handlers, frames or remote loads', async () => {
    const response = await postJson({ pages: [pages[0]], algorithms: ['plain'] });
    const { runs } = (await response.json()) as DemoRun;
    const html = runs[0].highlight!.html;
    expect(html).not.toMatch(/<script|onclick|<iframe|<link|https:\/\/(?:tracker|ads|cdn)\.example/i);
  });

  it('accepts pasted HTML in the form and JSON bodies', async () => {
    const form = new FormData();
    form.append('html', '<p>pasted words</p>');
    form.append('algorithm', 'plain');
    const fromForm = (await (await postForm(form)).json()) as DemoRun;
    expect(fromForm.target.name).toBe('pasted.html');
    expect(fromForm.runs[0].text).toBe('pasted words');
    const fromJson = (await (await postJson({ pages: [{ html: '<p>json words</p>' }], algorithms: 'plain' })).json()) as DemoRun;
    expect(fromJson.runs[0].text).toBe('json words');
  });

  it('decodes uploaded bytes by their declared charset', async () => {
    const latin1 = Buffer.from('<html><head><meta charset="iso-8859-1"></head><body><p>caf\xe9 cr\xe8me</p></body></html>', 'latin1');
    const form = new FormData();
    form.append('page', new Blob([latin1], { type: 'text/html' }), 'latin1.html');
    form.append('algorithm', 'plain');
    const run = (await (await postForm(form)).json()) as DemoRun;
    expect(run.runs[0].text).toBe('café crème');
  });

  it('learns a site algorithm on the other pages and shows its model', async () => {
    const siteApp = createApp({ algorithms: [...ALGORITHMS, COUNTING_SITE_ALGORITHM] });
    const response = await postJson({ pages, algorithms: ['counting', 'plain'], target: 1 }, siteApp);
    const run = (await response.json()) as DemoRun;
    const [counting, plain] = run.runs;
    expect(counting.trainPages).toEqual(['1-storm.html', '3-library.html']);
    expect(counting.timings.learnMs).toBeGreaterThanOrEqual(0);
    expect(counting.text.split('\n')).toEqual([
      'A record apple harvest',
      expect.stringMatching(/^Orchards in the valley/),
      expect.stringMatching(/^Growers say/),
      expect.stringMatching(/^The cooperative/),
    ]);
    expect(marked(counting.highlight!.html, 'boilerplate')).toEqual(expect.arrayContaining(['The Harbour Gazette', 'Most read']));
    expect(JSON.parse(counting.model!.json)).toMatchObject({ version: 1, pages: 2, counts: { 'The Harbour Gazette': 2 } });
    expect(plain.model).toBeNull();
  });

  it('shows what describeModel gives, when the algorithm has it', async () => {
    const described = { ...COUNTING_SITE_ALGORITHM, name: 'described', describeModel: (model: { pages: number }) => ({ pagesLearned: model.pages }) };
    const siteApp = createApp({ algorithms: [described] });
    const run = (await (await postJson({ pages, algorithms: ['described'] }, siteApp)).json()) as DemoRun;
    expect(JSON.parse(run.runs[0].model!.json)).toEqual({ pagesLearned: 2 });
  });

  it.skipIf(!ALGORITHMS.some((algorithm) => algorithm.name === 'segment-table'))('shows the segment table as segments with their DF', async () => {
    const run = (await (await postJson({ pages, algorithms: ['segment-table'], target: 2 })).json()) as DemoRun;
    const [site] = JSON.parse(run.runs[0].model!.json);
    expect(site.segments).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'The Harbour Gazette', df: 3 })]));
  });

  it("runs winnow on a page alone and gives its metadata, its Markdown from the page and each removed block's reason", async () => {
    const table = '<table><tr><th>Day</th><th>Ferry</th></tr><tr><td>Wednesday</td><td>cancelled because of the storm damage to the quay</td></tr><tr><td>Thursday</td><td>runs again on the normal timetable from the harbour</td></tr></table>';
    const html = pages[0].html.replace('<img src=', `${table}<img src=`);
    const run = (await (await postJson({ pages: [{ name: 'storm.html', html }], algorithms: ['winnow'] })).json()) as DemoRun;
    const [result] = run.runs;
    expect(result.error).toBeNull();
    expect(result.metadata).toMatchObject({ title: 'Storm hits the coast', language: 'en' });
    expect(result.markdown).toMatch(/^# Storm hits the coast\n/);
    expect(result.markdown).toContain('| Day | Ferry |\n| --- | --- |\n| Wednesday | cancelled because of the storm damage to the quay |');
    const removed = result.blocks.filter((block) => block.label === 'boilerplate');
    expect(removed.find((block) => block.text === 'Home')?.reason).toMatch(/^model 0\.\d+ < 0\.\d+: .*inside <nav>/);
    expect(marked(result.highlight!.html, 'boilerplate')).toContain('Most read');
    // Page algorithms read no metadata: null, not an empty object.
    const plain = (await (await postJson({ pages: [pages[0]], algorithms: ['plain'] })).json()) as DemoRun;
    expect(plain.runs[0].metadata).toBeNull();
  });

  it('says a site algorithm needs more pages, and still runs the other algorithm', async () => {
    const siteApp = createApp({ algorithms: [...ALGORITHMS, COUNTING_SITE_ALGORITHM] });
    const run = (await (await postJson({ pages: [pages[0]], algorithms: ['plain', 'counting'] }, siteApp)).json()) as DemoRun;
    expect(run.runs[0].error).toBeNull();
    expect(run.runs[1].error).toMatchObject({ code: 'NEEDS_SITE_PAGES' });
  });

  it('reports an algorithm that throws as that run\'s error', async () => {
    const failingApp = createApp({ algorithms: [...ALGORITHMS, FAILING_ALGORITHM] });
    const response = await postJson({ pages: [pages[0]], algorithms: ['failing', 'plain'] }, failingApp);
    expect(response.status).toBe(200);
    const run = (await response.json()) as DemoRun;
    expect(run.runs[0].error).toEqual({ code: 'INTERNAL', message: 'failing failed on this page: boom' });
    expect(run.runs[1].text).toContain('Storm hits the coast');
  });

  it.each(ALGORITHMS.map((algorithm) => [algorithm.name, algorithm.kind]))('registered algorithm %s (%s) runs on the fixture site', async (name) => {
    const run = (await (await postJson({ pages, algorithms: [name], target: 2 })).json()) as DemoRun;
    const [result] = run.runs;
    expect(result.error).toBeNull();
    expect(result.highlight?.html).toContain('data-winnow=');
    // Marked by identity: lines by their offsets, every other extractor by the page's own block indices.
    expect(result.highlight?.mode).toBe(name.startsWith('lineblock') ? 'line' : 'block');
    expect(result.highlight!.kept > 0).toBe(result.text.trim() !== '');
  });
});

describe('POST /api/extract refuses bad input with a JSON error', () => {
  const small = createApp({ maxBodyBytes: 10_000, maxPageBytes: 2_000, maxPages: 2 });

  function form(...entries: [string, string | Blob, string?][]): FormData {
    const data = new FormData();
    for (const [name, value, fileName] of entries) {
      if (typeof value === 'string') data.append(name, value);
      else data.append(name, value, fileName);
    }
    return data;
  }

  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

  it.each<[string, () => Response | Promise<Response>, number, string]>([
    ['no content type', () => small.request('/api/extract', { method: 'POST', body: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a text/plain body', () => small.request('/api/extract', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '<p>x</p>' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['malformed JSON', () => small.request('/api/extract', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pages": [' }), 400, 'MALFORMED_BODY'],
    ['a JSON array', () => postJson([1, 2], small), 400, 'MALFORMED_BODY'],
    ['pages that are not objects', () => postJson({ pages: ['<p>x</p>'] }, small), 400, 'MALFORMED_BODY'],
    [
      'malformed multipart',
      () => small.request('/api/extract', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: '--xyz\r\ngarbage\r\n' }),
      400,
      'MALFORMED_BODY',
    ],
    [
      'multipart without a boundary',
      () => small.request('/api/extract', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' }),
      400,
      'MALFORMED_BODY',
    ],
    ['a body over the limit', () => postJson({ pages: [{ html: 'x'.repeat(20_000) }] }, small), 413, 'PAYLOAD_TOO_LARGE'],
    ['a page over the limit (JSON)', () => postJson({ pages: [{ html: `<p>${'x'.repeat(3_000)}</p>` }] }, small), 413, 'PAGE_TOO_LARGE'],
    ['a page over the limit (file)', () => postForm(form(['page', new Blob(['y'.repeat(3_000)], { type: 'text/html' }), 'big.html']), small), 413, 'PAGE_TOO_LARGE'],
    ['too many pages', () => postJson({ pages: [{ html: 'a' }, { html: 'b' }, { html: 'c' }] }, small), 413, 'TOO_MANY_PAGES'],
    ['an image upload', () => postForm(form(['page', new Blob([PNG], { type: 'image/png' }), 'cat.png']), small), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['binary bytes sent as HTML', () => postForm(form(['page', new Blob([PNG], { type: 'text/html' }), 'cat.html']), small), 415, 'BINARY_INPUT'],
    ['a binary string in JSON', () => postJson({ pages: [{ html: '\u0000\u0001\u0002gz' }] }, small), 415, 'BINARY_INPUT'],
    ['an empty file', () => postForm(form(['page', new Blob([], { type: 'text/html' }), 'empty.html']), small), 400, 'EMPTY_INPUT'],
    ['no page at all', () => postJson({ pages: [] }, small), 400, 'NO_PAGE'],
    ['an unknown algorithm', () => postJson({ pages: [{ html: '<p>x</p>' }], algorithms: ['nope'] }, small), 400, 'UNKNOWN_ALGORITHM'],
    ['three algorithms', () => postJson({ pages: [{ html: '<p>x</p>' }], algorithms: ['plain', 'readability', 'x'] }, small), 400, 'TOO_MANY_ALGORITHMS'],
    ['a target past the pages', () => postJson({ pages: [{ html: '<p>x</p>' }], target: 3 }, small), 400, 'BAD_TARGET'],
    ['a target that is not an index', () => postJson({ pages: [{ html: '<p>x</p>' }], target: 'first' }, small), 400, 'BAD_TARGET'],
    ['a URL while fetching is off', () => postJson({ url: 'https://example.com/' }, small), 403, 'URL_FETCH_DISABLED'],
    [
      'a post from another site',
      () => small.request('/api/extract', { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body: '{}' }),
      403,
      'CROSS_SITE_REQUEST',
    ],
    ['an unknown API route', () => small.request('/api/nope'), 404, 'NOT_FOUND'],
    ['GET on the extract route', () => small.request('/api/extract'), 404, 'NOT_FOUND'],
  ])('%s → %i %s', async (_name, send, status, code) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.json();
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(10);
  });
});

describe('URL fetching, when the operator enables it', () => {
  let origin: Server;
  let base = '';

  beforeAll(async () => {
    origin = createServer((request, response) => {
      if (request.url === '/page') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<html><body><p>fetched words</p></body></html>');
      } else if (request.url === '/redirect-to-file') {
        response.writeHead(302, { location: 'file:///etc/passwd' });
        response.end();
      } else if (request.url === '/image') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.alloc(10));
      } else if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('z'.repeat(50_000));
      } else if (request.url === '/slow') {
        setTimeout(() => response.end('<p>late</p>'), 2_000);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
  });

  const fetching = createApp({ allowUrlFetch: true, maxPageBytes: 20_000, fetchTimeoutMs: 500 });

  it('fetches an http page and extracts it', async () => {
    const response = await postJson({ url: `${base}/page`, algorithms: ['plain'] }, fetching);
    const run = (await response.json()) as DemoRun;
    expect(run.runs[0].text).toBe('fetched words');
    expect(run.target.name).toBe('page');
  });

  it.each([
    ['/redirect-to-file', 400, 'INVALID_URL'],
    ['/image', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['/huge', 413, 'PAGE_TOO_LARGE'],
    ['/slow', 502, 'URL_FETCH_FAILED'],
    ['/missing', 502, 'URL_FETCH_FAILED'],
  ])('refuses %s with %i %s', async (route, status, code) => {
    const response = await postJson({ url: `${base}${route}` }, fetching);
    expect(response.status).toBe(status);
    expect((await response.json()).error.code).toBe(code);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'not a url', 'http://user:secret@example.com/'])('refuses %s before any request', async (url) => {
    const response = await postJson({ url }, fetching);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('INVALID_URL');
  });
});

describe('figures drawn over the page', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const drawn: string[] = [];
  const figures: PageFigure[] = [
    { name: 'boxes', description: 'test: boxes', available: () => true, draw: async (page) => (drawn.push(page.name), { png: PNG, notes: ['drawn'] }) },
    { name: 'needs-a-browser', description: 'test: unavailable', available: () => false, draw: async () => ({ png: PNG, notes: [] }) },
    { name: 'broken', description: 'test: throws', available: () => true, draw: async () => { throw new Error('browser crashed'); } },
  ];
  const figureApp = createApp({ figures });

  it('offers only the available figures', async () => {
    const body = await (await figureApp.request('/api/algorithms')).json();
    expect(body.figures).toEqual([{ name: 'boxes', description: 'test: boxes' }, { name: 'broken', description: 'test: throws' }]);
    expect((await (await app.request('/api/algorithms')).json()).figures).toEqual([]);
  });

  it('draws the target page as a data: URL beside the runs', async () => {
    const run = await (await postJson({ pages, target: 2, algorithms: ['plain'], figure: 'boxes' }, figureApp)).json();
    expect(run.figure).toMatchObject({ name: 'boxes', image: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`, notes: ['drawn'], error: null });
    expect(drawn).toEqual(['3-library.html']);
    expect(run.runs[0].error).toBeNull();
  });

  it('reports a failed drawing without failing the request', async () => {
    const response = await postJson({ pages, algorithms: ['plain'], figure: 'broken' }, figureApp);
    expect(response.status).toBe(200);
    expect((await response.json()).figure).toMatchObject({ image: null, error: { message: 'browser crashed' } });
  });

  it.each(['needs-a-browser', 'nope'])('refuses figure %s with UNKNOWN_FIGURE', async (figure) => {
    const response = await postJson({ pages, algorithms: ['plain'], figure }, figureApp);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('UNKNOWN_FIGURE');
  });
});

describe('hostnameOf', () => {
  it.each([
    ['localhost:8080', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['[::1]:8080', '[::1]'],
    ['Example.COM:80', 'example.com'],
    [undefined, ''],
  ])('%s → %s', (header, hostname) => {
    expect(hostnameOf(header)).toBe(hostname);
  });
});
