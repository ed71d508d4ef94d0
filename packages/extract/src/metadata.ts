import { ELEMENT_NODE, walkTree, type PageMetadata } from '@winnow/dom-blocks';

/*
 * Page metadata as readers of the page's markup find it: the OpenGraph protocol (https://ogp.me), the
 * `article:` properties of OpenGraph's article type, schema.org JSON-LD (https://schema.org/Article), the
 * HTML Living Standard's standard metadata names (§4.2.5.1) and `<time datetime>` (§4.5.14), Dublin
 * Core meta names, and the conventions of blogs (a `rel=author` link, a `byline` class, a date in the
 * URL path). Each field takes the first source, in a fixed order, that gives a usable value; the order
 * was chosen on WCXB's development split (WCXB, Murrough Foley 2026: its `truth/` title, author and
 * publish date). There, over its 1,358 pages parsed as the HTML standard builds them (`parseHtml`): title
 * exact match 72.9 % (the `<title>` element as is: 19.7 %), author 70.0 % of the 673 pages that name one,
 * publication date 76.7 % of the 708 that give one. (Figures of the linkedom parse the order was chosen
 * with: 73.0 %, 72.2 %, 76.1 %.)
 */

/** Longest value kept for a field; longer ones are cut at a word (a description, a broken attribute). */
export const MAX_METADATA_LENGTH = 1000;
/** Longest author name believed: a byline element holding more is a paragraph, not a name. */
export const MAX_AUTHOR_LENGTH = 100;
/** JSON-LD read per page, in characters, and nodes visited: bounds the work on hostile pages. */
export const MAX_JSON_LD_CHARACTERS = 1_000_000;
export const MAX_JSON_LD_NODES = 10_000;
/** Elements looked at for bylines and dates in the body: bounds the work on huge pages. */
export const MAX_BODY_CANDIDATES = 200;

/** Title separators between a page's title and its site's name (`Title | Site`, `Title – Site`). */
const TITLE_SEPARATOR = /\s+[|–—·•»:\-]\s+|\s+[|–—·•»]|[|–—·•»:]\s+/;

/** schema.org types whose node describes the page's main item (its headline, author, date). */
const MAIN_ITEM_TYPES = new Set([
  'article',
  'newsarticle',
  'blogposting',
  'techarticle',
  'scholarlyarticle',
  'report',
  'analysisnewsarticle',
  'reportagenewsarticle',
  'opinionnewsarticle',
  'reviewnewsarticle',
  'liveblogposting',
  'socialmediaposting',
  'discussionforumposting',
  'qapage',
  'question',
  'howto',
  'recipe',
  'product',
  'event',
  'course',
  'jobposting',
  'review',
  'creativework',
  'medicalwebpage',
  'faqpage',
]);
const PAGE_TYPES = new Set(['webpage', 'itempage', 'aboutpage', 'contactpage', 'collectionpage', 'profilepage', 'searchresultspage', 'checkoutpage']);
const SITE_TYPES = new Set(['website', 'organization', 'newsmediaorganization', 'corporation', 'localbusiness', 'onlinestore']);

