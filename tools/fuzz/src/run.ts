import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ALGORITHMS } from '@winnow/algorithms';
import { DEFAULT_GENERATE_OPTIONS, generateInput, type FuzzInput } from './generate.js';
import { shrink } from './shrink.js';
import { planFor, type InputPlan, type TargetOutcome } from './targets.js';
import type { WorkerRequest, WorkerResponse } from './worker.js';

export interface FuzzOptions {
  count: number;
  seed: number;
  /** Time bound of one target run (an extraction, a CLI run, a demo request) on a page, in milliseconds, plus `msPerMegabyte` per MB of input. */
  timeoutMs: number;
  msPerMegabyte: number;
  /** Where minimized reproducers go (none: not written). */
  out?: string;
  /** Worker threads running inputs side by side. */
  workers: number;
  /** One input in this many is huge (see `HUGE`); 0: none. */
  hugeEvery: number;
  cliEvery: number;
  demoEvery: number;
  /** One input in this many also goes through the built CLI in a child process; 0: never. */
  spawnEvery: number;
  /** Heap limit of a worker thread, in MB: a page that needs more is a failure, not the machine's end. */
  workerHeapMb: number;
  /** Shrink budget per distinct failure. */
  shrinkTrials: number;
  shrinkMs: number;
  /** Called every `progressEvery` inputs. */
  onProgress?: (done: number, summary: FuzzSummary) => void;
  progressEvery: number;
}

export const DEFAULT_FUZZ_OPTIONS: Readonly<Omit<FuzzOptions, 'onProgress' | 'out'>> = Object.freeze({
  count: 2_000,
  seed: 13,
  timeoutMs: 15_000,
  msPerMegabyte: 15_000,
  workers: 1,
  hugeEvery: DEFAULT_GENERATE_OPTIONS.hugeEvery,
  cliEvery: 10,
  demoEvery: 10,
  spawnEvery: 1_000,
  workerHeapMb: 4_096,
  shrinkTrials: 400,
  shrinkMs: 120_000,
  progressEvery: 1_000,
});

export interface FuzzFailure {
  kind: 'crash' | 'hang' | 'worker';
  signature: string;
  target: string;
  message: string;
  index: number;
  steps: string[];
  bytes: number;
  /** How many inputs failed with this signature. */
  occurrences: number;
  /** The reproducer file written, after shrinking. */
  file?: string;
  minimizedBytes?: number;
}

export interface FuzzSummary {
  seed: number;
  inputs: number;
  /** Target runs by outcome, over all inputs. */
  outcomes: { ok: number; typed: number; crash: number };
  /** Typed failures by code. */
  typedCodes: Record<string, number>;
  /** Inputs with at least one crashing target, inputs that hit the time bound, workers that died. */
  crashes: number;
  hangs: number;
  workerDeaths: number;
  /**
   * Inputs over the time bound once but within it when run again at once: the machine was busy (other
   * processes, a collection in the other worker), not the page slow. A hang is an input over the bound twice.
   */
  unrepeatedTimeouts: number;
  failures: FuzzFailure[];
  /** Peak resident set size of the whole run (main thread and workers), in MB. */
  peakRssMb: number;
  slowest: { index: number; steps: string[]; bytes: number; ms: number } | null;
  /** The slowest single target run. */
  slowestTarget: { index: number; target: string; bytes: number; ms: number } | null;
  /** Largest input run, in bytes. */
  largestBytes: number;
  timeBound: string;
  durationMs: number;
}

/** The time bound of one target run on an input of `bytes` bytes. */
export function timeBoundMs(bytes: number, options: Pick<FuzzOptions, 'timeoutMs' | 'msPerMegabyte'>): number {
  return Math.round(options.timeoutMs + (options.msPerMegabyte * bytes) / (1024 * 1024));
}

