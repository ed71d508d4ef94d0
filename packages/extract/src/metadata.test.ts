import { parseHtml } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { extractMetadata, normalizeDate, stripSiteName } from './metadata.js';

const page = (head: string, body = '') => parseHtml(`<!doctype html><html lang="en-us"><head>${head}</head><body>${body}</body></html>`);

describe('extractMetadata', () => {
  it('reads OpenGraph, article: and standard meta names', () => {
    const document = page(
      `<title>Ten Tips for Tea | Leaf Weekly</title>
       <meta property="og:title" content="Ten Tips for Tea – Leaf Weekly">
       <meta property="og:site_name" content="Leaf Weekly">
       <meta name="author" content="By Ann Lee">
       <meta property="article:published_time" content="2024-05-01T09:30:00+0200">
       <meta name="description" content="How to brew   better tea.">
       <link rel="canonical" href="/tea/ten-tips">`,
      '<p>Body</p>',
    );
    expect(extractMetadata(document, 'https://leaf.example/tea/ten-tips?ref=home')).toEqual({
      title: 'Ten Tips for Tea',
      author: 'Ann Lee',
      published: '2024-05-01T09:30:00+02:00',
      language: 'en-US',
      canonicalUrl: 'https://leaf.example/tea/ten-tips',
      siteName: 'Leaf Weekly',
      description: 'How to brew better tea.',
    });
  });

  it('reads JSON-LD: @graph, author lists, publisher, datePublished', () => {
    const jsonLd = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Garden Notes' },
        { '@type': ['NewsArticle'], headline: 'Roses in Winter', author: [{ '@type': 'Person', name: 'By Bo Chen' }, 'Cy Dee'], datePublished: '2023-12-02', publisher: { name: 'Garden Notes Ltd' } },
      ],
    });
    const document = page(`<title>Roses in Winter - Garden Notes</title><script type="application/ld+json">${jsonLd}</script>`);
    expect(extractMetadata(document)).toMatchObject({ title: 'Roses in Winter', author: 'Bo Chen, Cy Dee', published: '2023-12-02', siteName: 'Garden Notes Ltd' });
  });

  it('never throws on odd JSON-LD and falls back to the page', () => {
    const document = page(
      `<title>Fallback</title>
       <script type="application/ld+json">{ not json</script>
       <script type="application/ld+json">[null, 3, "x", {"@type": 42, "author": {"name": {"deep": true}}}]</script>
       <script type="application/ld+json">{"@type":"Article","author":"https://example.org/people/1"}</script>`,
      '<h1>Slow Bread at Home</h1><p class="byline">By <a href="/author/dee">Dee Fox</a> · <time datetime="2022-03-04">March 4</time></p>',
    );
    expect(extractMetadata(document)).toMatchObject({ title: 'Slow Bread at Home', author: 'Dee Fox', published: '2022-03-04' });
  });

  it('takes the heading over a <title> with a site suffix, but not a one-word logo heading', () => {
    expect(extractMetadata(page('<title>Repair a Bike Chain | Pedal</title>', '<h1>Repair a Bike Chain</h1>')).title).toBe('Repair a Bike Chain');
    expect(extractMetadata(page('<title>Repair a Bike Chain | Pedal</title>', '<h1>Pedal</h1>')).title).toBe('Repair a Bike Chain');
  });

  it('finds a date in the URL, language in og:locale, nothing where the page says nothing', () => {
    const document = parseHtml('<html><head><meta property="og:locale" content="pt_BR"></head><body><p>x</p></body></html>');
    expect(extractMetadata(document, 'https://blog.example/2021/07/09/post/')).toEqual({ published: '2021-07-09', language: 'pt-BR' });
    expect(extractMetadata(parseHtml('<p>nothing</p>'))).toEqual({});
  });

  it('stays linear on a page with many bylines and a large JSON-LD', () => {
    const bylines = '<span class="author">x</span>'.repeat(20_000);
    const big = JSON.stringify({ '@type': 'Article', items: Array.from({ length: 50_000 }, (_, index) => ({ n: index })) });
    const started = performance.now();
    extractMetadata(page(`<script type="application/ld+json">${big}</script>`, bylines));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('normalizeDate', () => {
  it.each([
    ['2024-05-01', '2024-05-01'],
    ['2024-05-01T09:30:00Z', '2024-05-01T09:30:00Z'],
    ['2024-05-01 09:30', '2024-05-01T09:30:00'],
    ['2024/5/1', '2024-05-01'],
    ['01.05.2024', '2024-05-01'],
    ['Posted May 1st, 2024', '2024-05-01'],
    ['1 September 2024', '2024-09-01'],
    ['2024-13-01', undefined],
    ['yesterday', undefined],
  ])('%j → %j', (input, expected) => {
    expect(normalizeDate(input)).toBe(expected);
  });
});

describe('stripSiteName', () => {
  it.each([
    ['Ten Tips | Leaf Weekly', { siteName: 'Leaf Weekly' }, 'Ten Tips'],
    ['Leaf Weekly: Ten Tips', { siteName: 'Leaf Weekly' }, 'Ten Tips'],
    ['Ten Tips - leafweekly.com', { host: 'www.leafweekly.com' }, 'Ten Tips'],
    ['Part One - Part Two', {}, 'Part One - Part Two'],
  ])('%j with %j → %j', (title, options, expected) => {
    expect(stripSiteName(title, options)).toBe(expected);
  });
});