export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whitespace collapsed, trimmed, cut at `MAX_METADATA_LENGTH`; undefined when empty. */
function clean(value: unknown, max = MAX_METADATA_LENGTH): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** A schema.org type as named in JSON-LD or microdata (`NewsArticle`, `schema:NewsArticle`, `https://schema.org/NewsArticle`), lower-cased and without its vocabulary. */
export function schemaTypeName(type: string): string {
  return type.toLowerCase().replace(/^.*[/#:]/, '');
}

/** The lower-cased `@type`s of a JSON-LD node. */
export function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((item): item is string => typeof item === 'string').map(schemaTypeName);
}

/** Every object of the page's JSON-LD, breadth first (`@graph`, arrays and nested values), bounded. */
export function jsonLdNodes(scripts: readonly Element[]): JsonObject[] {
  const nodes: JsonObject[] = [];
  let budget = MAX_JSON_LD_CHARACTERS;
  for (const script of scripts) {
    const source = (script.textContent ?? '').trim();
    if (source === '' || source.length > budget) continue;
    budget -= source.length;
    let parsed: unknown;
    try {
      // Some sites leave an HTML comment or a trailing semicolon around the JSON.
      parsed = JSON.parse(source.replace(/^<!--/, '').replace(/-->$/, '').replace(/;\s*$/, ''));
    } catch {
      continue;
    }
    const queue: unknown[] = [parsed];
    for (let index = 0; index < queue.length && nodes.length < MAX_JSON_LD_NODES; index++) {
      const value = queue[index];
      if (Array.isArray(value)) {
        for (const item of value) if (typeof item === 'object' && item !== null) queue.push(item);
      } else if (isObject(value)) {
        nodes.push(value);
        for (const key of Object.keys(value)) {
          const child = value[key];
          if (typeof child === 'object' && child !== null) queue.push(child);
        }
      }
      if (queue.length > MAX_JSON_LD_NODES * 4) break;
    }
  }
  return nodes;
}

const BY_PREFIX = /^\s*(?:written\s+|posted\s+|published\s+)?by[:\s]+/i;

/** A person or organisation as JSON-LD gives it: a string, `{ name }`, or a list of either. */
function namesOf(value: unknown): string | undefined {
  const list = Array.isArray(value) ? value : [value];
  const names: string[] = [];
  for (const item of list.slice(0, 20)) {
    const name = typeof item === 'string' ? item : isObject(item) ? item.name : undefined;
    // Some publishers write the byline's "By" into the structured name too.
    const text = clean(typeof name === 'string' ? name.replace(BY_PREFIX, '') : undefined, MAX_AUTHOR_LENGTH);
    if (text && !looksLikeUrl(text) && !names.includes(text)) names.push(text);
  }
  return names.length ? names.join(', ') : undefined;
}

const looksLikeUrl = (text: string) => /^(?:https?:)?\/\//i.test(text) || /^www\./i.test(text);

/** The `content` of meta elements by lower-cased `name`, `property` or `itemprop` (the first of each). */
function metaContents(metas: readonly Element[]): Map<string, string> {
  const contents = new Map<string, string>();
  for (const meta of metas) {
    const content = clean(meta.getAttribute('content'));
    if (content === undefined) continue;
    for (const attribute of ['property', 'name', 'itemprop', 'http-equiv']) {
      const keys = (meta.getAttribute(attribute) ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      for (const key of keys) if (!contents.has(key)) contents.set(key, content);
    }
  }
  return contents;
}

const firstOf = (...values: (string | undefined)[]) => values.find((value) => value !== undefined);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (value: number) => String(value).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A date as ISO 8601: an ISO date or date-time is kept (a date-time with its offset, as given), other
 * common shapes (`May 1, 2024`, `1 May 2024`, `2024/05/01`, `01.05.2024`) become `YYYY-MM-DD`.
 */
export function normalizeDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?/i.exec(text);
  if (iso) {
    const date = isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (!date) return undefined;
    if (iso[4] === undefined) return date;
    const zone = iso[7] === undefined ? '' : iso[7].toUpperCase() === 'Z' ? 'Z' : iso[7].includes(':') ? iso[7] : `${iso[7].slice(0, 3)}:${iso[7].slice(3)}`;
    return `${date}T${iso[4]}:${iso[5]}:${iso[6] ?? '00'}${zone}`;
  }
  const numeric = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})\b/.exec(text);
  if (numeric) return isoDate(Number(numeric[1]), Number(numeric[2]), Number(numeric[3]));
  const dayFirst = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(text);
  if (dayFirst) return isoDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const monthName = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i.exec(text);
  if (monthName && MONTHS.includes(monthName[1].slice(0, 3).toLowerCase())) {
    return isoDate(Number(monthName[3]), MONTHS.indexOf(monthName[1].slice(0, 3).toLowerCase()) + 1, Number(monthName[2]));
  }
  const dayName = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})\b/i.exec(text);
  if (dayName && MONTHS.includes(dayName[2].slice(0, 3).toLowerCase())) {
    return isoDate(Number(dayName[3]), MONTHS.indexOf(dayName[2].slice(0, 3).toLowerCase()) + 1, Number(dayName[1]));
  }
  return undefined;
}

/** A date in the URL's path: `/2024/05/01/`, `/2024-05-01-title`. */
function dateFromUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const match = /\/((?:19|20)\d{2})[/-](\d{1,2})[/-](\d{1,2})(?:[/-]|$)/.exec(url);
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

