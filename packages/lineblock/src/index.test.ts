import { expect, it } from 'vitest';

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_LINEBLOCK_OPTIONS",
      "LINE_BREAK_TAGS",
      "PAPER_ATTR_THRESHOLD",
      "PAPER_LAMBDA",
      "PAPER_MAX_LINE_GAP",
      "PAPER_TKD_THRESHOLD",
      "PAPER_TTR_THRESHOLD",
      "TUNED_SETTINGS",
      "analyzeLineBlocks",
      "attributesHide",
      "buildLineBlocks",
      "classifyLineBlock",
      "extractLineBlocks",
      "keepMainRegions",
      "lineBlockExtractor",
      "lineBlockPaperExtractor",
      "meanAndDeviation",
      "parseAttributes",
      "resolveLineBlockOptions",
      "scanLines",
      "titleKeywords",
    ]
  `);
});
