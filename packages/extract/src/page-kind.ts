import { jsonLdNodes, schemaTypeName, typesOf } from './metadata.js';

/**
 * schema.org types that declare a page one article (a news story, a blog post, a report): the page's
 * JSON-LD `@type` or microdata `itemtype`. Forum posts (`DiscussionForumPosting`), technical articles
 * (documentation) and pages of many items are left out: their pages need every post or item.
 */
export const ARTICLE_TYPES: ReadonlySet<string> = new Set([
  'article', 'newsarticle', 'blogposting', 'reportagenewsarticle', 'analysisnewsarticle', 'opinionnewsarticle',
  'backgroundnewsarticle', 'reviewnewsarticle', 'askpublicnewsarticle', 'satiricalarticle', 'report', 'liveblogposting',
]);

/** What a page's markup says about it being one article. */
export interface ArticleSignals {
  /** `<meta property="og:type" content="article">`. */
  ogArticle: boolean;
  /** A JSON-LD node or microdata item typed as an article (`ARTICLE_TYPES`). */
  schemaArticle: boolean;
}

/**
 * Reads the page's article declarations: Open Graph's `og:type` and schema.org types (JSON-LD and
 * microdata). One pass over `<meta>`, `<script>` and `[itemtype]` elements; never throws.
 */
export function articleSignals(document: Document): ArticleSignals {
  let ogArticle = false;
  let schemaArticle = false;
  const scripts: Element[] = [];
  for (const element of Array.from(document.querySelectorAll('meta, script, [itemtype]'))) {
    const tag = element.localName;
    if (tag === 'meta') {
      const key = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').trim().toLowerCase();
      if (key === 'og:type' && /^article\b/i.test((element.getAttribute('content') ?? '').trim())) ogArticle = true;
    } else if (tag === 'script') {
      if ((element.getAttribute('type') ?? '').trim().toLowerCase() === 'application/ld+json') scripts.push(element);
    }
    const itemtype = element.getAttribute('itemtype');
    if (itemtype) {
      for (const type of itemtype.trim().split(/\s+/)) if (ARTICLE_TYPES.has(schemaTypeName(type))) schemaArticle = true;
    }
  }
  if (!schemaArticle && scripts.length) schemaArticle = jsonLdNodes(scripts).some((node) => typesOf(node).some((type) => ARTICLE_TYPES.has(type)));
  return { ogArticle, schemaArticle };
}