/** Target runs an input makes under `plan`: the algorithms (site ones twice when learning on it), the CLI, the demo. */
function targetRuns(plan: InputPlan): number {
  const sites = ALGORITHMS.filter((algorithm) => algorithm.kind === 'site').length;
  return ALGORITHMS.length + (plan.learnOnInput ? sites : 0) + (plan.cli ? 1 : 0) + (plan.cliProcess ? 1 : 0) + (plan.demo ? 1 : 0);
}

const byteLength = (html: string | Uint8Array) => (typeof html === 'string' ? Buffer.byteLength(html) : html.length);

const WORKER_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../dist/worker.js' : './worker.js', import.meta.url));

type RunResult = { kind: 'done'; outcomes: TargetOutcome[]; ms: number } | { kind: 'hang'; ms: number } | { kind: 'worker'; message: string; ms: number };

/** One worker thread running pages one at a time; restarted after a hang or a death. */
class PageRunner {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 0;

  constructor(private readonly heapMb: number) {}

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if ((message as { ready?: boolean }).ready) {
          worker.off('message', onMessage);
          worker.off('error', reject);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return this.ready;
  }

  async run(html: string | Uint8Array, plan: InputPlan, boundMs: number): Promise<RunResult> {
    await this.start();
    const worker = this.worker!;
    const id = this.nextId++;
    const started = performance.now();
    return new Promise<RunResult>((resolve) => {
      const finish = (result: RunResult) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(result);
      };
      const onMessage = (message: WorkerResponse) => {
        if (message.id === id) finish({ kind: 'done', outcomes: message.outcomes, ms: performance.now() - started });
      };
      const onError = (error: Error) => {
        this.reset();
        finish({ kind: 'worker', message: `${error.name}: ${error.message}`.slice(0, 300), ms: performance.now() - started });
      };
      const onExit = (code: number) => {
        this.reset();
        finish({ kind: 'worker', message: `worker exited with code ${code}`, ms: performance.now() - started });
      };
      const timer = setTimeout(() => {
        void this.stop();
        finish({ kind: 'hang', ms: performance.now() - started });
      }, boundMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ id, html, plan, processTimeoutMs: boundMs } satisfies WorkerRequest);
    });
  }

  private reset(): void {
    this.worker = null;
    this.ready = null;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.reset();
    if (worker) await worker.terminate();
  }
}

function normalize(message: string): string {
  return message.replace(/:\d+:\d+\)?/g, '').replace(/\d+/g, 'N').slice(0, 200);
}

function failureOf(result: RunResult, boundMs: number): { kind: FuzzFailure['kind']; target: string; message: string; signature: string } | null {
  if (result.kind === 'hang') return { kind: 'hang', target: 'all', message: `no answer within the bound of all its targets (${Math.round(result.ms)} ms)`, signature: 'hang' };
  if (result.kind === 'worker') return { kind: 'worker', target: 'worker', message: result.message, signature: `worker|${normalize(result.message)}` };
  const crash = result.outcomes.find((outcome) => outcome.status === 'crash');
  const slow = result.outcomes.find((outcome) => outcome.ms > boundMs);
  if (!crash && slow) return { kind: 'hang', target: slow.target, message: `${Math.round(slow.ms)} ms, over the bound of ${boundMs} ms`, signature: `hang|${slow.target}` };
  if (!crash) return null;
  return { kind: 'crash', target: crash.target, message: crash.message ?? '', signature: `${crash.target}|${normalize(crash.message ?? '')}` };
}

/** A reproducer file: the minimized page and how to replay it. */
export interface Reproducer {
  kind: FuzzFailure['kind'];
  target: string;
  message: string;
  seed: number;
  index: number;
  steps: string[];
  plan: InputPlan;
  /** The page: a string as is, or bytes in base64. */
  encoding: 'string' | 'base64';
  html: string;
}

export function reproducerPage(reproducer: Reproducer): string | Uint8Array {
  return reproducer.encoding === 'string' ? reproducer.html : new Uint8Array(Buffer.from(reproducer.html, 'base64'));
}

