import type { Page } from '@winnow/dom-blocks';

/** Nguyen et al. 2009 Figure 2: the paragraph whose sub-blocks CE splits (Figure 3). */
export const FIGURE_2_PARAGRAPH = `<p> On Sept. 27, the US <span
class="yshortcuts"
id="lw_1223369478_0">House of
Representatives</span> unanimously passed
a resolution recognizing <span
class="yshortcuts"
id="lw_1223369478_1">The Christian
Science Monitor</span> on its centennial.
The measure was sponsored by <span
class="yshortcuts"
id="lw_1223369478_2">Rep. Lamar
Smith</span> (R) of Texas who once served
on the Monitor staff. It was cosponsored
by 40 other <span class="yshortcuts"
id="lw_1223369478_3">members of
Congress</span>. </p>`;

const WORDS = [
  'harbour', 'council', 'budget', 'river', 'school', 'station', 'festival', 'market', 'bridge', 'library',
  'election', 'museum', 'garden', 'airport', 'hospital', 'stadium', 'theatre', 'orchestra', 'railway', 'forest',
  'village', 'factory', 'harvest', 'weather', 'tunnel', 'island', 'castle', 'valley', 'canal', 'lighthouse',
];

/** A sentence unique to page `page`, sentence `sentence` (different words, so CE never finds it elsewhere). */
export function uniqueSentence(page: number, sentence: number): string {
  const pick = (offset: number) => WORDS[(page * 7 + sentence * 3 + offset * 11) % WORDS.length];
  return `The ${pick(1)} report ${page}-${sentence} on the ${pick(2)} and the ${pick(3)} said ${pick(4)} plans for ${pick(5)} number ${page * 100 + sentence} changed.`;
}

export interface SitePageOptions {
  /** Replace the article's first paragraph with this HTML. */
  paragraph?: string;
  paragraphs?: number;
}

/**
 * One page of a small news site: the same header, navigation and footer on every page, an article of
 * paragraphs unique to the page, and a sidebar list of headlines that change from page to page.
 */
export function sitePage(page: number, options: SitePageOptions = {}): string {
  const paragraphs = Array.from({ length: options.paragraphs ?? 4 }, (_, sentence) => `<p>${uniqueSentence(page, sentence)} ${uniqueSentence(page, sentence + 10)}</p>`);
  if (options.paragraph) paragraphs[0] = options.paragraph;
  return `<!DOCTYPE html><html><head><title>Story ${page} - Daily Example</title></head><body>
<div id="header"><h1>Daily Example</h1><p>The news of the example town since 1908</p></div>
<div id="nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul></div>
<div id="main"><div class="article"><h2>Headline of story ${page}: ${WORDS[page % WORDS.length]} news</h2>
${paragraphs.join('\n')}
</div>
<div class="share"><p><a href="/share">Share this page</a> <a href="/print">Print</a></p></div></div>
<div id="footer"><p>Copyright 2010 Daily Example. All rights reserved. <a href="/terms">Terms of use</a></p></div>
</body></html>`;
}

export function sitePages(count: number, first = 0): Page[] {
  return Array.from({ length: count }, (_, index) => ({ id: `${first + index}.html`, html: sitePage(first + index), site: 'example.test' }));
}
