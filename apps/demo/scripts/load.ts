// Load run of the demo server on loopback, bounded in time (autocannon):
//   pnpm load -- [--duration 10] [--connections 4] [--algorithm plain] [--pathological] [--json]
// Phase 1 posts a typical page (the median-size page of scrapinghub-aeb when DATASETS_DIR or
// ../shared/datasets is there, else the fixture article) for extraction. Phase 2 mixes in oversized,
// malformed and binary uploads. The server runs in a child process; the run fails if it dies or stops
// answering. Build first (pnpm build).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import autocannon, { type Request, type Result } from 'autocannon';

const here = path.dirname(new URL(import.meta.url).pathname);
const packageDir = path.resolve(here, '..');
const args = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const duration = Number(flag('duration', '10'));
const connections = Number(flag('connections', '4'));
const algorithm = flag('algorithm', 'plain');
const asJson = args.includes('--json');
// --pathological: a phase 3 adds a page of 2,000 nested divs (Readability needed minutes for it before eval
// capped its depth at 256 levels; now it is merely deep) with the
// server's time limit at 2 s, to show a stuck algorithm costs one request, not the server.
const pathological = args.includes('--pathological');
const TIME_LIMIT_MS = pathological ? 2_000 : 20_000;
/** Limits of the server under load: the oversized upload is just past them. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_PAGE_BYTES = 1024 * 1024;

function typicalPage() {
  const datasets = process.env.DATASETS_DIR ?? path.resolve(packageDir, '../../../shared/datasets');
  const folder = path.join(datasets, 'scrapinghub-aeb/html');
  if (existsSync(folder)) {
    const files = readdirSync(folder).filter((name) => name.endsWith('.html.gz')).sort();
    const sized = files.map((name) => ({ name, html: gunzipSync(readFileSync(path.join(folder, name))).toString('utf8') }));
    sized.sort((a, b) => a.html.length - b.html.length || a.name.localeCompare(b.name));
    const median = sized[Math.floor(sized.length / 2)];
    return { source: `scrapinghub-aeb median page ${median.name}`, html: median.html };
  }
  const fixture = path.join(packageDir, 'test/fixtures/site/1-storm.html');
  return { source: 'fixture test/fixtures/site/1-storm.html (datasets not found)', html: readFileSync(fixture, 'utf8') };
}

function startServerProcess() {
  const script = `
    const { startServer } = await import(${JSON.stringify(path.join(packageDir, 'dist/index.js'))});
    const server = await startServer({ port: 0, maxBodyBytes: ${MAX_BODY_BYTES}, maxPageBytes: ${MAX_PAGE_BYTES}, figures: [], workers: { timeoutMs: ${TIME_LIMIT_MS} } });
    process.stdout.write(server.url + '\\n');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
    child.once('exit', (code) => reject(new Error(`server exited early with code ${code}`)));
  });
  return { child, url };
}

interface Part {
  name: string;
  filename?: string;
  type?: string;
  value: string | Buffer;
}

function multipart(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const page = typicalPage();
const good: Request & { headers: Record<string, string>; body: Buffer } = {
  method: 'POST',
  path: '/api/extract',
  headers: { 'content-type': 'multipart/form-data; boundary=winnowload' },
  body: multipart('winnowload', [
    { name: 'page', filename: 'page.html', type: 'text/html', value: page.html },
    { name: 'algorithm', value: algorithm },
  ]),
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, ...new Array(500).fill(0)]);
const bad: Record<string, Request> = {
  oversized: { method: 'POST', path: '/api/extract', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pages: [{ html: 'x'.repeat(MAX_BODY_BYTES + 1024) }] }) },
  malformedMultipart: { method: 'POST', path: '/api/extract', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: '--xyz\r\nContent-Disposition: form-data; name="page"\r\n\r\n<p>never closed' },
  binary: {
    method: 'POST',
    path: '/api/extract',
    headers: { 'content-type': 'multipart/form-data; boundary=winnowbin' },
    body: multipart('winnowbin', [{ name: 'page', filename: 'image.html', type: 'text/html', value: PNG }]),
  },
  malformedJson: { method: 'POST', path: '/api/extract', headers: { 'content-type': 'application/json' }, body: '{"pages": [{"html": ' },
};
const deep: Request = {
  method: 'POST',
  path: '/api/extract',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ pages: [{ name: 'deep.html', html: `${'<div>'.repeat(2_000)}deep text` }], algorithms: ['readability'] }),
};
// Seven good requests for every three bad ones (one of each kind in turn).
const mixed: Request[] = [good, bad.malformedMultipart, good, good, bad.binary, good, good, bad.oversized, good, bad.malformedJson];

function summary(name: string, result: Result) {
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));
  return {
    phase: name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    statusCodes: codes,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
  };
}

async function alive(url: string): Promise<boolean> {
  const response = await fetch(new URL('/api/health', url));
  return response.ok && (await response.json()).ok === true;
}

/** Reference measured on the same machine in the same minute: dom-blocks' parse of the page, median of 15. */
async function parseReferenceMs(html: string): Promise<number> {
  const { parseHtml } = await import(path.resolve(packageDir, '../../packages/dom-blocks/dist/index.js'));
  const times: number[] = [];
  for (let index = 0; index < 20; index++) {
    const start = performance.now();
    parseHtml(html);
    if (index >= 5) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 10) / 10;
}