/**
 * Runs `count` generated inputs of `seed` through every target, each within its time bound, and returns
 * the figures; failures are shrunk and written as reproducers into `out`.
 */
export async function runFuzz(given: Partial<FuzzOptions> = {}): Promise<FuzzSummary> {
  const options: FuzzOptions = { ...DEFAULT_FUZZ_OPTIONS, ...given };
  const started = performance.now();
  const summary: FuzzSummary = {
    seed: options.seed,
    inputs: 0,
    outcomes: { ok: 0, typed: 0, crash: 0 },
    typedCodes: {},
    crashes: 0,
    hangs: 0,
    workerDeaths: 0,
    unrepeatedTimeouts: 0,
    failures: [],
    peakRssMb: 0,
    slowest: null,
    slowestTarget: null,
    largestBytes: 0,
    timeBound: `${options.timeoutMs} ms + ${options.msPerMegabyte} ms per MB of input, per target run (an extraction, a CLI run, a demo request) on a page`,
    durationMs: 0,
  };
  const bySignature = new Map<string, FuzzFailure>();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const runners = Array.from({ length: Math.max(1, options.workers) }, () => new PageRunner(options.workerHeapMb));
  let next = 0;

  const record = async (runner: PageRunner, input: FuzzInput, plan: InputPlan, result: RunResult, bound: number) => {
    const bytes = byteLength(input.html);
    summary.inputs++;
    summary.largestBytes = Math.max(summary.largestBytes, bytes);
    if (!summary.slowest || result.ms > summary.slowest.ms) summary.slowest = { index: input.index, steps: input.steps, bytes, ms: Math.round(result.ms) };
    if (result.kind === 'done') {
      for (const outcome of result.outcomes) {
        summary.outcomes[outcome.status]++;
        if (!summary.slowestTarget || outcome.ms > summary.slowestTarget.ms) summary.slowestTarget = { index: input.index, target: outcome.target, bytes, ms: Math.round(outcome.ms) };
        if (outcome.code) summary.typedCodes[outcome.code] = (summary.typedCodes[outcome.code] ?? 0) + 1;
      }
    }
    const failure = failureOf(result, bound);
    if (!failure) return;
    if (failure.kind === 'crash') summary.crashes++;
    else if (failure.kind === 'hang') summary.hangs++;
    else summary.workerDeaths++;
    const known = bySignature.get(failure.signature);
    if (known) {
      known.occurrences++;
      return;
    }
    const entry: FuzzFailure = { ...failure, index: input.index, steps: input.steps, bytes, occurrences: 1 };
    bySignature.set(failure.signature, entry);
    summary.failures.push(entry);
    if (!options.out) return;
    // Shrink while the page fails the same way (hangs: within a smaller budget, each trial costs the bound).
    const hang = failure.kind === 'hang';
    const { input: minimized } = await shrink(
      input.html,
      async (candidate) => {
        const bound = timeBoundMs(byteLength(candidate), options);
        const trial = await runner.run(candidate, plan, bound * targetRuns(plan));
        return failureOf(trial, bound)?.signature === failure.signature;
      },
      { maxTrials: hang ? 12 : options.shrinkTrials, maxMs: options.shrinkMs },
    );
    entry.minimizedBytes = byteLength(minimized);
    const reproducer: Reproducer = {
      kind: failure.kind,
      target: failure.target,
      message: failure.message,
      seed: options.seed,
      index: input.index,
      steps: input.steps,
      plan,
      encoding: typeof minimized === 'string' ? 'string' : 'base64',
      html: typeof minimized === 'string' ? minimized : Buffer.from(minimized).toString('base64'),
    };
    mkdirSync(options.out, { recursive: true });
    const slug = `${failure.kind}-${failure.target.replace(/[^a-z0-9-]+/gi, '-')}-${createHash('sha256').update(failure.signature).digest('hex').slice(0, 8)}`;
    entry.file = path.join(options.out, `${slug}.json`);
    writeFileSync(entry.file, `${JSON.stringify(reproducer, null, 2)}\n`);
  };

  const loop = async (runner: PageRunner) => {
    for (let index = next++; index < options.count; index = next++) {
      const input = generateInput(options.seed, index, { hugeEvery: options.hugeEvery });
      const plan = planFor(index, options);
      const bound = timeBoundMs(byteLength(input.html), options);
      let result = await runner.run(input.html, plan, bound * targetRuns(plan));
      if (failureOf(result, bound)?.kind === 'hang') {
        const again = await runner.run(input.html, plan, bound * targetRuns(plan));
        if (failureOf(again, bound)?.kind !== 'hang') {
          summary.unrepeatedTimeouts++;
          result = again;
        }
      }
      await record(runner, input, plan, result, bound);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (options.onProgress && summary.inputs % options.progressEvery === 0) options.onProgress(summary.inputs, { ...summary, peakRssMb: Math.round(peakRss / 2 ** 20) });
    }
  };

  try {
    await Promise.all(runners.map(loop));
  } finally {
    clearInterval(sampler);
    await Promise.all(runners.map((runner) => runner.stop()));
  }
  summary.peakRssMb = Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20);
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}

