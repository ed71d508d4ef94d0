import { describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { articleSignals } from './page-kind.js';

const page = (head: string, body = '<p>Text</p>') => parseHtml(`<html><head>${head}</head><body>${body}</body></html>`);

describe('articleSignals', () => {
  it('reads og:type article', () => {
    expect(articleSignals(page('<meta property="og:type" content="article">')).ogArticle).toBe(true);
    expect(articleSignals(page('<meta property="og:type" content="website">')).ogArticle).toBe(false);
  });

  it('reads schema.org article types in JSON-LD, nested in @graph too, and in microdata', () => {
    const graph = '<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":["NewsArticle"],"headline":"x"}]}</script>';
    expect(articleSignals(page(graph)).schemaArticle).toBe(true);
    expect(articleSignals(page('', '<div itemscope itemtype="https://schema.org/BlogPosting"><p>Text</p></div>')).schemaArticle).toBe(true);
    expect(articleSignals(page('<script type="application/ld+json">{"@type":"Product"}</script>')).schemaArticle).toBe(false);
    expect(articleSignals(page('<script type="application/ld+json">{"@type":"DiscussionForumPosting"}</script>')).schemaArticle).toBe(false);
  });

  it('reads schema.org discussion types (a thread, a question, comments as items) in JSON-LD and microdata', () => {
    expect(articleSignals(page('<script type="application/ld+json">{"@type":"DiscussionForumPosting"}</script>')).discussion).toBe(true);
    expect(articleSignals(page('<script type="application/ld+json">{"@graph":[{"@type":"QAPage"}]}</script>')).discussion).toBe(true);
    expect(articleSignals(page('', '<div itemscope itemtype="http://schema.org/Comment"><p>Text</p></div>')).discussion).toBe(true);
    expect(articleSignals(page('<script type="application/ld+json">{"@type":"NewsArticle"}</script>')).discussion).toBe(false);
  });

  it('survives broken JSON-LD', () => {
    const signals = articleSignals(page('<script type="application/ld+json">{"@type": "Article",</script>', '<article>a</article>'));
    expect(signals).toEqual({ ogArticle: false, schemaArticle: false, discussion: false });
  });
});
