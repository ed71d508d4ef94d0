import { describe, expect, it } from 'vitest';
import { collapseWhitespace, countWords, tokenizeWords } from './tokenize.js';

describe('tokenizeWords', () => {
  it.each([
    ['runs of letters and digits, case-folded', 'Hello, World! 42 times', ['hello', 'world', '42', 'times']],
    ['punctuation and symbols split words', "don't stop—ever (2024)", ['don', 't', 'stop', 'ever', '2024']],
    ['Japanese: one token per character', '東京タワーへ行く', ['東', '京', 'タ', 'ワ', 'ー', 'へ', '行', 'く']],
    ['Chinese: one token per character', '中文网页', ['中', '文', '网', '页']],
    ['Latin inside CJK stays a word', 'iPhone发布会', ['iphone', '发', '布', '会']],
    ['Vietnamese words keep their diacritics', 'Tiếng Việt có dấu', ['tiếng', 'việt', 'có', 'dấu']],
    ['Korean (written with spaces) stays in runs', '한국어 문장', ['한국어', '문장']],
    ['Thai: a character with its marks', 'ภาษา', ['ภ', 'า', 'ษ', 'า']],
    ['empty text', '', []],
  ])('%s', (_name, text, expected) => {
    expect(tokenizeWords(text)).toEqual(expected);
    expect(countWords(text)).toBe(expected.length);
  });

  it('normalises decomposed Vietnamese to the composed form', () => {
    const decomposed = 'Tiê\u0301ng Vie\u0323\u0302t';
    expect(tokenizeWords(decomposed)).toEqual(tokenizeWords('Tiếng Việt'));
  });
});

describe('collapseWhitespace', () => {
  it('collapses spaces, tabs, newlines and no-break spaces', () => {
    expect(collapseWhitespace('  a \n\t b\u00a0\u00a0c  ')).toBe('a b c');
  });
});