/** Replays a reproducer in a worker within its time bound: the failure it records, or null when it no longer fails. */
export async function replay(reproducer: Reproducer, options: Pick<FuzzOptions, 'timeoutMs' | 'msPerMegabyte' | 'workerHeapMb'> = DEFAULT_FUZZ_OPTIONS): Promise<string | null> {
  const runner = new PageRunner(options.workerHeapMb);
  try {
    const page = reproducerPage(reproducer);
    const bound = timeBoundMs(byteLength(page), options);
    const result = await runner.run(page, reproducer.plan, bound * targetRuns(reproducer.plan));
    const failure = failureOf(result, bound);
    return failure ? `${failure.kind} in ${failure.target}: ${failure.message}` : null;
  } finally {
    await runner.stop();
  }
}

/** The summary as the lines `pnpm fuzz` prints. */
export function formatSummary(summary: FuzzSummary): string {
  const lines = [
    `seed ${summary.seed}: ${summary.inputs} inputs in ${(summary.durationMs / 1000).toFixed(1)} s`,
    `per-page time bound: ${summary.timeBound}`,
    `target runs: ${summary.outcomes.ok} extractions, ${summary.outcomes.typed} typed WinnowErrors, ${summary.outcomes.crash} crashes`,
    `typed errors by code: ${Object.entries(summary.typedCodes).map(([code, count]) => `${code} ${count}`).join(', ') || 'none'}`,
    `crashes: ${summary.crashes} inputs, hangs: ${summary.hangs}, worker deaths: ${summary.workerDeaths}`,
    `over the bound once but not when run again at once (a busy machine, not a slow page): ${summary.unrepeatedTimeouts} inputs`,
    `peak memory (RSS, whole run): ${summary.peakRssMb} MB; largest input ${(summary.largestBytes / 2 ** 20).toFixed(1)} MB`,
    `slowest page: #${summary.slowest?.index} (${summary.slowest?.steps.join(' ')}, ${summary.slowest?.bytes} bytes) ${summary.slowest?.ms} ms through all its targets`,
    `slowest target run: ${summary.slowestTarget?.target} on #${summary.slowestTarget?.index} (${summary.slowestTarget?.bytes} bytes) ${summary.slowestTarget?.ms} ms`,
  ];
  for (const failure of summary.failures) {
    lines.push(
      `  ${failure.kind} ×${failure.occurrences} ${failure.target}: ${failure.message} (first #${failure.index}, ${failure.bytes} bytes${failure.file ? ` → ${failure.minimizedBytes} bytes in ${failure.file}` : ''})`,
    );
  }
  return lines.join('\n');
}
