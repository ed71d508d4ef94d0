import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { extract, extractWithSiteCounts, learnSite } from './extract.js';
import type { SiteCounter } from './site.js';
import { winnowExtractor } from './extractor.js';

const paragraph = (seed: string) =>
  `<p>${seed} The committee met on Tuesday to discuss the proposal, and after a long debate it agreed to publish the report, which covers the findings of the survey, the costs of the programme and the next steps for the council.</p>`;

function articlePage(title: string, body: string[]): string {
  return `<!doctype html><html><head><title>${title} | Example News</title></head><body>
<header class="site-header"><nav class="main-nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/about">About us</a></li></ul></nav></header>
<main><article class="post"><h1>${title}</h1>${body.join('\n')}</article>
<aside class="sidebar related"><h3>Related</h3><ul><li><a href="/a">Another story about the council</a></li><li><a href="/b">Budget vote delayed</a></li></ul></aside></main>
<footer class="site-footer"><p>© 2024 Example News. All rights reserved.</p><p><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></p></footer>
</body></html>`;
}

describe('extract', () => {
  const html = articlePage('Council publishes survey report', [paragraph('First.'), paragraph('Second.'), paragraph('Third.')]);

  it('keeps the article and drops navigation and footer, with a reason for each block', () => {
    const extraction = extract(html);
    expect(extraction.text).toContain('The committee met on Tuesday');
    expect(extraction.text).not.toContain('About us');
    expect(extraction.text).not.toContain('All rights reserved');
    expect(extraction.blocks.every((block) => block.reason.length > 0)).toBe(true);
    expect(extraction.blocks.some((block) => block.label === 'boilerplate')).toBe(true);
  });

  it.each([
    ['an HTML string', html],
    ['bytes', new TextEncoder().encode(html)],
    ['a Page', { id: 'page', html }],
    ['a Document', parseHtml(html)],
  ])('accepts %s', (_name, input) => {
    expect(extract(input).text).toBe(extract(html).text);
  });

  it('reads <noscript> and hidden markup on a page that shows no text without scripts', () => {
    const posts = [paragraph('Post one.'), paragraph('Post two.')].join('');
    const fromNoscript = extract(`<html><body><div id="app"></div><noscript><div class="topic-body">${posts}</div></noscript></body></html>`);
    expect(fromNoscript.text).toContain('Post one.');
    const fromHidden = extract(`<html><body><template id="B:0"></template><div hidden id="S:0"><article>${posts}</article></div></body></html>`);
    expect(fromHidden.text).toContain('Post two.');
  });

  it('returns no content, with a note, for a page without text', () => {
    const extraction = extract('<html><body><div></div></body></html>');
    expect(extraction.text).toBe('');
    expect(extraction.notes).toContain('no main content found');
  });

  it('refuses what it cannot read with a WinnowError', () => {
    expect(() => extract(42 as never)).toThrow(/takes a Page/);
  });
});

describe('metadata and Markdown of the result', () => {
  const documentation = `<!doctype html><html lang="en-GB"><head><title>Install the tool | Toolbox Docs</title>
<meta property="og:site_name" content="Toolbox Docs"><meta name="description" content="How to install the tool.">
<meta name="author" content="Ann Lee"><meta property="article:published_time" content="2024-05-01T09:30:00Z">
<link rel="canonical" href="/docs/install"></head><body>
<nav class="main-nav"><ul><li><a href="/">Home</a></li><li><a href="/docs">Docs</a></li><li><a href="/blog">Blog</a></li><li><a href="/about">About</a></li></ul></nav>
<main><article><h1>Install the tool</h1>
${paragraph('Setup.').replace('The committee', 'Read <a href="/docs/requirements">the requirements</a> first. The committee')}
<h2>Supported systems</h2>
<table><tr><th>System</th><th>Version</th><th>Notes on the installation</th></tr><tr><td>Linux</td><td>5.10 and later</td><td>Use the package of your distribution, which keeps the tool up to date.</td></tr><tr><td>macOS</td><td>13 and later</td><td>Use the installer from the release page, signed by the project.</td></tr></table>
<h2>Steps</h2>
<ol><li>Download the archive for your system from the release page of the project.</li><li>Unpack the archive into a folder of your choice and open a terminal there.</li><li>Run the installer and follow the questions it asks about the target folder.</li></ol>
<pre><code class="language-sh">tar xf tool.tar.gz
./tool --install</code></pre>
${paragraph('Done.')}</article></main>
<footer class="site-footer"><p>© 2024 Toolbox. All rights reserved.</p></footer></body></html>`;
  const page = { id: 'install', html: documentation, url: 'https://docs.example/docs/install?from=home' };

  it("gives the page's metadata, the canonical URL made absolute against the page's URL", () => {
    expect(extract(page).metadata).toEqual({
      title: 'Install the tool',
      author: 'Ann Lee',
      published: '2024-05-01T09:30:00Z',
      language: 'en-GB',
      canonicalUrl: 'https://docs.example/docs/install',
      siteName: 'Toolbox Docs',
      description: 'How to install the tool.',
    });
  });

  it.each([
    ['an HTML string', documentation],
    ['bytes', new TextEncoder().encode(documentation)],
    ['an ArrayBuffer', new TextEncoder().encode(documentation).buffer],
    ['a Document', parseHtml(documentation)],
  ])('gives metadata for %s too, with the URL from the options', (_name, input) => {
    expect(extract(input, { url: page.url }).metadata).toEqual(extract(page).metadata);
    const alone = extract(input).metadata;
    expect(alone).toMatchObject({ title: 'Install the tool', author: 'Ann Lee' });
    // A relative canonical link needs the page's URL.
    expect(alone?.canonicalUrl).toBeUndefined();
  });

  it('renders the content as GFM Markdown: heading, table, ordered list and fenced code kept, navigation left out', () => {
    const { markdown, text } = extract(page);
    expect(markdown).toContain('# Install the tool\n\n');
    expect(markdown).toContain('## Supported systems\n\n| System | Version | Notes on the installation |\n| --- | --- | --- |\n| Linux | 5.10 and later |');
    expect(markdown).toContain('1. Download the archive for your system from the release page of the project.\n2. Unpack the archive');
    expect(markdown).toContain('```sh\ntar xf tool.tar.gz\n./tool --install\n```');
    expect(markdown).toContain('Read the requirements first.');
    expect(markdown).not.toMatch(/About|All rights reserved/);
    expect(text).toContain('Read the requirements first.');
  });

  it("keeps links and images when asked, resolved against the page's URL or the base given", () => {
    expect(extract(page, { markdown: { links: true } }).markdown).toContain('Read [the requirements](https://docs.example/docs/requirements) first.');
    expect(extract(page, { markdown: { links: true, baseUrl: 'https://mirror.example/' } }).markdown).toContain('[the requirements](https://mirror.example/docs/requirements)');
  });

  it('gives plain data: the Markdown and metadata survive JSON and structuredClone', () => {
    const extraction = extract(page);
    expect(structuredClone(extraction)).toEqual(extraction);
    expect(JSON.parse(JSON.stringify(extraction))).toEqual(JSON.parse(JSON.stringify(structuredClone(extraction))));
    expect(JSON.parse(JSON.stringify(extraction)).markdown).toBe(extraction.markdown);
  });

  it('passes options through winnowExtractor', () => {
    const extraction = winnowExtractor.extract(winnowExtractor.learn([]), page, { markdown: { links: true } });
    expect(extraction.markdown).toContain('[the requirements](https://docs.example/docs/requirements)');
    expect(extraction.metadata?.title).toBe('Install the tool');
  });
});

