import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from '@winnow/title-segmenter';
import { main } from '../main.js';
import { formatSegmentation, runSegment } from './segment.js';

const folder = mkdtempSync(path.join(tmpdir(), 'winnow-segment-'));
const page = path.join(folder, 'page.html');
writeFileSync(page, `<html><body><ul><li><a href=/>Home</a></li></ul><h1>Story title</h1><p>${'Body words. '.repeat(10)}</p>
  <h2>Related</h2><ul><li><a href=/a>Another story</a></li></ul></body></html>`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('runSegment', () => {
  it('segments with the estimated layout and lists content blocks', async () => {
    const result = await runSegment({ input: page, layout: 'estimate', json: false });
    expect(result.segmentation.contentBlocks.map((block) => block.title.text)).toEqual(['Story title', 'Related']);
    expect(result.rendered).toMatch(/^content block 1: "Story title"/);
    expect(result.rendered).toMatch(/2 content blocks, \d+ minimum blocks/);
    expect(formatSegmentation(result.segmentation)).toBe(result.rendered);
  });

  it('prints JSON without DOM references', async () => {
    const result = await runSegment({ input: page, layout: 'estimate', json: true });
    const json = JSON.parse(result.rendered);
    expect(json.contentBlocks[0].title.text).toBe('Story title');
    expect(json.contentBlocks[0].box).toHaveProperty('width');
  });

  it('refuses --png without a browser', async () => {
    await expect(runSegment({ input: page, layout: 'estimate', json: false, png: path.join(folder, 'x.png') })).rejects.toThrow(/needs Chromium/);
  });

  it.each([
    [['segment', page, '--layout', 'estimate'], 0, /content block 1/],
    [['segment', page, '--layout', 'paper'], 2, /--layout must be one of/],
    [['segment', path.join(folder, 'missing.html'), '--layout', 'estimate'], 2, /No such file/],
  ])('main %j exits %i', async (argv, code, pattern) => {
    let out = '';
    const exit = await main(argv, { stdout: (text) => (out += text), stderr: (text) => (out += text), progress: false });
    expect(exit).toBe(code);
    expect(out).toMatch(pattern);
  });
});

describe.skipIf(!chromiumAvailable())('runSegment with Chromium', () => {
  it('writes a PNG with the content blocks outlined', async () => {
    const png = path.join(folder, 'out.png');
    const result = await runSegment({ input: page, layout: 'chromium', json: false, png });
    expect(result.segmentation.layoutSource).toBe('chromium');
    expect(existsSync(png)).toBe(true);
    expect([...readFileSync(png).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }, 30_000);
});
