/**
 * Dataset-driven: linkedom (with winnow's input fixes) against parse5, the spec's HTML5 tree builder.
 * On real pages, the visible text winnow reads must not be less than what a browser's parser sees.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { buildBlockTree, SKIPPED_TAGS } from './blocks.js';
import { htmlToString, parseHtml } from './parse.js';

const DATASETS_DIR = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/datasets');
const present = existsSync(path.join(DATASETS_DIR, 'scrapinghub-aeb'));
/** Under WINNOW_REQUIRE_DATASETS=1 (CI) missing datasets fail the suite instead of skipping it. */
const required = process.env.WINNOW_REQUIRE_DATASETS === '1';
if (!present) console.warn(`parse5 parity: no datasets at ${DATASETS_DIR} (set DATASETS_DIR): ${required ? 'failing (WINNOW_REQUIRE_DATASETS=1)' : 'skipped'}`);

/** Sampling step (WINNOW_PARITY_STEP=1 reads every page of every dataset). */
const STEP = Math.max(1, Number(process.env.WINNOW_PARITY_STEP ?? 3));

/** Every `step`-th file of a folder, in name order. */
function sample(folder: string, step: number): string[] {
  return readdirSync(folder)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .filter((_, index) => index % step === 0)
    .map((file) => path.join(folder, file));
}

function pages(): { id: string; html: string }[] {
  const list: { id: string; bytes: Uint8Array }[] = [];
  const aeb = path.join(DATASETS_DIR, 'scrapinghub-aeb', 'html');
  for (const file of sample(aeb, STEP)) list.push({ id: path.relative(DATASETS_DIR, file), bytes: gunzipSync(readFileSync(file)) });
  for (const site of ['arstechnica', 'bbc', 'nytimes', 'wiki', 'yahoo', 'chaos']) {
    for (const file of sample(path.join(DATASETS_DIR, 'cetd', site, 'original'), STEP * 3)) list.push({ id: path.relative(DATASETS_DIR, file), bytes: readFileSync(file) });
  }
  for (const file of sample(path.join(DATASETS_DIR, 'cleaneval-dev', 'input'), Math.max(1, STEP - 1))) list.push({ id: path.relative(DATASETS_DIR, file), bytes: readFileSync(file) });
  for (const site of readdirSync(path.join(DATASETS_DIR, 'debian-sites'))) {
    const folder = path.join(DATASETS_DIR, 'debian-sites', site, 'pages');
    if (existsSync(folder)) for (const file of sample(folder, STEP * 8)) list.push({ id: path.relative(DATASETS_DIR, file), bytes: readFileSync(file) });
  }
  return list.map(({ id, bytes }) => ({ id, html: htmlToString(new Uint8Array(bytes)) }));
}

interface Parse5Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Parse5Node[];
}

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Non-whitespace characters of the visible text parse5 finds in <body>, iteratively. */
function parse5VisibleCharacters(html: string): number {
  const document = parse(html) as unknown as Parse5Node;
  const htmlElement = document.childNodes?.find((node) => node.nodeName === 'html');
  const body = htmlElement?.childNodes?.find((node) => node.nodeName === 'body');
  let count = 0;
  const stack: Parse5Node[] = body ? [body] : [];
  while (stack.length) {
    const node = stack.pop() as Parse5Node;
    if (node.nodeName === '#text') {
      count += (node.value ?? '').replace(/[\s\u00a0\u200b\ufeff]/g, '').length;
      continue;
    }
    if (SKIPPED_TAGS.has(node.nodeName)) continue;
    const attributes = node.attrs ?? [];
    if (attributes.some((attribute) => attribute.name === 'hidden' || (attribute.name === 'style' && HIDDEN_STYLE.test(attribute.value)))) continue;
    if (node.childNodes) stack.push(...node.childNodes);
  }
  return count;
}

function winnowVisibleCharacters(html: string): number {
  const tree = buildBlockTree(parseHtml(html));
  return tree.segments.reduce((sum, segment) => sum + segment.text.replace(/[\s\u00a0\u200b\ufeff]/g, '').length, 0);
}

/** Share of parse5's visible characters winnow may miss on a page (entity or whitespace edge cases). */
const PAGE_TOLERANCE = 0.01;

describe.skipIf(!present && !required)('dom-blocks against parse5 on the datasets', () => {
  it.runIf(!present)('has its datasets', () => {
    throw new Error(`parse5 parity: no datasets at ${DATASETS_DIR}; WINNOW_REQUIRE_DATASETS=1 makes missing data a failure: set DATASETS_DIR`);
  });
  it('loses no visible text', () => {
    const losses: string[] = [];
    let total = 0;
    let ours = 0;
    const all = pages();
    for (const page of all) {
      const expected = parse5VisibleCharacters(page.html);
      const actual = winnowVisibleCharacters(page.html);
      total += expected;
      ours += Math.min(actual, expected);
      if (actual < expected * (1 - PAGE_TOLERANCE)) losses.push(`${page.id}: ${actual} of ${expected} characters`);
    }
    expect(all.length).toBeGreaterThan(150 / STEP);
    expect(losses).toEqual([]);
    expect(ours / total).toBeGreaterThan(0.999);
  }, 300_000);
});
