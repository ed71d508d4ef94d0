import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ALGORITHMS, type Algorithm } from '@winnow/algorithms';
import { main } from '@winnow/cli';
import { createApp } from '@winnow/demo';
import { isWinnowError, type Extraction, type Page } from '@winnow/dom-blocks';

/*
 * Where a fuzz input goes: every registered algorithm (site algorithms learn on a few generated pages of
 * one site, and now and then on the input itself), the CLI's `extract` (its exported `main`, and now and
 * then the built `winnow` binary in a child process) and the demo's `POST /api/extract` (its Hono app,
 * in process). Each gives an extraction or a typed failure; anything else is a crash.
 */

export type OutcomeStatus = 'ok' | 'typed' | 'crash';

export interface TargetOutcome {
  /** `algo:plain`, `learn:fce`, `cli:lineblock`, `cli-process:plain`, `demo:readability`. */
  target: string;
  status: OutcomeStatus;
  /** The WinnowError code (or the demo's error code) of a typed failure. */
  code?: string;
  /** A crash's message (first line) and the top of its stack. */
  message?: string;
  ms: number;
}

export interface InputPlan {
  /** Also learn the site algorithms on the input beside the generated site pages. */
  learnOnInput: boolean;
  /** Run the CLI's `main` with this algorithm (none: skip the CLI). */
  cli?: string;
  /** Spawn the built CLI with this algorithm. */
  cliProcess?: string;
  /** POST the page to the demo with these algorithms. */
  demo?: string[];
}

/** Which of the costlier targets an input goes through: a fixed rotation by index, so a run is reproducible. */
export function planFor(index: number, options: { cliEvery: number; demoEvery: number; spawnEvery: number }): InputPlan {
  const names = ALGORITHMS.map((algorithm) => algorithm.name);
  const pageNames = ALGORITHMS.filter((algorithm) => algorithm.kind === 'page').map((algorithm) => algorithm.name);
  const plan: InputPlan = { learnOnInput: index % 10 === 0 };
  if (options.cliEvery > 0 && index % options.cliEvery === 0) plan.cli = names[Math.floor(index / options.cliEvery) % names.length];
  if (options.spawnEvery > 0 && index % options.spawnEvery === 0) plan.cliProcess = names[Math.floor(index / options.spawnEvery) % names.length];
  if (options.demoEvery > 0 && index % options.demoEvery === 1 % options.demoEvery) {
    const turn = Math.floor(index / options.demoEvery);
    plan.demo = [pageNames[turn % pageNames.length], pageNames[(turn + 1) % pageNames.length]];
  }
  return plan;
}

/** A page of a small generated site: shared navigation and footer, an article of its own. */
export function sitePage(n: number): Page {
  const topics = ['harbour', 'council', 'budget', 'river', 'school', 'station'];
  const topic = topics[n % topics.length];
  return {
    id: `site/${n}`,
    site: 'fuzz.example',
    html: `<!doctype html><html><head><title>Story ${n}</title></head><body>
<div id="nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li></ul></div>
<div id="main"><h2>The ${topic} story number ${n}</h2><p>Paragraph one of story ${n} tells of the ${topic} in detail ${n * 7}.</p>
<p>Paragraph two of story ${n} quotes officials on ${n * 11} matters of the ${topics[(n + 1) % 6]}.</p></div>
<div id="footer"><p>Copyright Fuzz Example. All rights reserved.</p></div></body></html>`,
  };
}

/** Site pages the site algorithms learn from. */
export const SITE_PAGES: readonly Page[] = Object.freeze([1, 2, 3].map(sitePage));

function firstLines(cause: unknown): string {
  if (cause instanceof Error) {
    const frame = cause.stack?.split('\n').find((line) => line.trim().startsWith('at ')) ?? '';
    return `${cause.name}: ${cause.message.split('\n')[0].slice(0, 300)}${frame ? ` ${frame.trim()}` : ''}`;
  }
  return String(cause).slice(0, 300);
}

function settle(target: string, work: () => unknown): TargetOutcome {
  const started = performance.now();
  try {
    work();
    return { target, status: 'ok', ms: performance.now() - started };
  } catch (cause) {
    const ms = performance.now() - started;
    if (isWinnowError(cause)) return { target, status: 'typed', code: cause.code, ms };
    return { target, status: 'crash', message: firstLines(cause), ms };
  }
}

function checkExtraction(extraction: Extraction): void {
  if (typeof extraction?.text !== 'string' || !Array.isArray(extraction.blocks)) throw new TypeError('the extractor returned no { text, blocks } extraction');
}

export class Targets {
  private readonly models = new Map<string, unknown>();
  private readonly app = createApp();
  private readonly cliScript: string;

