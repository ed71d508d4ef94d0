import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FUZZ_OPTIONS, formatSummary, runFuzz } from './run.js';

/*
 * pnpm fuzz [--count N] [--seed S] [--timeout ms] [--ms-per-mb ms] [--out dir] [--workers N] [--huge-every N] [--json]
 * Seeded and reproducible: the same seed and count give the same inputs. Exit 1 when an input crashed or
 * hung (the minimized reproducers are in --out, default tools/fuzz/regressions, which a test replays).
 */
const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    seed: { type: 'string' },
    timeout: { type: 'string' },
    'ms-per-mb': { type: 'string' },
    out: { type: 'string' },
    workers: { type: 'string' },
    'huge-every': { type: 'string' },
    'spawn-every': { type: 'string' },
    'progress-every': { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});

if (values.help) {
  console.log('pnpm fuzz [--count N] [--seed S] [--timeout ms] [--ms-per-mb ms] [--out dir] [--workers N] [--huge-every N] [--spawn-every N] [--progress-every N] [--json]');
  process.exit(0);
}

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`fuzz: --${name} must be a whole number ≥ 0, not "${value}"`);
    process.exit(2);
  }
  return number;
}

const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.resolve(values.out ?? path.join(here, '..', 'regressions'));
const options = {
  count: count('count', values.count, DEFAULT_FUZZ_OPTIONS.count),
  seed: count('seed', values.seed, DEFAULT_FUZZ_OPTIONS.seed),
  timeoutMs: count('timeout', values.timeout, DEFAULT_FUZZ_OPTIONS.timeoutMs),
  msPerMegabyte: count('ms-per-mb', values['ms-per-mb'], DEFAULT_FUZZ_OPTIONS.msPerMegabyte),
  workers: Math.max(1, count('workers', values.workers, DEFAULT_FUZZ_OPTIONS.workers)),
  hugeEvery: count('huge-every', values['huge-every'], DEFAULT_FUZZ_OPTIONS.hugeEvery),
  spawnEvery: count('spawn-every', values['spawn-every'], DEFAULT_FUZZ_OPTIONS.spawnEvery),
  progressEvery: Math.max(1, count('progress-every', values['progress-every'], DEFAULT_FUZZ_OPTIONS.progressEvery)),
  out,
};
console.error(`fuzz: ${options.count} inputs, seed ${options.seed}, bound ${options.timeoutMs} ms + ${options.msPerMegabyte} ms/MB per page, reproducers into ${out}`);
const summary = await runFuzz({
  ...options,
  onProgress: (done, partial) =>
    console.error(`fuzz: ${done}/${options.count} inputs, ${partial.crashes} crashes, ${partial.hangs} hangs, peak ${partial.peakRssMb} MB, slowest ${partial.slowest?.ms} ms`),
});
console.log(values.json ? JSON.stringify(summary, null, 2) : formatSummary(summary));
process.exitCode = summary.crashes || summary.hangs || summary.workerDeaths ? 1 : 0;
