/**
 * What the HTML Living Standard (https://html.spec.whatwg.org/) says about elements, once for every
 * package: which elements never have content, which hold raw text, which end tags may be left out, and
 * which inline styles hide an element. Scanners that read HTML without a DOM (lineblock) and walkers of
 * the DOM (the block tree, template clusters) read these sets instead of keeping their own lists.
 */

/**
 * Void elements (HTML §13.1.2): they never have content and never an end tag. The list is the
 * standard's, plus the obsolete ones the tree builder still treats alike (`basefont`, `bgsound`,
 * `frame`, `keygen`, `param`: §13.2.6.4.7 "acknowledge the token's self-closing flag").
 */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
  'basefont', 'bgsound', 'frame', 'keygen', 'param',
]);

/**
 * Elements whose content the tokenizer reads as text up to the matching end tag (HTML §13.1.2 raw text
 * and escapable raw text elements, and the RAWTEXT/PLAINTEXT states of §13.2.6.4.7: `xmp`, `iframe`,
 * `noembed`, `noframes`, `noscript` with scripting on, `plaintext` to the end of the input). A `<` inside
 * them is not a tag.
 */
export const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext',
]);

/** Block starts that close an open `<p>` (HTML §13.2.6.4.7, "in body" start tags; §13.1.2.4). */
export const CLOSES_PARAGRAPH: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'main',
  'menu', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul', 'li', 'dd', 'dt', 'listing', 'search', 'summary',
]);

/**
 * Elements whose end tag may be left out (HTML §13.1.2.4 "optional tags"), each with the start tags that
 * close it implicitly (its parent's end tag closes it too). Real pages rely on these: `<li>one<li>two`.
 */
export const IMPLICITLY_CLOSED_BY: ReadonlyMap<string, ReadonlySet<string>> = new Map<string, ReadonlySet<string>>([
  ['p', CLOSES_PARAGRAPH],
  ['li', new Set(['li'])],
  ['dt', new Set(['dt', 'dd'])],
  ['dd', new Set(['dt', 'dd'])],
  ['td', new Set(['td', 'th', 'tr'])],
  ['th', new Set(['td', 'th', 'tr'])],
  ['tr', new Set(['tr'])],
  ['option', new Set(['option', 'optgroup'])],
  ['optgroup', new Set(['optgroup'])],
]);

/** The elements of `IMPLICITLY_CLOSED_BY`: end tags that real pages omit. */
export const IMPLIED_END_TAGS: ReadonlySet<string> = new Set(IMPLICITLY_CLOSED_BY.keys());

/**
 * An inline `style` that hides the element by itself: a `display: none` or `visibility: hidden`
 * declaration (with or without `!important`). Style sheets are not read: that needs a layout engine.
 */
export const HIDDEN_STYLE_PATTERN = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

/** True when the `hidden` attribute's presence or an inline `style` value hides an element (no layout). */
export function markupHides(hasHiddenAttribute: boolean, style: string | null | undefined): boolean {
  return hasHiddenAttribute || (style != null && HIDDEN_STYLE_PATTERN.test(style));
}
