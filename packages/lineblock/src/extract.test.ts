import { isWinnowError, tokenizeWords } from '@winnow/dom-blocks';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { analyzeLineBlocks, classifyLineBlock, extractLineBlocks, keepMainRegions, lineBlockExtractor, lineBlockPaperExtractor, type ClassifiedLineBlock } from './extract.js';
import type { LineBlock } from './line-blocks.js';

const ARTICLE_1 =
  'A new drug could change how bladder cancer is treated, researchers said on Tuesday, after an exciting break in an early trial of forty patients.';
const ARTICLE_2 =
  'Doctors at three hospitals gave the pill to patients whose tumours had come back after surgery, and most of them were still well a year later.';
const DENSE_WITHOUT_TITLE_WORDS =
  'The team now plans a larger study across Europe, which will take several years and needs the approval of regulators in every country involved.';

const PAGE = `<!DOCTYPE html>
<html><head><title>Bladder cancer: Exciting drug break</title>
<script>var nav = "<p>not text</p>";</script><style>p { margin: 0 }</style></head>
<body>
<div id="nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/health">Health</a></li></ul></div>
<div id="article">
  <h1>Bladder cancer: Exciting drug break</h1>
  <p>${ARTICLE_1}</p>
  <p>${ARTICLE_2}</p>
</div>
<div class="aside"><div><p>${DENSE_WITHOUT_TITLE_WORDS}</p></div></div>
<div class="tags"><div><span>bladder</span> <span>cancer</span> <span>drug</span></div></div>
<!-- <p>commented out</p> -->
<div id="footer"><p>Copyright 2024 <a href="/about">About us</a> | <a href="/privacy">Privacy policy</a></p></div>
</body></html>`;

describe('extractLineBlocks, paper mode (§V Step 4: all three tests at once)', () => {
  const extraction = extractLineBlocks(PAGE, { mode: 'paper' });

  it('keeps the titled, dense, link-poor article and drops navigation and footer', () => {
    expect(extraction.text.split('\n')).toEqual(['Bladder cancer: Exciting drug break', ARTICLE_1, ARTICLE_2]);
  });

  it('labels every text line with its block and the features behind the label', () => {
    const nav = extraction.blocks.find((block) => block.text === 'Home')!;
    expect(nav).toMatchObject({ label: 'boilerplate', tag: 'li', path: 'HTML.BODY.DIV.UL.LI' });
    expect(nav.reason).toMatch(/^line-block 0: paper: ttr .* ≤ 30, attr 1 ≥ 0.2, tkd 0 < 2$/);
    const heading = extraction.blocks.find((block) => block.tag === 'h1')!;
    expect(heading.label).toBe('content');
    expect(extraction.blocks.map((block) => block.order)).toEqual(extraction.blocks.map((_, index) => index));
    expect(extraction.notes).toEqual([]);
  });

  it.each([
    ['plain text', '<p>  Hello  world  </p>', 'Hello  world'],
    ['inline markup inside', '<div>Filed by <b>staff</b> today</div>', 'Filed by <b>staff</b> today'],
    ['character references', '<p>&copy; The Gazette &amp; friends</p>', '&copy; The Gazette &amp; friends'],
    ['a byte order mark', '\ufeff<p>After the mark</p>', 'After the mark'],
  ])('says where each line is in the source: %s', (_name, html, expected) => {
    const [line] = extractLineBlocks(html, { mode: 'paper' }).blocks;
    const source = html.replace(/^\ufeff/, '');
    expect(source.slice(line.source!.start, line.source!.end)).toBe(expected);
  });

  it('says its units are lines', () => {
    expect(extraction.unit).toBe('line');
  });

  it('drops a dense block without title keywords', () => {
    expect(extraction.text).not.toContain(DENSE_WITHOUT_TITLE_WORDS);
  });
});

