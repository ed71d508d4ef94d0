import { ENCODING_LABELS } from './encoding-labels.js';
import { Random } from './random.js';

/** One fuzz input: a page as a string (to carry lone surrogates) or as bytes, and how it was made. */
export interface FuzzInput {
  index: number;
  /** The generators and mutations applied, in order (`base`, `truncate`, `charset:koi8-r`...). */
  steps: string[];
  html: string | Uint8Array;
}

export interface GenerateOptions {
  /** One input in this many is a huge one (1,000,000-deep nesting, 100,000 siblings, a 50 MB page...). 0: none. */
  hugeEvery: number;
}

export const DEFAULT_GENERATE_OPTIONS: Readonly<GenerateOptions> = Object.freeze({ hugeEvery: 10_000 });

/** Sizes of the huge inputs the brief of the run names. */
export const HUGE = Object.freeze({
  depth: 1_000_000,
  siblings: 100_000,
  pageBytes: 50 * 1024 * 1024,
  attributes: 100_000,
  junkBytes: 5 * 1024 * 1024,
});

/**
 * Most inputs are small, so a run of 100,000 fits in an hour on a shared machine: up to this many tokens
 * in a generated page, and up to this many repeats in a mutation (nesting, siblings, attributes). The
 * huge inputs (`HUGE`) come on a schedule.
 */
const MAX_TOKENS = 150;
const MAX_REPEAT = 1_500;

const HUGE_KINDS = ['deep-nesting', 'siblings', 'attribute-flood', 'binary-junk', 'page-50mb'] as const;

