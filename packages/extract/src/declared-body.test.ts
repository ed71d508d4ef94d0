import { describe, expect, it } from 'vitest';
import { extract } from './extract.js';
import { DECLARED_BODY_REASON } from './declared-body.js';

const paragraphs = [
  'The harbour bridge reopened to traffic on Monday morning after eight months of repairs to its deck and cables, the city council said in a statement.',
  'Engineers replaced more than four hundred steel cables and resurfaced the whole deck, work that the council says will keep the bridge safe for another fifty years of heavy traffic.',
  'Commuters who had faced a detour of up to forty minutes each way welcomed the reopening, and buses returned to their old routes across the water by the afternoon.',
  'The council said the final cost of the repairs came in slightly under the budget it had set, and that the remaining money would go to maintenance of the other bridges.',
];
const comments = [
  ['Sam Hollis', 'Finally! I have been driving the long way round since March and my fuel bill has been enormous. Thanks to all the crews who worked through the winter nights on this.'],
  ['Priya N.', 'Forty minutes each way was an understatement on some mornings. Good to see the buses back on the old route as well, the detour made my daughter late for school twice a week.'],
  ['Old Harbour Resident', 'Under budget is a nice change for this council. I hope they spend the rest on the swing bridge, which has been creaking badly for years and needs the same attention soon.'],
];

/** A story page whose JSON-LD declares `body` as its article body (none when undefined). */
const page = (body: string | undefined) => `<!doctype html><html><head><title>Harbour bridge reopens | The Coast Courier</title>
<meta property="og:type" content="article">
${body === undefined ? '' : `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Harbour bridge reopens', articleBody: body })}</script>`}
</head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<main>
<article>${paragraphs.map((text) => `<p>${text}</p>`).join('\n')}</article>
<section class="discussion"><h3>Your say</h3><ol>
${comments.map(([name, text]) => `<li><div class="who">${name} wrote on Monday:</div><div class="said"><p>${text}</p></div></li>`).join('\n')}
</ol></section>
</main>
<footer>© 2024 The Coast Courier</footer></body></html>`;

const labelOf = (result: ReturnType<typeof extract>, start: string) => result.blocks.find((block) => block.text.startsWith(start));

describe('the article body a page declares', () => {
  it('without a declaration, the readers\' posts under the story are content, as the model judges them', () => {
    const result = extract(page(undefined));
    expect(labelOf(result, 'Finally!')?.label).toBe('content');
    expect(labelOf(result, 'The harbour bridge')?.label).toBe('content');
  });

  it('leaves out the content outside the block holding the declared body, with its reason', () => {
    const result = extract(page(paragraphs.join('\n\n')));
    for (const [, text] of comments) expect(labelOf(result, text.slice(0, 20))).toMatchObject({ label: 'boilerplate', reason: DECLARED_BODY_REASON });
    for (const text of paragraphs) expect(labelOf(result, text.slice(0, 20))?.label).toBe('content');
    expect(result.text).not.toContain('fuel bill');
  });

  it('is set aside when the declared body is a truncated copy of the story', () => {
    const result = extract(page(paragraphs.slice(0, 1).join('\n\n') + ' ' + paragraphs[1]));
    expect(labelOf(result, 'Finally!')?.label).toBe('content');
    expect(labelOf(result, 'Commuters who')?.label).toBe('content');
  });

  it('is set aside when the page does not hold the declared text, or it is too short', () => {
    const other = 'A different story altogether about the opening of a new library in the old town hall, with its reading rooms, its archive of maps and a café that the volunteers will run on weekends.';
    expect(labelOf(extract(page(other)), 'Finally!')?.label).toBe('content');
    expect(labelOf(extract(page('The harbour bridge reopened to traffic on Monday.')), 'Finally!')?.label).toBe('content');
  });
});
