import { describe, expect, it } from 'vitest';
import { scoreArticle, scoreSections, sectionOf } from './criteria.js';
import { segmentPage } from './segment.js';
import { parseHtml } from '@winnow/dom-blocks';
import { headingModel } from './test-support/models.js';


const sphinx = (extra: string) => `<body><div class="related"><h3>Navigation</h3><ul><li>index</li></ul></div>
  <div class="section" id="a"><h1>Top</h1><p>Intro.</p>
    <section id="b"><h2>Sub</h2><p>One.</p>${extra}<p>Two.</p></section></div></body>`;

describe('scoreSections', () => {
  it('finds the innermost section', () => {
    const document = parseHtml(sphinx(''));
    expect(sectionOf(document.querySelector('h2'))?.getAttribute('id')).toBe('b');
    expect(sectionOf(document.querySelector('h3'))).toBeNull();
  });

  it('counts a page whose sections are each one content block as correct', () => {
    expect(scoreSections(segmentPage(sphinx(''), undefined, { model: headingModel }))).toEqual({ sections: 2, matched: 2, correct: true, refined: 2 });
  });

  it('counts a section split by a sub-title as divided, not matched', () => {
    const score = scoreSections(segmentPage(sphinx('<dl><dt>term</dt><dd>definition</dd></dl>'), undefined, { model: headingModel }));
    expect(score).toEqual({ sections: 2, matched: 1, correct: false, refined: 2 });
  });
});

describe('scoreArticle (Sano et al. 2013 §4.2)', () => {
  const page = `<body><ul><li>Home</li><li>News</li></ul><h1>Big story</h1><p>Date 2010</p>
    <p>The body of the big story has many words in it.</p><h2>Related</h2><ul><li>Other story</li></ul></body>`;

  it('is correct when one block holds the article and little else', () => {
    const score = scoreArticle(segmentPage(page, undefined, { model: headingModel }), 'Big story\nThe body of the big story has many words in it.');
    expect(score).toMatchObject({ contentBlock: 0, recall: 1, correct: true });
    expect(score.precision).toBeCloseTo(13 / 15, 5);
  });

  it('fails when the article is split across content blocks', () => {
    const score = scoreArticle(segmentPage(page, undefined, { model: headingModel }), 'Big story The body of the big story has many words in it. Other story');
    expect(score.correct).toBe(false);
  });

  it('handles a page with no content blocks', () => {
    expect(scoreArticle(segmentPage('<p>x</p>', undefined, { model: headingModel }), 'x')).toEqual({ contentBlock: null, recall: 0, precision: 0, correct: false });
  });
});
