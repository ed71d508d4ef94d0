import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseHtml } from '@winnow/dom-blocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredUrl, extractFromSiteFolder, linkHrefs, linkedFiles, localLinkTargets, readLinkedPages } from './site-folder.js';
import { docsSite, newsSite } from './test-support/fixtures.js';

describe('localLinkTargets', () => {
  const root = path.resolve('/site');
  const page = path.join(root, 'news', 'today.html');
  it.each([
    ['story.html', undefined, [path.join(root, 'news', 'story.html')]],
    ['../about.html?x=1#top', undefined, [path.join(root, 'about.html')]],
    ['/world/', undefined, [path.join(root, 'world')]],
    ['caf%C3%A9.html', undefined, [path.join(root, 'news', 'café.html')]],
    ['https://example.org/a/b.html', 'https://example.org/news/today.html', [path.join(root, 'a', 'b.html'), path.join(root, 'example.org', 'a', 'b.html')]],
    ['https://other.net/x.html', 'https://example.org/', [path.join(root, 'other.net', 'x.html')]],
    ['//cdn.example.org/p.html', undefined, [path.join(root, 'cdn.example.org', 'p.html')]],
  ])('%s (page url %s) -> %o', (href, pageUrl, expected) => {
    const targets = localLinkTargets(href, page, root, pageUrl);
    for (const candidate of expected) expect(targets).toContain(candidate);
  });

  it.each(['#section', 'mailto:a@b.c', 'javascript:void(0)', 'style.css', 'photo.JPG', '../../../etc/passwd', '', 'ftp://x/y.html'])(
    'ignores %s',
    (href) => {
      expect(localLinkTargets(href, page, root)).toEqual([]);
    },
  );

  it('tries index files and the .html suffix', () => {
    expect(localLinkTargets('/world', page, root)).toEqual([
      path.join(root, 'world'),
      path.join(root, 'world', 'index.html'),
      path.join(root, 'world', 'index.htm'),
      path.join(root, 'world.html'),
    ]);
  });
});

describe('declaredUrl and linkHrefs', () => {
  it('reads base, canonical or og:url, and the hrefs in order', () => {
    const document = parseHtml(
      '<html><head><link rel="canonical" href="https://example.org/a.html"></head><body><a href="x.html">x</a><map><area href="y.html"></map><a>no</a></body></html>',
    );
    expect(declaredUrl(document)).toBe('https://example.org/a.html');
    expect(linkHrefs(document)).toEqual(['x.html', 'y.html']);
    expect(declaredUrl(parseHtml('<p>x</p>'))).toBeUndefined();
  });
});

describe('a site folder', () => {
  let root = '';
  const news = newsSite();
  const docs = docsSite();
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'template-cluster-'));
    mkdirSync(path.join(root, 'news'));
    news.forEach((page, index) => writeFileSync(path.join(root, 'news', `${index}.html`), page.html as string));
    docs.forEach((page, index) => writeFileSync(path.join(root, `doc${index}.html`), page.html as string));
    writeFileSync(path.join(root, 'style.css'), 'body{}');
    const links = [
      ...news.slice(1).map((_, index) => `<a href="${index + 1}.html">n</a>`),
      '<a href="0.html">self</a><a href="1.html#dup">dup</a><a href="/doc0.html">d0</a><a href="../doc1.html">d1</a>',
      '<a href="missing.html">m</a><a href="/style.css">css</a><a href="https://elsewhere.net/x.html">x</a>',
    ].join('');
    writeFileSync(path.join(root, 'news', '0.html'), (news[0].html as string).replace('</body>', `${links}</body>`));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('follows the links that resolve to local pages, once each, never the page itself', () => {
    const pageFile = path.join(root, 'news', '0.html');
    const { files, links } = linkedFiles(parseHtml(new Uint8Array(readFileSync(pageFile))), pageFile, root);
    expect(files).toEqual([
      ...[1, 2, 3, 4, 5].map((index) => path.join(root, 'news', `${index}.html`)),
      path.join(root, 'doc0.html'),
      path.join(root, 'doc1.html'),
    ]);
    expect(links).toBeGreaterThan(files.length);
    expect(linkedFiles(parseHtml(new Uint8Array(readFileSync(pageFile))), pageFile, root, { maxLinkedPages: 2 }).files).toHaveLength(2);
  });

  it('extracts the page with its linked pages, and notes what it followed', () => {
    const extraction = extractFromSiteFolder(path.join(root, 'news', '0.html'), root);
    expect(extraction.notes[0]).toMatch(/^followed 7 of \d+ links to local pages in /);
    expect(extraction.notes[1]).toBe("training set: 5 of 7 pages in the page's template cluster (CP ≤ 0.7)");
    expect(extraction.text).toContain('Mayor opens bridge\nThe new bridge opened on Monday after three years of work.');
    expect(extraction.text).not.toContain('Copyright');
  });

  it('reads the page and its linked pages', () => {
    const { page, linked } = readLinkedPages(path.join(root, 'news', '0.html'), root);
    expect(page.id).toBe(path.join(root, 'news', '0.html'));
    expect(linked).toHaveLength(7);
  });

  it('refuses a missing page or folder with UNREADABLE_INPUT', () => {
    expect(() => readLinkedPages(path.join(root, 'nope.html'), root)).toThrow(expect.objectContaining({ code: 'UNREADABLE_INPUT' }));
    expect(() => readLinkedPages(path.join(root, 'news', '0.html'), path.join(root, 'nope'))).toThrow(/--site-dir/);
  });
});
