/**
 * Generated pages of one site sharing a template: a header, a navigation list, an article with text of
 * its own, a "related" box whose links change slowly, and a footer. Deterministic for a page number.
 */
const WORDS = ['river', 'stone', 'lamp', 'orbit', 'maple', 'signal', 'harbor', 'copper', 'meadow', 'engine', 'violet', 'thunder', 'garden', 'pixel', 'canyon', 'lantern'];

function word(seed: number): string {
  return WORDS[Math.abs(seed) % WORDS.length];
}

/** A sentence unique to (page, paragraph). */
export function sentence(page: number, paragraph: number): string {
  const parts = [`Story ${page}.${paragraph}:`];
  for (let i = 0; i < 12; i++) parts.push(word(page * 7919 + paragraph * 104729 + i * 31 + ((page * i) % 13)));
  return `${parts.join(' ')}.`;
}

export function templatePage(page: number): string {
  const paragraphs = Array.from({ length: 3 }, (_, index) => `<p>${sentence(page, index)}</p>`).join('\n');
  // The related box changes every 20 pages: its links live for a while, then expire.
  const era = Math.floor(page / 20);
  const related = Array.from({ length: 3 }, (_, index) => `<li><a href="/r/${era}/${index}">Related ${era}-${index}</a></li>`).join('');
  return `<!doctype html><html><head><title>Page ${page}</title></head><body>
<div id="header"><h1>The Example Gazette</h1><p>News you can use</p></div>
<ul id="nav"><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li></ul>
<div id="article"><h2>Headline number ${page}</h2>${paragraphs}</div>
<div id="related"><ul>${related}</ul></div>
<div id="footer"><p>Copyright The Example Gazette</p><p>Contact us</p></div>
</body></html>`;
}
