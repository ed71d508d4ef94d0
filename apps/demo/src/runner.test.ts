import { describe, expect, it } from 'vitest';
import { createWorkerRunner } from './runner.js';

const PAGE = { name: 'a.html', html: '<html><body><nav>Home</nav><p>Kept words of the page.</p></body></html>' };
// A 4 MB page: Readability takes about 8 s on it, far past the 1.5 s limit the test sets.
const PATHOLOGICAL = { name: 'large.html', html: `<html><body>${'<div><p>Some words of a long page, <a href="#">a link</a>.</p></div>'.repeat(60_000)}</body></html>` };

describe('createWorkerRunner', () => {
  it('runs the registry in a worker thread', async () => {
    const runner = createWorkerRunner({ workers: 1 });
    try {
      const run = await runner.run({ pages: [PAGE], target: 0, algorithms: ['plain'], modelPreviewChars: 1_000 });
      expect(run.runs[0].text).toBe('Home\nKept words of the page.');
      expect(run.runs[0].highlight?.mode).toBe('block');
    } finally {
      await runner.close();
    }
  }, 30_000);

  it('stops a run past the time limit and keeps serving', async () => {
    const runner = createWorkerRunner({ workers: 1, timeoutMs: 1_500 });
    try {
      const started = performance.now();
      await expect(runner.run({ pages: [PATHOLOGICAL], target: 0, algorithms: ['readability'], modelPreviewChars: 1_000 })).rejects.toMatchObject({
        code: 'EXTRACTION_TIMEOUT',
        status: 503,
      });
      // The limit counts from the worker's start on the job; the worker's own start-up comes on top, and
      // takes seconds on a loaded machine.
      expect(performance.now() - started).toBeLessThan(20_000);
      const run = await runner.run({ pages: [PAGE], target: 0, algorithms: ['plain'], modelPreviewChars: 1_000 });
      expect(run.runs[0].error).toBeNull();
    } finally {
      await runner.close();
    }
  }, 60_000);

  it('passes the request errors through with their codes', async () => {
    const runner = createWorkerRunner({ workers: 1 });
    try {
      await expect(runner.run({ pages: [PAGE], target: 5, algorithms: ['plain'], modelPreviewChars: 1_000 })).rejects.toMatchObject({ code: 'BAD_TARGET', status: 400 });
      await expect(runner.run({ pages: [PAGE], target: 0, algorithms: ['nope'], modelPreviewChars: 1_000 })).rejects.toMatchObject({ code: 'UNKNOWN_ALGORITHM' });
    } finally {
      await runner.close();
    }
  }, 30_000);

  it('refuses past its queue, and after closing', async () => {
    const runner = createWorkerRunner({ workers: 1, maxQueue: 1, timeoutMs: 2_000 });
    const first = runner.run({ pages: [PATHOLOGICAL], target: 0, algorithms: ['readability'], modelPreviewChars: 1_000 }).catch((error) => error);
    const second = runner.run({ pages: [PAGE], target: 0, algorithms: ['plain'], modelPreviewChars: 1_000 }).catch((error) => error);
    await expect(runner.run({ pages: [PAGE], target: 0, algorithms: ['plain'], modelPreviewChars: 1_000 })).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    await runner.close();
    expect(await first).toMatchObject({ code: 'SERVER_BUSY' });
    expect(await second).toMatchObject({ code: 'SERVER_BUSY' });
    await expect(runner.run({ pages: [PAGE], target: 0, algorithms: ['plain'], modelPreviewChars: 1_000 })).rejects.toMatchObject({ code: 'SERVER_BUSY' });
  }, 30_000);
});
