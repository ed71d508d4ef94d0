import type { LabelledBlock } from '@winnow/dom-blocks';
import { describe, expect, it } from 'vitest';
import { blockScores, indexGold, isGoldBlock, pageBlockScores } from './block-f.js';

const block = (text: string, label: LabelledBlock['label']): LabelledBlock => ({ path: 'HTML.BODY.P', text, label, reason: '', order: 0, tag: 'p' });
const GOLD = 'Storm hits the coast. Thousands of homes lost power on Monday night.\nHome';

describe('block-level F (Nguyen et al. 2009 §IV.B)', () => {
  it.each([
    ['a sentence of the gold', 'Thousands of homes lost power on Monday night.', true],
    ['a short gold line', 'Home', true],
    ['a menu', 'Home News Sport Weather', false],
    ['words of the gold out of order', 'night Monday on power lost', false],
  ])('%s is content: %s', (_name, text, expected) => {
    expect(isGoldBlock(text, indexGold(GOLD))).toBe(expected);
  });

  it('scores extracted blocks against the actual content blocks', () => {
    const scores = blockScores(
      [
        block('Storm hits the coast.', 'content'),
        block('Thousands of homes lost power on Monday night.', 'boilerplate'),
        block('Home News Sport Weather', 'content'),
        block('   ', 'content'),
      ],
      GOLD,
    );
    expect(scores).toMatchObject({ correct: 1, extracted: 2, actual: 2, precision: 0.5, recall: 0.5, f1: 0.5 });
  });
});

describe('block-level F over the page\'s own blocks', () => {
  const page = '<html><body><nav><p>Home News Sport Weather</p></nav><p>Storm hits the coast.</p><p>Thousands of homes lost power on Monday night.</p></body></html>';

  it.each([
    ['everything kept', 'Home News Sport Weather\nStorm hits the coast.\nThousands of homes lost power on Monday night.', { correct: 2, extracted: 3, actual: 2 }],
    ['only the article kept', 'Storm hits the coast.\nThousands of homes lost power on Monday night.', { correct: 2, extracted: 2, actual: 2, f1: 1 }],
    ['an empty extraction', '', { correct: 0, extracted: 0, actual: 2, recall: 0, f1: 0 }],
  ])('%s', (_name, extracted, expected) => {
    expect(pageBlockScores(page, extracted, GOLD)).toMatchObject(expected);
  });
});
