import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { extractWithReadability, nestedAtLeast, READABILITY_MAX_DEPTH } from './readability.js';

const article = `<p>${'The storm reached the coast late on Monday and thousands of homes lost power. '.repeat(12)}</p>`;

describe('the Readability peer', () => {
  it('extracts an article into the shared result shape', () => {
    const extraction = extractWithReadability({ id: 'a', html: `<html><body><nav><a href="/">Home</a></nav><article>${article}</article></body></html>` });
    expect(extraction.text).toContain('The storm reached the coast');
    // The blocks are the page's own, labelled by whether they reached the article.
    expect(extraction.unit).toBe('block');
    expect(extraction.blocks.filter((block) => block.label === 'content').map((block) => block.order)).toEqual([4]);
    expect(extraction.blocks.find((block) => block.text === 'Home')).toMatchObject({ label: 'boilerplate', tag: 'nav' });
    expect(extraction.notes[0]).toMatch(/peer/);
  });

  it('stays fast on 200,000 levels of nesting (depth capped before Readability sees it)', () => {
    const depth = 200_000;
    const started = performance.now();
    const extraction = extractWithReadability({ id: 'deep', html: `<html><body>${'<div>'.repeat(depth)}${article}${'</div>'.repeat(depth)}</body></html>` });
    expect(extraction.text).toContain('The storm reached the coast');
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('caps nesting the block tree does not see (inside <object>), found by the fuzz run', () => {
    const html = `<html><body><object>${'<div>'.repeat(800)}x${'</div>'.repeat(800)}</object>${article}</body></html>`;
    expect(nestedAtLeast(parseHtml(html), READABILITY_MAX_DEPTH)).toBe(true);
    expect(nestedAtLeast(parseHtml(`<html><body>${article}</body></html>`), READABILITY_MAX_DEPTH)).toBe(false);
    const started = performance.now();
    expect(extractWithReadability({ id: 'object', html }).text).toContain('The storm reached the coast');
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('gives a result on a page Readability threw on (found by the fuzz run)', () => {
    const extraction = extractWithReadability({ id: 'fuzz', html: '<html><h><p>p><body >ml c=3ent"ame>a { color' });
    expect(typeof extraction.text).toBe('string');
    expect(extraction.notes.join(' ')).toMatch(/^(readability: (failed on this page|no article found)|peer: Mozilla Readability)/);
  });

  it('reports a page without an article as a result, not an error', () => {
    expect(extractWithReadability({ id: 'empty', html: '<html><body></body></html>' }).notes).toContain('readability: no article found');
  });
});