describe('learnSite', () => {
  const pages = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) => ({ id: name, html: articlePage(`${name} report published`, [paragraph(`${name} one.`), paragraph(`${name} two.`)]) }));

  it('drops text recurring across the site', () => {
    const site = learnSite(pages.slice(0, 3));
    expect(site.pages).toBe(3);
    const extraction = extract(pages[3], { site });
    expect(extraction.text).toContain('Delta one.');
    expect(extraction.text).not.toContain('Budget vote delayed');
    expect(extraction.notes.join(' ')).toMatch(/site evidence/);
  });

  it('sets the site evidence aside for a page of another template', () => {
    const site = learnSite(pages.slice(0, 3));
    const other = `<html><body><table><tr><td><font><b>Completely different layout</b></font></td></tr><tr><td>${paragraph('Table.').replace(/<\/?p>/g, '')}</td></tr></table></body></html>`;
    const extraction = extract(other, { site });
    expect(extraction.notes.join(' ')).toMatch(/set aside/);
    expect(extraction.text).toContain('Table.');
  });
});

describe('extractWithSiteCounts', () => {
  const pages = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => ({ id: name, html: articlePage(`${name} report published`, [paragraph(`${name} one.`), paragraph(`${name} two.`)]) }));

  /** The segment table's counting, in a Map: document frequencies before the page, then the page added. */
  function memoryCounter(): SiteCounter & { pages: number } {
    const frequencies = new Map<string, number>();
    const counter = Object.assign(
      (keys: readonly string[]) => {
        const before = { pages: counter.pages, frequencies: keys.map((key) => frequencies.get(key) ?? 0) };
        for (const key of new Set(keys)) frequencies.set(key, (frequencies.get(key) ?? 0) + 1);
        counter.pages++;
        return before;
      },
      { pages: 0 },
    );
    return counter;
  }

  it('judges a site\'s first pages alone and learns from each page as the pages stream by', async () => {
    const counter = memoryCounter();
    const results = [];
    for (const page of pages) results.push(await extractWithSiteCounts(page, counter));
    expect(counter.pages).toBe(5);
    // Pages 1-3 have fewer than `minPages` (3) pages before them: judged alone, as `extract` does.
    for (let index = 0; index < 3; index++) expect(results[index].text).toBe(extract(pages[index]).text);
    // Pages 4 and 5: the evidence of the pages before, the same as a site model learned from them.
    expect(results[3].notes.join(' ')).toMatch(/site evidence/);
    expect(results[3].text).toBe(extract(pages[3], { site: learnSite(pages.slice(0, 3)) }).text);
    expect(results[4].text).toContain('Echo one.');
    expect(results[4].text).not.toContain('Budget vote delayed');
  });

  it('judges a page of more site keys than the limit alone, without counting it', async () => {
    const counter = memoryCounter();
    const result = await extractWithSiteCounts(pages[0], counter, {}, 5);
    expect(counter.pages).toBe(0);
    expect(result.notes.join(' ')).toMatch(/site evidence unused: the page has \d+ site keys, more than 5; judged alone and not counted/);
    expect(result.text).toBe(extract(pages[0]).text);
  });

  it('accepts an asynchronous store and refuses an answer of the wrong length', async () => {
    const counter = memoryCounter();
    const asynchronous: SiteCounter = async (keys) => counter(keys);
    expect((await extractWithSiteCounts(pages[0], asynchronous)).text).toContain('Alpha one.');
    await expect(extractWithSiteCounts(pages[1], () => ({ pages: 1, frequencies: [1] }))).rejects.toMatchObject({ code: 'STORE_ERROR' });
  });
});
