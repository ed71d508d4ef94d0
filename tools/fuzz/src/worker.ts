import { parentPort } from 'node:worker_threads';
import { Targets, type InputPlan, type TargetOutcome } from './targets.js';

/** A request to the worker: one page through the planned targets. */
export interface WorkerRequest {
  id: number;
  html: string | Uint8Array;
  plan: InputPlan;
  processTimeoutMs: number;
}

export interface WorkerResponse {
  id: number;
  outcomes: TargetOutcome[];
}

// Loading every algorithm, the CLI and the demo once per worker, then one page at a time.
const targets = new Targets();
parentPort!.on('message', async (request: WorkerRequest) => {
  const outcomes = await targets.run(request.html, request.plan, request.processTimeoutMs);
  parentPort!.postMessage({ id: request.id, outcomes } satisfies WorkerResponse);
});
parentPort!.postMessage({ ready: true });
