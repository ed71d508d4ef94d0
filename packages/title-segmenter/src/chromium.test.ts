import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHtml } from '@winnow/dom-blocks';
import { ELEMENT_INDEX_ATTRIBUTE, chromiumAvailable, chromiumUnavailableReason, launchChromiumLayout, serializeForLayout, type ChromiumLayoutSession } from './chromium.js';
import { indexElements } from './layout.js';
import { segmentPage } from './segment.js';

describe('serializeForLayout', () => {
  it('stamps element indices into the markup and leaves the document as it was', () => {
    const document = parseHtml('<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0;url=http://x"></head><body><p data-winnow-index="own">a</p><div>b</div></body></html>');
    const markup = serializeForLayout(document);
    expect(markup.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(markup).toContain(`<body ${ELEMENT_INDEX_ATTRIBUTE}="3">`);
    expect(markup).not.toMatch(/refresh/);
    expect(markup).toMatch(/<head data-winnow-index="1"><meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
    expect(document.querySelector('p')?.getAttribute(ELEMENT_INDEX_ATTRIBUTE)).toBe('own');
    expect(document.querySelector('div')?.hasAttribute(ELEMENT_INDEX_ATTRIBUTE)).toBe(false);
    expect(document.querySelector('meta[http-equiv="refresh"]')).not.toBeNull();
    expect(document.querySelector('meta[http-equiv="Content-Security-Policy"]')).toBeNull();
  });

  it('puts the policy first in the head even when an attribute value reads like a tag', () => {
    const document = parseHtml('<html data-x="<head>"><head><link rel="stylesheet" href="http://example.com/s.css"></head><body><p title="<meta http-equiv=refresh>">a</p></body></html>');
    const markup = serializeForLayout(document);
    const head = parseHtml(markup).head;
    expect(head.firstElementChild?.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(parseHtml(markup).documentElement.getAttribute('data-x')).toBe('<head>');
    expect(parseHtml(markup).querySelector('p')?.getAttribute('title')).toBe('<meta http-equiv=refresh>');
  });
});

const available = chromiumAvailable();
if (!available) console.warn('Chromium not found (apt-get install chromium, or set CHROMIUM_PATH): skipping the browser layout tests.');

describe.skipIf(!available)('launchChromiumLayout (headless Chromium)', () => {
  let session: ChromiumLayoutSession;
  beforeAll(async () => {
    session = await launchChromiumLayout();
  }, 30_000);
  afterAll(async () => {
    await session?.close();
  });

  it('measures boxes, display and visibility per element index, scripts off, no network', async () => {
    const document = parseHtml(`<!DOCTYPE html><html><body style="margin:0">
      <h1 id=t style="margin:0;height:40px">Title</h1>
      <table><tr><td id=c>cell</td></tr></table>
      <p id=h style="display:none">hidden</p><span id=b style="display:block">span</span>
      <img id=i src="http://example.invalid/x.png" width=30 height=20>
      <script>document.getElementById('t').textContent = 'changed by a script';</script></body></html>`);
    const layout = await session.measure(document);
    const elements = indexElements(document);
    expect(layout.source).toBe('chromium');
    expect(layout.elements).toHaveLength(elements.length);
    const byId = (id: string) => layout.elements[elements.findIndex((element) => element.getAttribute('id') === id)]!;
    expect(byId('t')).toMatchObject({ x: 0, y: 0, width: 1280, height: 40, display: 'block', visibility: 'visible' });
    expect(byId('t').textBoxes?.[0].width).toBeGreaterThan(0);
    // Chromium adds a <tbody>; the cell still maps back through its index.
    expect(byId('c').display).toBe('table-cell');
    expect(byId('h').display).toBe('none');
    expect(byId('b').display).toBe('block');
    expect(byId('i')).toMatchObject({ width: 30, height: 20 });
    const segmentation = segmentPage(document, layout);
    expect(segmentation.blocks.map((block) => block.text)).toContain('Title');
  }, 30_000);

  it('takes a PNG screenshot with outlines', async () => {
    const png = await session.screenshot(parseHtml('<h1>Hello</h1><p>World</p>'), [{ x: 5, y: 5, width: 100, height: 50 }]);
    expect([...png.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }, 30_000);
});

describe.skipIf(!available)('launchChromiumLayout failures', () => {
  it('reports a page that does not load in time as LAYOUT_UNAVAILABLE', async () => {
    const session = await launchChromiumLayout({ timeoutMs: 1 });
    try {
      await expect(session.measure(parseHtml(`<p>${'x '.repeat(50_000)}</p>`))).rejects.toMatchObject({ code: 'LAYOUT_UNAVAILABLE' });
    } finally {
      await session.close();
    }
  }, 30_000);
});

it('reports a missing Chromium binary as LAYOUT_UNAVAILABLE', async () => {
  await expect(launchChromiumLayout({ executablePath: '/nonexistent/chromium' })).rejects.toMatchObject({ code: 'LAYOUT_UNAVAILABLE' });
});

describe('chromiumUnavailableReason', () => {
  it('says how to get the browser when its binary is missing', () => {
    const reason = chromiumUnavailableReason('/nonexistent/chromium');
    expect(reason).toMatch(/No Chromium at \/nonexistent\/chromium: install .*CHROMIUM_PATH/);
    expect(chromiumAvailable('/nonexistent/chromium')).toBe(false);
  });

  it('finds the optional peer playwright-core when it is installed (a dev dependency here)', () => {
    // Any existing file stands for the binary; the driver check is what this exercises.
    expect(chromiumUnavailableReason(process.execPath)).toBeUndefined();
  });
});
