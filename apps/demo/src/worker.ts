import { parentPort } from 'node:worker_threads';
import { toErrorBody } from './errors.js';
import { runDemo, type RunDemoOptions } from './run.js';

/** A worker of `createWorkerRunner`: runs the registry's algorithms off the server's event loop. */
export interface WorkerJob {
  id: number;
  options: Omit<RunDemoOptions, 'registry'>;
}

parentPort?.on('message', (job: WorkerJob) => {
  // The runner's time limit counts from here, not from the worker's start-up (loading every algorithm).
  parentPort!.postMessage({ id: job.id, started: true });
  try {
    parentPort!.postMessage({ id: job.id, run: runDemo(job.options) });
  } catch (cause) {
    parentPort!.postMessage({ id: job.id, error: toErrorBody(cause) });
  }
});