const TAGS = [
  'div', 'p', 'span', 'a', 'b', 'i', 'em', 'strong', 'ul', 'ol', 'li', 'table', 'tr', 'td', 'th', 'tbody', 'h1', 'h2', 'h3',
  'article', 'section', 'nav', 'header', 'footer', 'aside', 'main', 'form', 'pre', 'code', 'blockquote', 'figure',
  'figcaption', 'select', 'option', 'details', 'summary', 'dl', 'dt', 'dd', 'label', 'button', 'font', 'center', 'nobr',
  'marquee', 'object', 'template', 'slot', 'ruby', 'rt', 'caption', 'colgroup', 'col', 'thead', 'tfoot', 'menu', 'dialog',
];
const VOID = ['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'source', 'embed', 'area', 'base', 'col', 'param', 'track'];
const RAW_TEXT = ['script', 'style', 'title', 'textarea', 'xmp', 'plaintext', 'iframe', 'noembed', 'noframes', 'noscript'];
const WORDS = [
  'the', 'river', 'council', 'harbour', 'budget', 'of', 'and', 'news', 'Home', 'Login', 'café', 'naïve', 'Straße', '東京',
  '新闻', 'مرحبا', 'שלום', 'Привет', 'γειά', 'नमस्ते', '😀', '👩‍👩‍👧', 'e\u0301', '\u200b', '\u00a0', '&amp;', '&nbsp;',
  '&lt;', '&#0;', '&#xD800;', '&#x110000;', '&#128512;', '&bogus;', '&amp', '&#', '&#x;', '\u202e', '\ufeff', '\ufffd',
];

/** Snippets of the parse families a browser parses differently from a naive tree builder. */
const FAMILY_SNIPPETS: readonly (readonly [string, string])[] = [
  ['head-never-closed', '<html><head><meta http-equiv="Content-Type" content="text/html"><p>text one</p><title>t</title><p>text two</p>'],
  ['stray-in-head', '<head><title>x</title><div>stray block in head</div><link rel=x><p>para</p></head><body><p>body</p>'],
  ['foster-parenting', '<table><tr>fostered text<td>cell</td><p>para in table</p></tr>more text</table>'],
  ['frameset', '<frameset cols="50%,50%"><frame src="a.html"><noframes><p>no frames text</p></noframes></frameset>'],
  ['noscript', '<noscript><p>noscript text</p><img src=x></noscript>'],
  ['cdata', '<![CDATA[ cdata text <p> ]]><p>after cdata</p>'],
  ['svg', '<svg><foreignObject><p>inside foreign</p></foreignObject><title>svg title</title><desc>d<p>breakout</desc></svg>'],
  ['mathml', '<math><mi>x</mi><mtext><b>t</b></mtext><annotation-xml encoding="text/html"><p>html</p></annotation-xml></math>'],
  ['misnested-formatting', '<b>one<i>two</b>three</i><p><a href=1>a<p>b</a></p><font><font><font><font>deep</font>'],
  ['adoption-agency', '<a><div><a>x</div><b><p>y</b>z</p></a>'],
  ['nested-forms', '<form><form><input></form></form><select><select><option>o</select>'],
  ['template', '<template><tr><td>in template</td></tr></template><template><template>x</template>'],
  ['unclosed-comment', '<p>before<!-- never closed <p>hidden'],
  ['bogus-comment', '<?xml version="1.0"?><!doctype html SYSTEM "x"><!x><p>after</p>'],
  ['unclosed-attribute', '<a href="never closed><p>text</p>'],
  ['end-tag-attributes', '<p>x</p foo="bar"></br></p></html><p>after html</p></body><p>after body</p>'],
  ['tables-in-tables', '<table><td><table><td>x</table><caption><p>cap</caption><col><tr><th>h'],
  ['select-content', '<select><div>x</div><option><p>y</option><optgroup><option>z</select>'],
  ['ruby', '<ruby>漢<rb>x<rt>かん<rtc>y<rp>(</ruby>'],
  ['image-tag', '<image src=x><isindex prompt=p><keygen><menuitem>m'],
  ['body-twice', '<body a=1><p>one</p><body b=2><p>two</p><html c=3>'],
  ['plaintext', '<p>before</p><plaintext><p>everything after is text</p>'],
];

/** A generated input of a run: deterministic from (seed, index). */
export function generateInput(seed: number, index: number, options: GenerateOptions = DEFAULT_GENERATE_OPTIONS): FuzzInput {
  const random = Random.forInput(seed, index);
  if (options.hugeEvery > 0 && index % options.hugeEvery === options.hugeEvery - 1) {
    const kind = HUGE_KINDS[Math.floor(index / options.hugeEvery) % HUGE_KINDS.length];
    return { index, steps: [kind], html: hugeInput(kind, random) };
  }
  const steps: string[] = [];
  let html = basePage(random, steps);
  const mutations = random.int(0, 4);
  for (let round = 0; round < mutations; round++) html = mutateString(html, random, steps);
  // Lone surrogates only survive as a string; otherwise most pages arrive as bytes, like files do.
  const keepString = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(html) || random.chance(0.15);
  if (keepString) return { index, steps: [...steps, 'string'], html };
  let bytes = encode(html, random, steps);
  const byteMutations = random.int(0, 2);
  for (let round = 0; round < byteMutations; round++) bytes = mutateBytes(bytes, random, steps);
  return { index, steps, html: bytes };
}

function words(random: Random, count: number): string {
  const out: string[] = [];
  for (let index = 0; index < count; index++) out.push(random.pick(WORDS));
  return out.join(random.chance(0.9) ? ' ' : '\n');
}

function attributes(random: Random): string {
  const count = random.size(4);
  let out = '';
  for (let index = 0; index < count; index++) {
    const name = random.pick(['class', 'id', 'href', 'style', 'hidden', 'aria-hidden', 'role', 'data-x', 'lang', 'dir', 'onclick', 'x:y', 'a"b', '']);
    const value = random.pick(['main', 'content', 'nav menu', 'display:none', 'true', '"quoted"', "'single'", 'a>b', '', 'article body']);
    out += random.chance(0.2) ? ` ${name}` : ` ${name}="${value}"`;
  }
  return out;
}

/** A random page: head, nested blocks of random tags and text, sometimes the parse families' snippets. */
function basePage(random: Random, steps: string[]): string {
  steps.push('base');
  const parts: string[] = [];
  if (random.chance(0.7)) parts.push(random.pick(['<!DOCTYPE html>', '<!doctype html PUBLIC "-//W3C//DTD HTML 4.01//EN">', '<!DOCTYPE>', '']));
  if (random.chance(0.7)) parts.push('<html>');
  if (random.chance(0.7)) parts.push(`<head><title>${words(random, random.int(0, 6))}</title>${random.chance(0.5) ? '<meta charset="utf-8">' : ''}${random.chance(0.6) ? '</head>' : ''}`);
  if (random.chance(0.6)) parts.push('<body>');
  const budget = random.size(MAX_TOKENS);
  const open: string[] = [];
  for (let index = 0; index < budget; index++) {
    const roll = random.float();
    if (roll < 0.3) {
      const tag = random.pick(TAGS);
      parts.push(`<${tag}${attributes(random)}>`);
      open.push(tag);
    } else if (roll < 0.5 && open.length) {
      parts.push(`</${open.pop()}>`);
    } else if (roll < 0.8) {
      parts.push(words(random, random.size(40)));
    } else if (roll < 0.88) {
      parts.push(`<${random.pick(VOID)}${attributes(random)}>`);
    } else if (roll < 0.93) {
      const tag = random.pick(RAW_TEXT);
      parts.push(`<${tag}>${random.pick(['var x = "</p>";', 'a { color: red }', words(random, 5), '<!-- <script> -->', '</scr' + 'ipt'])}</${tag}>`);
    } else if (roll < 0.97) {
      const [name, snippet] = random.pick(FAMILY_SNIPPETS);
      steps.push(`family:${name}`);
      parts.push(snippet);
    } else {
      parts.push(random.pick(['<!-- comment -->', '<!---->', '<!-->', '<![if !IE]>', '</>', '<>', '< p>', '<p/>', '<div/>', '&', '<']));
    }
  }
  while (open.length && random.chance(0.8)) parts.push(`</${open.pop()}>`);
  if (random.chance(0.5)) parts.push('</body></html>');
  return parts.join(random.chance(0.5) ? '' : '\n');
}

function insertAt(html: string, random: Random, text: string): string {
  const at = random.int(0, html.length);
  return html.slice(0, at) + text + html.slice(at);
}

/** The positions of tags (`<...>`) in a string, at most `limit`. */
function tagSpans(html: string, limit = 10_000): [number, number][] {
  const spans: [number, number][] = [];
  const pattern = /<\/?[a-zA-Z][^<>]*>/g;
  for (let match = pattern.exec(html); match && spans.length < limit; match = pattern.exec(html)) spans.push([match.index, match.index + match[0].length]);
  return spans;
}

function mutateString(html: string, random: Random, steps: string[]): string {
  const kind = random.int(0, 10);
  switch (kind) {
    case 0: {
      steps.push('drop-tags');
      const spans = tagSpans(html);
      const drop = new Set<number>();
      const count = random.size(Math.max(1, spans.length));
      for (let index = 0; index < count && spans.length; index++) drop.add(random.int(0, spans.length - 1));
      let out = '';
      let last = 0;
      spans.forEach(([start, end], index) => {
        if (!drop.has(index)) return;
        out += html.slice(last, start);
        last = end;
      });
      return out + html.slice(last);
    }
    case 1: {
      steps.push('double-tags');
      const spans = tagSpans(html);
      if (!spans.length) return html;
      const count = random.size(Math.min(spans.length, 200));
      let out = html;
      for (let index = 0; index < count; index++) {
        const [start, end] = random.pick(spans);
        const tag = html.slice(start, end);
        out = insertAt(out, random, tag.repeat(random.int(1, 3)));
      }
      return out;
    }
    case 2: {
      const tag = random.pick(RAW_TEXT);
      steps.push(`unclosed:${tag}`);
      return insertAt(html, random, `<${tag}${random.chance(0.3) ? ' type="text/x"' : ''}>${words(random, random.size(10))}`);
    }
    case 3: {
      steps.push('attribute-flood');
      const count = random.size(MAX_REPEAT);
      const names = Array.from({ length: count }, (_, index) => ` a${random.chance(0.3) ? index % 7 : index}="${index}"`).join('');
      return insertAt(html, random, `<div${names}>flooded</div>`);
    }
    case 4: {
      const depth = random.size(MAX_REPEAT);
      const tag = random.pick(['div', 'span', 'b', 'table', 'li', 'a', 'font', 'p', 'td', 'blockquote']);
      steps.push(`nesting:${tag}x${depth}`);
      return insertAt(html, random, `<${tag}>`.repeat(depth) + 'deep text' + (random.chance(0.5) ? `</${tag}>`.repeat(depth) : ''));
    }
    case 5: {
      const count = random.size(MAX_REPEAT);
      steps.push(`siblings:${count}`);
      return insertAt(html, random, '<p>sibling paragraph</p>'.repeat(count));
    }
    case 6: {
      steps.push('nuls');
      let out = html;
      const count = random.size(50);
      for (let index = 0; index < count; index++) out = insertAt(out, random, random.pick(['\0', '\0\0\0', '&#0;', '\u0001', '\u001b', '\u007f', '\ufffe', '\uffff']));
      return out;
    }
    case 7: {
      steps.push('lone-surrogates');
      let out = html;
      const count = random.int(1, 10);
      for (let index = 0; index < count; index++) out = insertAt(out, random, random.pick(['\ud800', '\udfff', '\udbff\ud800', '\udc00x', 'a\ud83d']));
      return out;
    }
    case 8: {
      const [name, snippet] = random.pick(FAMILY_SNIPPETS);
      steps.push(`family:${name}`);
      return random.chance(0.5) ? snippet + html : insertAt(html, random, snippet);
    }
    case 9: {
      const label = random.pick(ENCODING_LABELS);
      steps.push(`charset:${label}`);
      const declaration = random.pick([
        `<meta charset="${label}">`,
        `<meta charset=${label}>`,
        `<meta http-equiv="Content-Type" content="text/html; charset=${label}">`,
        `<?xml version="1.0" encoding="${label}"?>`,
      ]);
      return random.chance(0.7) ? declaration + html : insertAt(html, random, declaration);
    }
    default: {
      steps.push('entities');
      let out = html;
      for (let index = random.int(1, 30); index > 0; index--) out = insertAt(out, random, random.pick(['&#xD800;', '&#0;', '&#x110000;', '&#99999999999;', '&amp', '&notit;', '&#x80;', '&#128;', '&;', '&#x']));
      return out;
    }
  }
}

/** The string as bytes: UTF-8 mostly, sometimes UTF-16 or Latin-1 whatever the page declares. */
function encode(html: string, random: Random, steps: string[]): Uint8Array {
  const roll = random.float();
  if (roll < 0.85) return new TextEncoder().encode(html);
  if (roll < 0.9) {
    steps.push('bytes:utf-16le');
    return new Uint8Array(Buffer.from(html, 'utf16le'));
  }
  if (roll < 0.93) {
    steps.push('bytes:utf-16be');
    const little = Buffer.from(html, 'utf16le');
    return new Uint8Array(little.swap16());
  }
  steps.push('bytes:latin1');
  return new Uint8Array(Buffer.from(html, 'latin1'));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function mutateBytes(bytes: Uint8Array, random: Random, steps: string[]): Uint8Array {
  const kind = random.int(0, 4);
  const at = random.int(0, bytes.length);
  switch (kind) {
    case 0:
      steps.push('truncate');
      return bytes.slice(0, at);
    case 1:
      steps.push('binary-junk');
      return concat(bytes.subarray(0, at), random.bytes(random.size(4096)), bytes.subarray(at));
    case 2: {
      const bom = random.pick([
        ['utf-8', [0xef, 0xbb, 0xbf]],
        ['utf-16le', [0xff, 0xfe]],
        ['utf-16be', [0xfe, 0xff]],
        ['partial', [0xef, 0xbb]],
        ['twice', [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]],
      ] as const);
      steps.push(`bom:${bom[0]}`);
      return concat(new Uint8Array(bom[1]), bytes);
    }
    case 3:
      steps.push('nul-bytes');
      return concat(bytes.subarray(0, at), new Uint8Array(random.size(64)), bytes.subarray(at));
    default: {
      steps.push('invalid-utf8');
      const sequences = [[0xed, 0xa0, 0x80], [0xc0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80, 0x80]];
      return concat(bytes.subarray(0, at), new Uint8Array(random.pick(sequences)), bytes.subarray(at));
    }
  }
}

/** Repeats `unit` until `total` bytes (the last copy cut), without building a string that large. */
function repeatBytes(unit: Uint8Array, total: number, prefix = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(total);
  out.set(prefix.subarray(0, total));
  for (let at = prefix.length; at < total; at += unit.length) out.set(unit.subarray(0, Math.min(unit.length, total - at)), at);
  return out;
}

function hugeInput(kind: (typeof HUGE_KINDS)[number], random: Random): Uint8Array {
  const encoder = new TextEncoder();
  switch (kind) {
    case 'deep-nesting': {
      const tag = random.pick(['div', 'span', 'b', 'li', 'table']);
      return encoder.encode(`<!doctype html><title>deep</title>${`<${tag}>`.repeat(HUGE.depth)}deep text${random.chance(0.5) ? `</${tag}>`.repeat(HUGE.depth) : ''}`);
    }
    case 'siblings':
      return encoder.encode(`<!doctype html><title>siblings</title><body>${'<p>one sibling paragraph</p>'.repeat(HUGE.siblings)}</body>`);
    case 'attribute-flood':
      return encoder.encode(`<!doctype html><body><div${Array.from({ length: HUGE.attributes }, (_, index) => ` a${index}="${index}"`).join('')}>flood</div><p>after</p>`);
    case 'binary-junk':
      return random.bytes(HUGE.junkBytes);
    case 'page-50mb': {
      const unit = encoder.encode('<div class="post"><h2>A long thread</h2><p>Paragraph of a long page with words, numbers 12345 and links <a href="/x">here</a>.</p></div>\n');
      return repeatBytes(unit, HUGE.pageBytes, encoder.encode('<!doctype html><html><head><title>50 MB</title></head><body>'));
    }
  }
}
