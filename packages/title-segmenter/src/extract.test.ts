import { describe, expect, it } from 'vitest';
import { extractLargestContentBlock } from './extract.js';

describe('extractLargestContentBlock', () => {
  it('keeps the largest content block as main content', () => {
    const extraction = extractLargestContentBlock({
      id: 'x',
      html: `<body><ul><li><a href=/>Home</a></li></ul><h1>Story title</h1><p>${'Body words here. '.repeat(20)}</p>
        <h2>Related</h2><ul><li><a href=/a>Another</a></li></ul></body>`,
    });
    expect(extraction.text.startsWith('Story title\nBody words here.')).toBe(true);
    expect(extraction.text).not.toMatch(/Home|Another/);
    expect(extraction.blocks.find((block) => block.text === 'Home')?.label).toBe('boilerplate');
  });

  it('returns no content with a note when there is no title block', () => {
    const extraction = extractLargestContentBlock({ id: 'x', html: '<p>only text</p>' });
    expect(extraction.text).toBe('');
    expect(extraction.notes.join(' ')).toMatch(/no main content/);
  });
});