describe("extractLineBlocks, tuned mode (§V Step 3's TKD adds blocks back)", () => {
  const extraction = extractLineBlocks(PAGE, { mode: 'tuned' });

  it('keeps dense link-poor blocks whatever their words, and adds titled blocks back', () => {
    expect(extraction.text.split('\n')).toEqual(['Bladder cancer: Exciting drug break', ARTICLE_1, ARTICLE_2, DENSE_WITHOUT_TITLE_WORDS, "bladder cancer drug"]);
  });

  it('is what the registry-facing extractors run', () => {
    expect(lineBlockExtractor.name).toBe('lineblock');
    expect(lineBlockExtractor.extract({ id: 'page', html: PAGE }).text).toBe(extraction.text);
    expect(lineBlockPaperExtractor.name).toBe('lineblock-paper');
    expect(lineBlockPaperExtractor.extract({ id: 'page', html: PAGE }).text).toBe(extractLineBlocks(PAGE, { mode: 'paper' }).text);
  });
});

describe('classifyLineBlock', () => {
  const thresholds = { ttr: 30, attr: 0.2, tkd: 2 };
  const block = (ttr: number, attr: number, tkd: number) => ({ ttr, attr, tkd }) as LineBlock;
  it.each([
    // ttr, attr, tkd, paper, tuned
    [31, 0.1, 2, 'content', 'content'],
    [31, 0.1, 1, 'boilerplate', 'content'],
    [30, 0.1, 2, 'boilerplate', 'content'],
    [30, 0.1, 1, 'boilerplate', 'boilerplate'],
    [31, 0.2, 2, 'boilerplate', 'boilerplate'],
  ])('ttr %d, attr %d, tkd %d: paper %s, tuned %s', (ttr, attr, tkd, paper, tuned) => {
    expect(classifyLineBlock(block(ttr, attr, tkd), thresholds, 'paper').label).toBe(paper);
    expect(classifyLineBlock(block(ttr, attr, tkd), thresholds, 'tuned').label).toBe(tuned);
  });
});

describe('keepMainRegions (tuned mode, beyond the paper)', () => {
  const block = (label: 'content' | 'boilerplate', textLength: number) => ({ label, textLength, reason: label }) as ClassifiedLineBlock;
  it.each([
    // Labels and text lengths; the second region (100) is < 0.25 × the first (1000).
    [3, 0.25, [['content', 1000], ['boilerplate', 5], ['boilerplate', 5], ['boilerplate', 5], ['boilerplate', 5], ['content', 100]], ['content', 'boilerplate', 'boilerplate', 'boilerplate', 'boilerplate', 'boilerplate']],
    // Three boilerplate blocks between them: one region.
    [3, 0.25, [['content', 1000], ['boilerplate', 5], ['boilerplate', 5], ['boilerplate', 5], ['content', 100]], ['content', 'boilerplate', 'boilerplate', 'boilerplate', 'content']],
    // A region of 300 ≥ 0.25 × 1000 stays.
    [0, 0.25, [['content', 300], ['boilerplate', 5], ['content', 1000]], ['content', 'boilerplate', 'content']],
  ] as const)('gap %i, share %d', (gap, share, input, expected) => {
    const blocks = input.map(([label, length]) => block(label, length));
    keepMainRegions(blocks, gap, share);
    expect(blocks.map((entry) => entry.label)).toEqual(expected);
  });

  it('says why a block was dropped', () => {
    const blocks = [block('content', 1000), block('boilerplate', 1), block('content', 10)];
    keepMainRegions(blocks, 0, 0.25);
    expect(blocks[2].reason).toBe('content; outside the main regions (10 < 0.25 × 1000 characters)');
  });
});

describe('thresholds', () => {
  it('takes τ_TTR = λσ over the page blocks when adaptive (§IV.B)', () => {
    const analysis = analyzeLineBlocks(PAGE, { mode: 'paper', thresholdMethod: 'adaptive', lambda: 0.5 });
    const ttrs = analysis.blocks.map((block) => block.ttr);
    const mean = ttrs.reduce((sum, value) => sum + value, 0) / ttrs.length;
    const deviation = Math.sqrt(ttrs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / ttrs.length);
    expect(analysis.thresholds).toEqual({ ttr: 0.5 * deviation, attr: 0.2, tkd: 2 });
  });

  it('applies every threshold option', () => {
    expect(extractLineBlocks(PAGE, { mode: 'paper', ttrThreshold: 10_000 }).text).toBe('');
    expect(extractLineBlocks(PAGE, { mode: 'paper', tkdThreshold: 0 }).text).toContain(DENSE_WITHOUT_TITLE_WORDS);
    expect(extractLineBlocks(PAGE, { mode: 'tuned', attrThreshold: 1.01, ttrThreshold: 0 }).text).toContain('Privacy policy');
  });
});

