import { describe, expect, it } from 'vitest';
import { drawFigure, MAX_FIGURE_BYTES, MAX_FIGURE_QUEUE, queueFigure, type PageFigure } from './figures.js';

const page = { name: 'a.html', html: '<p>a</p>' };

function slowFigure(log: string[]): PageFigure {
  return {
    name: 'slow',
    description: 'test',
    available: () => true,
    async draw(given) {
      log.push(`start ${given.name}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      log.push(`end ${given.name}`);
      return { png: new Uint8Array([1]), notes: [] };
    },
  };
}

describe('queueFigure', () => {
  it('draws one page at a time and refuses past the queue', async () => {
    const log: string[] = [];
    const queued = queueFigure(slowFigure(log));
    const names = Array.from({ length: MAX_FIGURE_QUEUE + 1 }, (_, index) => `${index}.html`);
    const results = await Promise.allSettled(names.map((name) => queued.draw({ ...page, name })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_FIGURE_QUEUE);
    expect(results[MAX_FIGURE_QUEUE]).toMatchObject({ status: 'rejected', reason: { code: 'FIGURE_BUSY' } });
    expect(log.slice(0, 4)).toEqual(['start 0.html', 'end 0.html', 'start 1.html', 'end 1.html']);
    // Once drained, it draws again.
    await expect(queued.draw(page)).resolves.toBeDefined();
  });
});

describe('drawFigure', () => {
  it('refuses a drawing over the size limit', async () => {
    const huge: PageFigure = { name: 'huge', description: 'test', available: () => true, draw: async () => ({ png: new Uint8Array(MAX_FIGURE_BYTES + 1), notes: [] }) };
    expect(await drawFigure(huge, page)).toMatchObject({ image: null, error: { code: 'FIGURE_TOO_LARGE' } });
  });
});