function resolveUrl(href: string | undefined, base: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const resolved = base ? new URL(href, base) : new URL(href);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/** A BCP 47 tag from `en_US`, `EN-us`, `en-US,fr`. */
function normalizeLanguage(value: string | undefined): string | undefined {
  const tag = value?.split(/[,;\s]/)[0]?.replace(/_/g, '-');
  if (!tag || !/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(tag)) return undefined;
  const [language, ...rest] = tag.split('-');
  return [language.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
}

const textOf = (element: Element | null | undefined) => clean(element?.textContent ?? undefined);

/** A byline's name: "By Ann Lee" → "Ann Lee"; undefined when it reads like a sentence or a date. */
function bylineName(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const name = text
    .replace(BY_PREFIX, '')
    .replace(/^(?:author|posted by|written by)[:\s]+/i, '')
    .replace(/\s*[|·•].*$/, '')
    .trim();
  if (name === '' || name.length > MAX_AUTHOR_LENGTH || looksLikeUrl(name)) return undefined;
  if (/\d{4}|\d{1,2}[/.]\d{1,2}/.test(name) || name.split(' ').length > 8) return undefined;
  return name;
}

/** Class names of elements holding an author's name, most specific first. */
const AUTHOR_NAME_CLASS = /(?:^|\s)(?:author-name|author__name|byline__name|c-byline__author|article-author|post-author|entry-author)(?:\s|$)/i;
const BYLINE_CLASS = /(?:^|\s)(?:byline|author|by-author)(?:\s|$)|byline/i;
const AUTHOR_CLASS = /author/i;
const AUTHOR_HREF = /\/(?:author|authors|profile|user|members)\//i;
const DATE_CLASS = /date|publish|posted|byline|entry-meta|post-meta|article-meta/i;

/** What the body offers for author and date, gathered in one pass over the page's elements. */
/**
 * schema.org types that declare a page one article (a news story, a blog post, a report): the page's
 * JSON-LD `@type` or microdata `itemtype`. Forum posts (`DiscussionForumPosting`), technical articles
 * (documentation) and pages of many items are left out: their pages need every post or item.
 */
export const ARTICLE_TYPES: ReadonlySet<string> = new Set([
  'article', 'newsarticle', 'blogposting', 'reportagenewsarticle', 'analysisnewsarticle', 'opinionnewsarticle',
  'backgroundnewsarticle', 'reviewnewsarticle', 'askpublicnewsarticle', 'satiricalarticle', 'report', 'liveblogposting',
]);

/**
 * schema.org types that declare a discussion: a forum thread, a question and its answers, comments as
 * items. On such a page the replies are content, even when the page also declares an article.
 */
export const DISCUSSION_TYPES: ReadonlySet<string> = new Set(['discussionforumposting', 'qapage', 'question', 'answer', 'comment', 'usercomments']);

/** What a page's markup says about it being one article. */
export interface ArticleSignals {
  /** `<meta property="og:type" content="article">`. */
  ogArticle: boolean;
  /** A JSON-LD node or microdata item typed as an article (`ARTICLE_TYPES`). */
  schemaArticle: boolean;
  /** A JSON-LD node or microdata item typed as a discussion (`DISCUSSION_TYPES`). */
  discussion: boolean;
}

interface BodyEvidence {
  /** `og:type` is `article` (any of the page's `<meta>`, not only the first `MAX_BODY_CANDIDATES`). */
  ogArticle: boolean;
  /** An element's `itemtype` names an article type. */
  itemArticle: boolean;
  /** An element's `itemtype` names a discussion type. */
  itemDiscussion: boolean;
  /** Author candidates by rank (0 = most specific), each in document order, bounded. */
  authors: Element[][];
  /** An element marked as the publication date (`itemprop=datePublished`, `<time pubdate>`). */
  markedDate?: Element;
  times: Element[];
  dateTexts: Element[];
  h1?: Element;
  title?: Element;
  canonical?: string;
  metas: Element[];
  scripts: Element[];
}

function gatherEvidence(document: Document): BodyEvidence {
  const evidence: BodyEvidence = { ogArticle: false, itemArticle: false, itemDiscussion: false, authors: [[], [], [], [], [], []], times: [], dateTexts: [], metas: [], scripts: [] };
  const add = (list: Element[], element: Element) => {
    if (list.length < MAX_BODY_CANDIDATES) list.push(element);
  };
  // One walk in document order (a `querySelectorAll('*')` list costs more than the walk itself).
  const visit = (element: Element) => {
    const tag = element.localName;
    const itemtype = element.getAttribute('itemtype');
    if (itemtype && !(evidence.itemArticle && evidence.itemDiscussion)) {
      for (const type of itemtype.trim().split(/\s+/)) {
        const name = schemaTypeName(type);
        if (ARTICLE_TYPES.has(name)) evidence.itemArticle = true;
        if (DISCUSSION_TYPES.has(name)) evidence.itemDiscussion = true;
      }
    }
    if (tag === 'meta') {
      add(evidence.metas, element);
      const key = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').trim().toLowerCase();
      if (key === 'og:type' && /^article\b/i.test((element.getAttribute('content') ?? '').trim())) evidence.ogArticle = true;
    } else if (tag === 'script') {
      if ((element.getAttribute('type') ?? '').toLowerCase().trim() === 'application/ld+json') evidence.scripts.push(element);
      return;
    } else if (tag === 'style') return;
    else if (tag === 'title') evidence.title ??= element;
    else if (tag === 'h1') evidence.h1 ??= element;
    else if (tag === 'link' && evidence.canonical === undefined && /(?:^|\s)canonical(?:\s|$)/i.test(element.getAttribute('rel') ?? '')) {
      evidence.canonical = element.getAttribute('href') ?? undefined;
    } else if (tag === 'time') add(evidence.times, element);
    const itemprop = element.getAttribute('itemprop');
    if (itemprop) {
      if (/(?:^|\s)author(?:\s|$)/.test(itemprop)) add(evidence.authors[0], element);
      if (/(?:^|\s)datePublished(?:\s|$)/.test(itemprop)) evidence.markedDate ??= element;
    }
    if (tag === 'time' && element.hasAttribute('pubdate')) evidence.markedDate ??= element;
    if (/(?:^|\s)author(?:\s|$)/i.test(element.getAttribute('rel') ?? '')) add(evidence.authors[1], element);
    // The attribute node's value: the same string, without a DOM's class-list bookkeeping (linkedom builds one).
    const className = element.getAttributeNode('class')?.value ?? '';
    if (className) {
      if (AUTHOR_NAME_CLASS.test(className)) add(evidence.authors[2], element);
      else if (BYLINE_CLASS.test(className)) add(evidence.authors[3], element);
      else if (AUTHOR_CLASS.test(className)) add(evidence.authors[5], element);
      if (DATE_CLASS.test(className)) add(evidence.dateTexts, element);
    }
    if (tag === 'a' && AUTHOR_HREF.test(element.getAttribute('href') ?? '')) add(evidence.authors[4], element);
  };
  const root = document.documentElement;
  if (root) {
    walkTree(root, {
      enter: (node) => {
        if (node.nodeType !== ELEMENT_NODE) return false;
        visit(node as Element);
        const tag = (node as Element).localName;
        return tag !== 'script' && tag !== 'style';
      },
    });
  }
  return evidence;
}

/** The first byline or author element of the body that reads as a name. */
function authorFromBody(evidence: BodyEvidence): string | undefined {
  for (const [rank, candidates] of evidence.authors.entries()) {
    for (const element of candidates) {
      // schema.org microdata: the author's name sits in a nested itemprop=name, or in content.
      const named = rank === 0 ? element.querySelector('[itemprop~="name"]') : undefined;
      const name = bylineName(clean(element.getAttribute('content') ?? undefined) ?? textOf(named ?? element));
      if (name) return name;
      if (rank === 5) {
        const link = element.querySelector('a');
        const linked = link ? bylineName(textOf(link)) : undefined;
        if (linked) return linked;
      }
    }
  }
  return undefined;
}

/** `<time>` of the body, preferring one marked as the publication date. */
function dateFromTimeElements(evidence: BodyEvidence): string | undefined {
  const marked = evidence.markedDate;
  const markedDate = marked
    ? normalizeDate(clean(marked.getAttribute('datetime') ?? marked.getAttribute('content') ?? undefined) ?? textOf(marked))
    : undefined;
  if (markedDate) return markedDate;
  for (const time of evidence.times) {
    const date = normalizeDate(clean(time.getAttribute('datetime'))) ?? normalizeDate(textOf(time));
    if (date) return date;
  }
  return undefined;
}

/** A date written in an element whose class says it holds one (`post-date`, `published`, `entry-meta`). */
function dateFromBodyText(evidence: BodyEvidence): string | undefined {
  for (const element of evidence.dateTexts) {
    const text = textOf(element);
    if (text && text.length <= MAX_AUTHOR_LENGTH * 2) {
      const date = normalizeDate(text);
      if (date) return date;
    }
  }
  return undefined;
}

/**
 * The page's title without its site's name: `Title | Site` → `Title`. A part is dropped when it names
 * the site (`siteName`, the host) or, failing that, the part kept is the one the headline repeats.
 */
export function stripSiteName(title: string, options: { siteName?: string; host?: string; headline?: string } = {}): string {
  const parts = title.split(TITLE_SEPARATOR).map((part) => part.trim()).filter(Boolean);
  if (parts.length < 2) return title;
  const simple = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const headline = options.headline ? simple(options.headline) : undefined;
  if (headline) {
    const same = parts.find((part) => simple(part) === headline);
    if (same) return same;
  }
  const site = options.siteName ? simple(options.siteName) : undefined;
  const hostWords = (options.host ?? '').replace(/^www\./, '').split('.').slice(0, -1).map(simple).filter((word) => word.length > 2);
  const namesSite = (part: string) => {
    const text = simple(part);
    return text !== '' && ((site !== undefined && (text === site || (site.length > 3 && text.includes(site)))) || hostWords.some((word) => text === word || text.includes(word)));
  };
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (namesSite(last) && !namesSite(first)) return title.slice(0, title.lastIndexOf(last)).replace(TITLE_SEPARATOR_END, '').trim() || first;
  if (namesSite(first) && !namesSite(last)) return title.slice(title.indexOf(first) + first.length).replace(TITLE_SEPARATOR_START, '').trim() || last;
  return title;
}
const TITLE_SEPARATOR_END = /(?:\s*[|–—·•»:\-]\s*)+$/;
const TITLE_SEPARATOR_START = /^(?:\s*[|–—·•»:\-]\s*)+/;

/** Separators with space around them, splitting a heading's title from its subtitle or site. */
const SPACED_SEPARATOR = /\s+[|–—·•»\-]\s+/;
/** Fewest words of a first-level heading taken as the page's title: a one-word `<h1>` is usually a logo. */
export const MIN_HEADING_TITLE_WORDS = 2;

/**
 * The page's first `<h1>` as its title, up to a spaced separator (`Title | Subtitle` → `Title`), unless
 * it has fewer than `MIN_HEADING_TITLE_WORDS` words or is the site part of the `<title>` (a logo heading).
 * On WCXB's development split the heading is the title for more pages than OpenGraph or `<title>` are.
 */
function headingTitle(h1: string | undefined, titleElement: string | undefined): string | undefined {
  if (!h1 || h1.split(' ').length < MIN_HEADING_TITLE_WORDS) return undefined;
  const simple = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const parts = (titleElement ?? '').split(SPACED_SEPARATOR).map(simple);
  if (parts.length > 1 && simple(h1) === parts[parts.length - 1] && simple(h1) !== parts[0]) return undefined;
  return h1.split(SPACED_SEPARATOR)[0].trim() || undefined;
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a page's metadata: title, author, publication date (ISO 8601), language, canonical URL (made
 * absolute against `url`), site name and description. Fields the page does not give are absent. Linear
 * in the page's size; never throws, whatever its JSON-LD holds.
 */
export function extractMetadata(document: Document, url?: string): PageMetadata {
  return readPageEvidence(document, url).metadata;
}

/** A page's metadata and its article declarations, from one walk of the document and one parse of its JSON-LD. */
export interface PageEvidence {
  metadata: PageMetadata;
  article: ArticleSignals;
  /** The text of the page's article nodes' schema.org `articleBody` (JSON-LD), when it gives one. */
  articleBody?: string;
}

/** `extractMetadata` and `articleSignals` in one pass. Never throws. */
export function readPageEvidence(document: Document, url?: string): PageEvidence {
  const evidence = gatherEvidence(document);
  const nodes = jsonLdNodes(evidence.scripts);
  const articleNodes = nodes.filter((node) => typesOf(node).some((type) => ARTICLE_TYPES.has(type)));
  const schemaArticle = evidence.itemArticle || articleNodes.length > 0;
  const bodies = articleNodes.map((node) => node.articleBody).filter((body): body is string => typeof body === 'string' && body.trim() !== '');
  const discussion = evidence.itemDiscussion || nodes.some((node) => typesOf(node).some((type) => DISCUSSION_TYPES.has(type)));
  const page: PageEvidence = { metadata: metadataOf(document, evidence, nodes, url), article: { ogArticle: evidence.ogArticle, schemaArticle, discussion } };
  if (bodies.length) page.articleBody = bodies.join('\n');
  return page;
}

function metadataOf(document: Document, evidence: BodyEvidence, nodes: JsonObject[], url: string | undefined): PageMetadata {
  const meta = metaContents(evidence.metas);
  const mainItem = nodes.find((node) => typesOf(node).some((type) => MAIN_ITEM_TYPES.has(type)));
  const pageNode = nodes.find((node) => typesOf(node).some((type) => PAGE_TYPES.has(type)));
  const siteNode = nodes.find((node) => typesOf(node).some((type) => SITE_TYPES.has(type)));
  const item = mainItem ?? pageNode;
  const field = (key: string) => (item ? clean(typeof item[key] === 'string' ? (item[key] as string) : undefined) : undefined);

  const siteName = firstOf(
    meta.get('og:site_name'),
    mainItem && isObject(mainItem.publisher) ? clean(mainItem.publisher.name as string) : undefined,
    siteNode ? clean(siteNode.name as string) : undefined,
    meta.get('application-name'),
  );

  const h1 = textOf(evidence.h1);
  const titleElement = textOf(evidence.title);
  const headline = firstOf(field('headline'), mainItem ? field('name') : undefined);
  const host = hostOf(url);
  const heading = headingTitle(h1, titleElement);
  // A heading refused as the title (a logo) names the site when nothing else does.
  const siteHint = siteName ?? (heading ? undefined : h1);
  const strip = (text: string | undefined) => (text ? stripSiteName(text, { siteName: siteHint, host, headline: heading }) : undefined);
  const title = firstOf(heading, strip(meta.get('og:title')), strip(meta.get('twitter:title')), strip(headline), strip(titleElement), h1);

  const author = firstOf(
    item ? namesOf(item.author) : undefined,
    bylineName(meta.get('author')),
    bylineName(meta.get('article:author')),
    bylineName(meta.get('parsely-author')),
    bylineName(meta.get('sailthru.author')),
    bylineName(meta.get('dc.creator')),
    authorFromBody(evidence),
  );

  const published = firstOf(
    normalizeDate(meta.get('article:published_time')),
    normalizeDate(field('datePublished')),
    normalizeDate(meta.get('datepublished')),
    normalizeDate(meta.get('og:published_time')),
    normalizeDate(meta.get('publish-date')),
    normalizeDate(meta.get('publishdate')),
    normalizeDate(meta.get('pubdate')),
    normalizeDate(meta.get('date')),
    normalizeDate(meta.get('dc.date.issued')),
    normalizeDate(meta.get('dcterms.issued')),
    normalizeDate(meta.get('dc.date')),
    normalizeDate(meta.get('dcterms.created')),
    normalizeDate(meta.get('citation_publication_date')),
    normalizeDate(meta.get('parsely-pub-date')),
    normalizeDate(meta.get('sailthru.date')),
    dateFromTimeElements(evidence),
    normalizeDate(field('dateCreated')),
    dateFromBodyText(evidence),
    dateFromUrl(url),
  );

  const language = firstOf(
    normalizeLanguage(document.documentElement?.getAttribute('lang') ?? undefined),
    normalizeLanguage(document.documentElement?.getAttribute('xml:lang') ?? undefined),
    normalizeLanguage(meta.get('content-language')),
    normalizeLanguage(meta.get('og:locale')),
    normalizeLanguage(field('inLanguage')),
  );

  const canonicalUrl = firstOf(
    resolveUrl(clean(evidence.canonical), url),
    resolveUrl(meta.get('og:url'), url),
  );

  const description = firstOf(meta.get('description'), meta.get('og:description'), meta.get('twitter:description'), field('description'));

  const metadata: PageMetadata = {};
  const entries: [keyof PageMetadata, string | undefined][] = [
    ['title', title],
    ['author', author],
    ['published', published],
    ['language', language],
    ['canonicalUrl', canonicalUrl],
    ['siteName', siteName],
    ['description', description],
  ];
  for (const [key, value] of entries) if (value !== undefined) metadata[key] = value;
  return metadata;
}
