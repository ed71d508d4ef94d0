/**
 * Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", IEEE TSE
 * 28(2), 2002), the chunk-removal half: removes ever smaller chunks of the input while it still fails
 * the same way, within a budget of trials and time.
 */
export interface ShrinkBudget {
  maxTrials: number;
  /** Stop after this many milliseconds, keeping the smallest failing input found. */
  maxMs: number;
}

export async function shrink<T extends string | Uint8Array>(input: T, fails: (candidate: T) => Promise<boolean>, budget: ShrinkBudget): Promise<{ input: T; trials: number }> {
  const started = Date.now();
  let current = input;
  let trials = 0;
  const spent = () => trials >= budget.maxTrials || Date.now() - started >= budget.maxMs;
  const without = (value: T, start: number, end: number): T =>
    (typeof value === 'string' ? value.slice(0, start) + value.slice(end) : concat(value.subarray(0, start), value.subarray(end))) as T;
  for (let chunk = Math.ceil(current.length / 2); chunk >= 1 && !spent(); chunk = chunk === 1 ? 0 : Math.ceil(chunk / 2)) {
    for (let start = 0; start < current.length && !spent(); ) {
      const candidate = without(current, start, Math.min(current.length, start + chunk));
      trials++;
      if (candidate.length < current.length && (await fails(candidate))) current = candidate;
      else start += chunk;
    }
  }
  return { input: current, trials };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
