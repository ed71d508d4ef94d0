import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractPlain } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { loadGoldenPages } from './golden.js';

describe('loadGoldenPages', () => {
  it('reads <slug>/source.html, expected.txt, expected-metadata.json and url.txt in slug order', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'winnow-golden-'));
    const write = (slug: string, files: Record<string, string>) => {
      mkdirSync(path.join(root, slug));
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, slug, name), text);
    };
    write('forum-10', { 'source.html': '<h1>Thread</h1><p>Post</p>', 'expected.txt': 'Thread\r\nPost\r\n' });
    write('article-2', {
      'source.html': '<title>A | Site</title><h1>A</h1>',
      'expected.txt': 'A\n',
      'expected-metadata.json': '{ "title": "A" }',
      'url.txt': 'https://site.example/a\n',
    });
    mkdirSync(path.join(root, 'notes'));
    const pages = loadGoldenPages(root);
    expect(pages.map((page) => [page.slug, page.pageType, page.url, page.expectedText, page.expectedMetadata])).toEqual([
      ['article-2', 'article', 'https://site.example/a', 'A', { title: 'A' }],
      ['forum-10', 'forum', undefined, 'Thread\nPost', undefined],
    ]);
    // The all-text baseline keeps every expected line of these two pages.
    for (const page of pages) expect(extractPlain({ id: page.slug, html: page.html }).text.split('\n')).toEqual(expect.arrayContaining(page.expectedText.split('\n')));
  });

  it('says what is missing', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'winnow-golden-'));
    mkdirSync(path.join(root, 'article-x'));
    writeFileSync(path.join(root, 'article-x', 'source.html'), '<p>x</p>');
    expect(() => loadGoldenPages(root)).toThrow(/no expected.txt/);
    expect(() => loadGoldenPages(path.join(root, 'absent'))).toThrow(/No golden pages at/);
  });
});
