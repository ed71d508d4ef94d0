import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DemoError, type DemoErrorCode } from './errors.js';
import { runDemo, type DemoRun, type RunDemoOptions } from './run.js';
import type { WorkerJob } from './worker.js';

/** Runs the algorithms of one request: on the event loop, or in worker threads with a time limit. */
export interface DemoRunner {
  run(options: RunDemoOptions): Promise<DemoRun>;
  close(): Promise<void>;
}

/** Runs on the caller's thread (tests, custom registries): no time limit, nothing to close. */
export function createInlineRunner(): DemoRunner {
  return {
    run: async (options) => runDemo(options),
    close: async () => {},
  };
}

export interface WorkerRunnerOptions {
  /** Worker threads; requests beyond them wait in a queue. */
  workers: number;
  /** A request whose algorithms run longer (counted from when its worker starts on it) is stopped, its worker terminated, with `EXTRACTION_TIMEOUT`. */
  timeoutMs: number;
  /** Requests waiting for a worker before new ones are refused with `SERVER_BUSY`. */
  maxQueue: number;
  /** Heap of one worker, in MB: a page that needs more fails alone, the server stays up. */
  maxHeapMb: number;
}

/**
 * Defaults of the worker runner. A pathological page can keep an algorithm busy for long (Readability took
 * minutes on 2,000 nested `<div>`s before eval capped its depth): a time limit is the only bound that holds
 * for every algorithm, and only a worker can be stopped mid-run.
 */
export const DEFAULT_WORKER_RUNNER_OPTIONS: Readonly<WorkerRunnerOptions> = Object.freeze({
  workers: Math.max(1, Math.min(2, availableParallelism())),
  timeoutMs: 20_000,
  maxQueue: 32,
  maxHeapMb: 1_536,
});

function workerUrl(): URL {
  // Built: dist/worker.js beside this file. Under vitest (src/*.ts): the built copy.
  const sibling = new URL('./worker.js', import.meta.url);
  return existsSync(fileURLToPath(sibling)) ? sibling : new URL('../dist/worker.js', import.meta.url);
}

interface Job {
  id: number;
  options: WorkerJob['options'];
  resolve(run: DemoRun): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Runs eval's registry in a pool of worker threads, one request per worker at a time, each bounded by
 * `timeoutMs` (the worker is terminated and replaced) and by `maxHeapMb`. Custom registries hold
 * functions, which cannot cross to a worker: use the inline runner for them.
 */
export function createWorkerRunner(options: Partial<WorkerRunnerOptions> = {}): DemoRunner {
  const settings: WorkerRunnerOptions = { ...DEFAULT_WORKER_RUNNER_OPTIONS };
  for (const key of Object.keys(settings) as (keyof WorkerRunnerOptions)[]) settings[key] = options[key] ?? settings[key];
  const url = workerUrl();
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;

  const fail = (slot: Slot, code: DemoErrorCode, status: number, message: string, cause?: unknown) => {
    const job = slot.job;
    finish(slot);
    job?.reject(new DemoError(code, status, message, { cause }));
  };

  function finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  function replace(slot: Slot): void {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    dispatch();
  }

  function spawn(): Slot {
    const worker = new Worker(url, {
      resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb },
      // A worker inherits the process's flags; `--input-type` (a server started with `node -e`) fails it.
      execArgv: process.execArgv.filter((flag) => !flag.startsWith('--input-type')),
    });
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (message: { id: number; started?: boolean; run?: DemoRun; error?: { status: number; code: DemoErrorCode; message: string } }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      if (message.started) {
        startTimer(slot);
        return;
      }
      finish(slot);
      if (message.error) job.reject(new DemoError(message.error.code, message.error.status, message.error.message));
      else job.resolve(message.run as DemoRun);
      dispatch();
    });
    worker.on('error', (error) => {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      fail(slot, outOfMemory ? 'PAGE_TOO_LARGE' : 'INTERNAL', outOfMemory ? 413 : 500, outOfMemory
        ? `The algorithms ran out of memory (${settings.maxHeapMb} MB) on this page: try a smaller page.`
        : 'The worker running the algorithms failed on this page: try another page or algorithm.', error);
      replace(slot);
    });
    worker.on('exit', () => {
      if (slot.job) fail(slot, 'INTERNAL', 500, 'The worker running the algorithms stopped: try again.');
      if (slots.includes(slot)) replace(slot);
    });
    slots.push(slot);
    return slot;
  }

  /** The time limit of the slot's job, from when its worker starts on it (a new worker loads first). */
  function startTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      fail(slot, 'EXTRACTION_TIMEOUT', 503, `The algorithms took longer than ${settings.timeoutMs / 1000} s on this page and were stopped: try another algorithm or a smaller page.`);
      replace(slot);
    }, settings.timeoutMs);
  }

  function dispatch(): void {
    while (!closed && queue.length) {
      const slot = slots.find((candidate) => !candidate.job) ?? (slots.length < settings.workers ? spawn() : null);
      if (!slot) return;
      const job = queue.shift() as Job;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, options: job.options } satisfies WorkerJob);
    }
  }

  return {
    run(runOptions) {
      if (closed) return Promise.reject(new DemoError('SERVER_BUSY', 503, 'The server is shutting down.'));
      if (queue.length >= settings.maxQueue) {
        return Promise.reject(new DemoError('SERVER_BUSY', 503, `${queue.length} requests are waiting already: try again in a moment.`));
      }
      const { registry: _registry, ...plain } = runOptions;
      return new Promise<DemoRun>((resolve, reject) => {
        queue.push({ id: nextId++, options: plain, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new DemoError('SERVER_BUSY', 503, 'The server is shutting down.'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          slot.worker.removeAllListeners();
          if (slot.timer) clearTimeout(slot.timer);
          slot.job?.reject(new DemoError('SERVER_BUSY', 503, 'The server is shutting down.'));
          return slot.worker.terminate();
        }),
      );
    },
  };
}