  constructor(private readonly algorithms: readonly Algorithm[] = ALGORITHMS) {
    for (const algorithm of algorithms) if (algorithm.kind === 'site') this.models.set(algorithm.name, algorithm.learn([...SITE_PAGES]));
    this.cliScript = path.join(path.dirname(fileURLToPath(import.meta.resolve('@winnow/cli'))), 'cli.js');
  }

  /** Runs one page through the planned targets. */
  async run(html: string | Uint8Array, plan: InputPlan, processTimeoutMs = 60_000): Promise<TargetOutcome[]> {
    const page: Page = { id: 'fuzz-page', html, site: 'fuzz.example' };
    const outcomes: TargetOutcome[] = [];
    for (const algorithm of this.algorithms) {
      if (algorithm.kind === 'page') {
        outcomes.push(settle(`algo:${algorithm.name}`, () => checkExtraction(algorithm.extract(page))));
      } else {
        outcomes.push(settle(`algo:${algorithm.name}`, () => checkExtraction(algorithm.extract(this.models.get(algorithm.name), page))));
        if (plan.learnOnInput) {
          outcomes.push(settle(`learn:${algorithm.name}`, () => checkExtraction(algorithm.extract(algorithm.learn([...SITE_PAGES, page]), page))));
        }
      }
    }
    const bytes = typeof html === 'string' ? Buffer.from(html) : Buffer.from(html.buffer, html.byteOffset, html.byteLength);
    if (plan.cli) outcomes.push(await this.runCli(plan.cli, bytes));
    if (plan.cliProcess) outcomes.push(this.runCliProcess(plan.cliProcess, bytes, processTimeoutMs));
    if (plan.demo) outcomes.push(await this.runDemo(plan.demo, html));
    return outcomes;
  }

  private async runCli(algo: string, bytes: Buffer): Promise<TargetOutcome> {
    const target = `cli:${algo}`;
    const started = performance.now();
    let stderr = '';
    try {
      const code = await main(['extract', '-', '--algo', algo], { stdout: () => {}, stderr: (text) => (stderr += text), stdin: Readable.from([bytes]), progress: false });
      return cliOutcome(target, code, stderr, performance.now() - started);
    } catch (cause) {
      return { target, status: 'crash', message: `main threw: ${firstLines(cause)}`, ms: performance.now() - started };
    }
  }

  private runCliProcess(algo: string, bytes: Buffer, timeoutMs: number): TargetOutcome {
    const target = `cli-process:${algo}`;
    const started = performance.now();
    const child = spawnSync(process.execPath, [this.cliScript, 'extract', '-', '--algo', algo], { input: bytes, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 });
    const ms = performance.now() - started;
    if (child.error || child.signal) return { target, status: 'crash', message: `winnow ${child.signal ? `killed by ${child.signal}` : String(child.error)}`, ms };
    return cliOutcome(target, child.status ?? -1, child.stderr.toString('utf8'), ms);
  }

  private async runDemo(algorithms: string[], html: string | Uint8Array): Promise<TargetOutcome> {
    const target = `demo:${algorithms.join('+')}`;
    const started = performance.now();
    try {
      let response: Response;
      if (typeof html === 'string') {
        response = await this.app.request('/api/extract', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pages: [{ name: 'page.html', html }], algorithms }),
        });
      } else {
        const form = new FormData();
        form.append('page', new Blob([new Uint8Array(html)]), 'page.html');
        for (const algorithm of algorithms) form.append('algorithm', algorithm);
        response = await this.app.request('/api/extract', { method: 'POST', body: form });
      }
      const body = (await response.json()) as { error?: { code: string; message: string }; runs?: { error: { code: string; message: string } | null }[] };
      const ms = performance.now() - started;
      const errors = [body.error, ...(body.runs ?? []).map((run) => run.error)].filter((error): error is { code: string; message: string } => Boolean(error));
      const internal = errors.find((error) => error.code === 'INTERNAL');
      if (response.status >= 500 && (internal || !errors.length)) return { target, status: 'crash', message: `HTTP ${response.status} ${internal?.code ?? ''}`.trim(), ms };
      if (internal) return { target, status: 'crash', message: `INTERNAL: ${internal.message}`, ms };
      return errors.length ? { target, status: 'typed', code: errors[0].code, ms } : { target, status: 'ok', ms };
    } catch (cause) {
      return { target, status: 'crash', message: `the demo app threw: ${firstLines(cause)}`, ms: performance.now() - started };
    }
  }
}

/** Exit 0: an extraction; exit 1 with `CODE: message` lines: typed failures; anything else a crash. */
function cliOutcome(target: string, code: number, stderr: string, ms: number): TargetOutcome {
  if (code === 0) return { target, status: 'ok', ms };
  const typed = /winnow: (?:[^\n]*?: )?([A-Z][A-Z_]+): /.exec(stderr);
  if (code === 1 && typed) return { target, status: 'typed', code: typed[1], ms };
  return { target, status: 'crash', message: `exit ${code}: ${stderr.split('\n')[0].slice(0, 300)}`, ms };
}