describe('results, not exceptions', () => {
  it.each([
    ['empty input', '', ['the page has no visible text']],
    ['a page of markup only', '<html><body><div><img src=a></div></body></html>', ['the page has no visible text']],
    ['a page of links', '<title>x</title><ul><li><a href=a>a</a><li><a href=b>b</a></ul>', ['no line-block passed the thresholds (paper mode, 1 blocks)']],
    ['a page without a title', '<p>text</p>', ['no line-block passed the thresholds (paper mode, 1 blocks)', 'the page has no <title> words: every block has TKD 0']],
  ])('gives notes for %s', (_name, html, notes) => {
    const extraction = extractLineBlocks(html);
    expect(extraction.text).toBe('');
    expect(extraction.notes).toEqual(notes);
  });

  it('refuses binary input with a WinnowError', () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]);
    expect(() => extractLineBlocks(bytes)).toThrowError(expect.objectContaining({ code: 'BINARY_INPUT' }));
    try {
      extractLineBlocks(bytes);
    } catch (error) {
      expect(isWinnowError(error)).toBe(true);
    }
  });
});

describe('legacy encodings (bytes decoded without a DOM)', () => {
  const cases = [
    {
      encoding: 'Shift_JIS',
      title: '東京で新しい図書館が開館',
      body: '東京都は新しい図書館を今月開館したと発表した。館内には約五十万冊の本があり、誰でも無料で利用できる。開館日には多くの市民が訪れた。',
    },
    {
      encoding: 'GBK',
      title: '北京新图书馆正式开放',
      body: '北京市新图书馆于本月正式对外开放，馆内藏书约五十万册，市民可以免费借阅。开馆当天吸引了大量读者前来参观和学习。',
    },
    {
      // windows-1258 writes Vietnamese tones as combining marks after the letter (ê + U+0323 for ệ).
      encoding: 'windows-1258',
      title: 'Thư viê\u0323n mơ\u0301i ơ\u0309 Ha\u0300 Nô\u0323i',
      body: 'Thư viê\u0323n mơ\u0301i ơ\u0309 Ha\u0300 Nô\u0323i đa\u0303 mơ\u0309 cư\u0309a va\u0300o tuâ\u0300n na\u0300y, vơ\u0301i khoa\u0309ng năm trăm nghi\u0300n cuô\u0301n sa\u0301ch cho mo\u0323i ngươ\u0300i.',
    },
  ];

  const page = (encoding: string, title: string, body: string, declare: boolean) =>
    `<html><head>${declare ? `<meta charset="${encoding}">` : ''}<title>${title}</title></head><body>` +
    `<ul><li><a href="/">Home</a></li><li><a href="/a">About</a></li></ul><p>${body}</p><div id="footer"><div><a href="/c">Contact</a></div></div></body></html>`;

  it.each(cases)('extracts a $encoding page declared by <meta charset>', ({ encoding, title, body }) => {
    const bytes = iconv.encode(page(encoding, title, body, true), encoding);
    expect(iconv.decode(bytes, encoding)).toContain(body);
    for (const mode of ['paper', 'tuned'] as const) {
      const extraction = extractLineBlocks(new Uint8Array(bytes), { mode });
      expect(tokenizeWords(extraction.text)).toEqual(tokenizeWords(body));
    }
  });

  it.each(cases)('extracts a $encoding page declared by the Content-Type of a Page', ({ encoding, title, body }) => {
    const bytes = new Uint8Array(iconv.encode(page(encoding, title, body, false), encoding));
    const extraction = lineBlockExtractor.extract({ id: 'x', html: bytes, contentType: `text/html; charset=${encoding}` });
    expect(tokenizeWords(extraction.text)).toEqual(tokenizeWords(body));
  });
});
