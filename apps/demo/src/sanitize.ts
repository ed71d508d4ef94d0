import { ELEMENT_NODE, tagOf, walkTree } from '@winnow/dom-blocks';

/**
 * Elements removed from a visitor's page before it is shown: anything that runs code, embeds another
 * document, changes where relative URLs point, or reloads the page. `noscript` goes too: the extractors
 * never read it (dom-blocks skips it), and a frame without scripts would show it.
 */
export const REMOVED_TAGS: ReadonlySet<string> = new Set([
  'script', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'fencedframe',
  'base', 'link', 'meta',
]);

/** Attributes that name a URL the browser would load or navigate to. Kept only as `data:` URLs on images. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href', 'src', 'srcset', 'action', 'formaction', 'ping', 'background', 'poster', 'xlink:href', 'data', 'codebase', 'manifest', 'lowsrc', 'dynsrc', 'longdesc',
]);

const SCRIPT_URL = /^\s*(?:javascript|vbscript|data):/i;
const DATA_IMAGE = /^\s*data:image\/(?:png|gif|jpeg|webp|avif|bmp);/i;

/**
 * Makes a parsed page inert: removes `REMOVED_TAGS`, event handler attributes (`on*`) and every URL
 * attribute (a link's target is kept as `data-winnow-href` for the curious). Images keep `data:` sources.
 * The page shown to the visitor is also framed with `sandbox` and a strict CSP: this is the first wall,
 * not the only one.
 */
export function sanitizeDocument(document: Document): void {
  const root = document.documentElement;
  if (!root) return;
  const removed: Element[] = [];
  const kept: Element[] = [];
  // Collect first, mutate after: never change the tree while walking it.
  walkTree(root, {
    enter(node) {
      if (node.nodeType !== ELEMENT_NODE) return false;
      const element = node as Element;
      if (element !== root && REMOVED_TAGS.has(tagOf(element))) {
        removed.push(element);
        return false;
      }
      kept.push(element);
      return true;
    },
  });
  for (const element of removed) element.parentNode?.removeChild(element);
  for (const element of kept) {
    // One pass over the names the element has (linkedom scans attributes on every lookup).
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase();
      // Handlers never run in the sandbox, but go anyway; data-winnow-* are the demo's own marks.
      if (lower.startsWith('on') || lower.startsWith('data-winnow')) {
        element.removeAttribute(name);
        continue;
      }
      if (!URL_ATTRIBUTES.has(lower)) continue;
      const value = element.getAttribute(name) ?? '';
      const tag = tagOf(element);
      if (lower === 'src' && tag === 'img' && DATA_IMAGE.test(value)) continue;
      element.removeAttribute(name);
      if (lower === 'href' && (tag === 'a' || tag === 'area') && !SCRIPT_URL.test(value)) element.setAttribute('data-winnow-href', value.slice(0, 2000));
    }
  }
}
