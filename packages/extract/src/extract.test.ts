import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { extract, learnSite } from './extract.js';

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
