import { describe, expect, it } from 'vitest';
import { extract } from './extract.js';

const story = (declared: boolean) => `<!doctype html><html><head><title>Harbour bridge reopens after repairs | The Coast Courier</title>
${declared ? '<meta property="og:type" content="article">' : ''}</head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
<article>
  <h1>Harbour bridge reopens after repairs</h1>
  <div class="article-byline">By <a rel="author" href="/staff/jo">Jo Rivers</a>, transport reporter</div>
  <p>The harbour bridge reopened to traffic on Monday morning after eight months of repairs to its deck and cables, the city council said in a statement.</p>
  <figure><img src="bridge.jpg" alt=""><figcaption class="photo-caption">The bridge at dawn on Monday. Photo: council handout</figcaption></figure>
  <p>Engineers replaced more than four hundred steel cables and resurfaced the whole deck, work that the council says will keep the bridge safe for another fifty years of heavy traffic.</p>
  <p>Commuters who had faced a detour of up to forty minutes each way welcomed the reopening, and buses returned to their old routes across the water by the afternoon.</p>
  <p>The council said the final cost of the repairs came in slightly under the budget it had set, and that the remaining money would go to maintenance of the city's other bridges.</p>
</article>
<footer>© 2024 The Coast Courier</footer></body></html>`;

describe('an article page\'s furniture', () => {
  it('leaves out the headline repeating the title and the byline, each with its reason, and keeps captions by default', () => {
    const result = extract({ id: 'bridge', html: story(true) });
    const block = (start: string) => result.blocks.find((candidate) => candidate.text.startsWith(start))!;
    expect(result.metadata?.title).toBe('Harbour bridge reopens after repairs');
    expect(block('Harbour bridge reopens')).toMatchObject({ label: 'boilerplate', reason: 'headline: the page title (in metadata)' });
    expect(block('By Jo Rivers')).toMatchObject({ label: 'boilerplate', reason: 'byline (in metadata)' });
    expect(block('The harbour bridge reopened').label).toBe('content');
    expect(result.text).not.toContain('Harbour bridge reopens after repairs');
    expect(result.markdown).not.toContain('# Harbour bridge');
    expect(block('The bridge at dawn').label).toBe('content');
    const without = extract({ id: 'bridge', html: story(true) }, { captions: false });
    expect(without.blocks.find((candidate) => candidate.text.startsWith('The bridge at dawn'))).toMatchObject({ label: 'boilerplate', reason: 'caption or credit' });
  });

  it('leaves pages that do not declare one article alone', () => {
    const result = extract({ id: 'bridge', html: story(false) });
    const headline = result.blocks.find((candidate) => candidate.text.startsWith('Harbour bridge reopens'))!;
    expect(headline.reason).not.toMatch(/^headline/);
    expect(result.blocks.some((candidate) => /^(headline|byline|caption)/.test(candidate.reason))).toBe(false);
  });
});
