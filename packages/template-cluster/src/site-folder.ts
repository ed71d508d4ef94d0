import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Extraction, type Page, type PageTraining, type SiteExtractor, type SiteFolderTraining, WinnowError, parseHtml, tagOf, walkTree, ELEMENT_NODE } from '@winnow/dom-blocks';
import { type TemplateClusterModel, type TemplateClusterOptions, extractWithLinkedPages, extractWithTemplateModel, learnTemplateModel } from './template-detection.js';

export interface LinkedPagesOptions {
  /** Follow at most this many distinct local links (the matrix is quadratic in them). */
  maxLinkedPages: number;
}

/** Defaults of `readLinkedPages`. */
export const DEFAULT_LINKED_PAGES_OPTIONS: Readonly<LinkedPagesOptions> = Object.freeze({
  /**
   * Gottron 2008 §7 fetched 10,994 linked pages for 746 documents (about 15 each) and §8 suggests limiting
   * the training set; 200 keeps the clustering well under a second while covering any page's links.
   */
  maxLinkedPages: 200,
});

const NOT_A_PAGE = /\.(?:css|js|mjs|json|xml|rss|atom|png|jpe?g|gif|webp|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|bz2|xz|tar|mp3|mp4|ogg|webm|avi|mov|woff2?|ttf|otf|eot|txt|csv|doc|docx|xls|xlsx|ppt|pptx|exe|dmg|deb|rpm)$/i;
const SKIPPED_SCHEME = /^(?:mailto|javascript|data|tel|ftp|news|irc|file):/i;
const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)([^?#]*)/i;

/** The page's own URL when the page names it (`<base href>`, `<link rel=canonical>`, `og:url`). */
export function declaredUrl(document: Document): string | undefined {
  const candidates = [
    document.querySelector('base[href]')?.getAttribute('href'),
    document.querySelector('link[rel~="canonical"][href]')?.getAttribute('href'),
    document.querySelector('meta[property="og:url"][content]')?.getAttribute('content'),
  ];
  return candidates.find((value): value is string => !!value && ABSOLUTE_URL.test(value) && /^[a-z]/i.test(value));
}

function hostOf(url: string | undefined): string | undefined {
  const match = url ? ABSOLUTE_URL.exec(url) : null;
  return match ? match[2].toLowerCase() : undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Where a link would be in a folder that mirrors the page's site, or null (an anchor, another scheme, an
 * asset, outside the folder). Relative links resolve against the page's file; `/x` against the folder;
 * absolute URLs on the page's own host against the folder, and on any host against `folder/<host>/`
 * (the layout of `wget --mirror`). No file-system access: see `linkedFiles` for the existence check.
 */
export function localLinkTargets(href: string, pageFile: string, siteDir: string, pageUrl?: string): string[] {
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#') || SKIPPED_SCHEME.test(trimmed)) return [];
  const root = path.resolve(siteDir);
  const relativePaths: string[] = [];
  const absolute = ABSOLUTE_URL.exec(trimmed);
  if (absolute) {
    if (absolute[1] && !/^https?:$/i.test(absolute[1])) return [];
    const host = absolute[2].toLowerCase();
    const urlPath = safeDecode(absolute[3] || '/');
    if (host && host === hostOf(pageUrl)) relativePaths.push(path.join(root, urlPath));
    relativePaths.push(path.join(root, host, urlPath));
  } else {
    const withoutQuery = safeDecode(trimmed.replace(/[?#].*$/, ''));
    if (!withoutQuery) return [];
    relativePaths.push(withoutQuery.startsWith('/') ? path.join(root, withoutQuery) : path.resolve(path.dirname(path.resolve(pageFile)), withoutQuery));
  }
  const targets: string[] = [];
  for (const joined of relativePaths) {
    const candidate = joined.length > root.length ? joined.replace(/[\\/]+$/, '') : joined;
    const inside = path.relative(root, candidate);
    if (inside.startsWith('..') || path.isAbsolute(inside)) continue;
    if (NOT_A_PAGE.test(candidate)) continue;
    targets.push(candidate, path.join(candidate, 'index.html'), path.join(candidate, 'index.htm'));
    if (!path.extname(candidate)) targets.push(`${candidate}.html`);
  }
  return targets;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The `href`s of a document's `<a>` and `<area>` elements, in document order (iterative walk). */
export function linkHrefs(document: Document): string[] {
  const hrefs: string[] = [];
  const root = document.documentElement;
  if (!root) return hrefs;
  walkTree(root, {
    enter(node) {
      if (node.nodeType !== ELEMENT_NODE) return false;
      const element = node as Element;
      const tag = tagOf(element);
      if ((tag === 'a' || tag === 'area') && element.hasAttribute('href')) hrefs.push(element.getAttribute('href') as string);
      return true;
    },
  });
  return hrefs;
}

/** The local files a page links to (existing, distinct, not the page itself), at most `maxLinkedPages`. */
export function linkedFiles(
  document: Document,
  pageFile: string,
  siteDir: string,
  options: Partial<LinkedPagesOptions> & { pageUrl?: string } = {},
): { files: string[]; links: number } {
  const maxLinkedPages = options.maxLinkedPages ?? DEFAULT_LINKED_PAGES_OPTIONS.maxLinkedPages;
  const self = path.resolve(pageFile);
  const pageUrl = options.pageUrl ?? declaredUrl(document);
  const files: string[] = [];
  const seen = new Set<string>([self]);
  const hrefs = linkHrefs(document);
  for (const href of hrefs) {
    if (files.length >= maxLinkedPages) break;
    for (const target of localLinkTargets(href, pageFile, siteDir, pageUrl)) {
      if (seen.has(target)) continue;
      if (!isFile(target)) continue;
      seen.add(target);
      files.push(target);
      break;
    }
  }
  return { files, links: hrefs.length };
}

function readPage(file: string, url?: string): Page {
  try {
    return { id: file, html: new Uint8Array(readFileSync(file)), url };
  } catch (cause) {
    throw new WinnowError('UNREADABLE_INPUT', `Cannot read ${file}: check the path and its permissions.`, { cause });
  }
}

/** A page and the pages it links to in a folder mirroring its site (Gottron 2008 §3, first step). */
export function readLinkedPages(
  pageFile: string,
  siteDir: string,
  options: Partial<LinkedPagesOptions> & { pageUrl?: string } = {},
): { page: Page; linked: Page[]; links: number } {
  if (!isFile(pageFile)) throw new WinnowError('UNREADABLE_INPUT', `${pageFile} is not a file: give the page to extract.`);
  try {
    if (!statSync(siteDir).isDirectory()) throw new Error('not a directory');
  } catch (cause) {
    throw new WinnowError('UNREADABLE_INPUT', `--site-dir ${siteDir} is not a folder: give the folder that mirrors the page's site.`, { cause });
  }
  const page = readPage(pageFile, options.pageUrl);
  const document = parseHtml(page.html);
  const { files, links } = linkedFiles(document, pageFile, siteDir, options);
  return { page, linked: files.map((file) => readPage(file)), links };
}

/**
 * Gottron 2008 end to end for a page on disk: follow its links into the site folder, cluster the linked pages
 * with the page, remove the texts frequent in its cluster. The notes say how many links were followed.
 */
export function extractFromSiteFolder(
  pageFile: string,
  siteDir: string,
  options: Partial<TemplateClusterOptions & LinkedPagesOptions> & { pageUrl?: string } = {},
): Extraction {
  const { page, linked, links } = readLinkedPages(pageFile, siteDir, options);
  const extraction = extractWithLinkedPages(page, linked, options);
  return { ...extraction, notes: [`followed ${linked.length} of ${links} links to local pages in ${siteDir}`, ...extraction.notes] };
}

/**
 * A page's own training pages in a folder mirroring its site (Gottron 2008 §3): the pages it links to. The
 * page is read again from `pageFile`, so its links resolve against the file's place in the folder.
 */
export function linkedTrainingPages(pageFile: string, siteDir: string, options: Partial<LinkedPagesOptions> = {}): PageTraining {
  const { linked, links } = readLinkedPages(pageFile, siteDir, options);
  return { pages: linked, notes: [`followed ${linked.length} of ${links} links to local pages in ${siteDir}`] };
}

/**
 * The DF-cluster extractor of Gottron 2008 (Gottron 2008) on the shared contract. Given a folder mirroring
 * the site (`winnow extract --site-dir`), each page learns from the pages it links to (`SiteFolderTraining`).
 */
export const templateClusterExtractor: SiteExtractor<TemplateClusterModel, TemplateClusterOptions> & SiteFolderTraining = Object.freeze({
  kind: 'site',
  name: 'cluster',
  description: 'Gottron 2008: cluster the linked pages by template (CP distance), drop texts on > 1/3 of the cluster',
  // Gottron 2008 §7: 10,994 linked pages for 746 documents, about 15 per page.
  defaultTrainPages: 15,
  learn: (pages: readonly Page[], options?: Partial<TemplateClusterOptions>) => learnTemplateModel(pages, options),
  extract: (model: TemplateClusterModel, page: Page, options?: Partial<TemplateClusterOptions>) => extractWithTemplateModel(model, page, options),
  trainingPagesInFolder: (pageFile: string, siteDir: string) => linkedTrainingPages(pageFile, siteDir),
});