const parseMs = await parseReferenceMs(page.html);
const { child, url: urlPromise } = startServerProcess();
let crashed: { code: number | null; signal: NodeJS.Signals | null } | null = null;
child.on('exit', (code, signal) => (crashed = { code, signal }));
try {
  const url = await urlPromise;
  const base = { url, connections, duration, timeout: 30 };
  // Warm up the JIT and check the typical page extracts.
  const warm = await fetch(new URL('/api/extract', url), { method: 'POST', headers: good.headers, body: new Uint8Array(good.body) });
  if (!warm.ok) throw new Error(`the typical page failed: HTTP ${warm.status} ${await warm.text()}`);
  const phases: ReturnType<typeof summary>[] = [];
  phases.push(summary('typical page only', await autocannon({ ...base, requests: [good] })));
  phases.push(summary('mixed: 7 typical, 1 oversized, 1 malformed multipart, 1 binary, 1 malformed JSON per 10', await autocannon({ ...base, requests: mixed })));
  if (pathological) {
    phases.push(summary(`mixed + 1 pathological page per 10 (time limit ${TIME_LIMIT_MS / 1000} s)`, await autocannon({ ...base, requests: [...mixed.slice(0, 9), deep] })));
  }
  const stillAlive = !crashed && (await alive(url));
  const loadAverage = (await import('node:os')).loadavg()[0];
  const report = { page: page.source, pageBytes: Buffer.byteLength(page.html), algorithm, connections, durationSeconds: duration, node: process.version, parseReferenceMs: parseMs, loadAverage, phases, serverAlive: stillAlive, crashed };
  if (asJson) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`load run: ${report.page} (${report.pageBytes} bytes), algorithm ${algorithm}, ${connections} connections, ${duration} s per phase, Node ${process.version}`);
    console.log('| phase | requests | req/s | p50 ms | p99 ms | max ms | status codes | connection errors |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const phase of phases) {
      console.log(`| ${phase.phase} | ${phase.requests} | ${phase.requestsPerSecond} | ${phase.latencyP50Ms} | ${phase.latencyP99Ms} | ${phase.latencyMaxMs} | ${Object.entries(phase.statusCodes).map(([code, count]) => `${code}×${count}`).join(' ')} | ${phase.connectionErrors} |`);
    }
    console.log(`reference: parseHtml of the page ${parseMs} ms (median, this machine, just before the run); 1-minute load average after the run ${loadAverage.toFixed(1)}`);
    console.log(`server alive after the run: ${stillAlive ? 'yes' : 'NO'}`);
  }
  if (!stillAlive) process.exitCode = 1;
} finally {
  child.kill();
}
