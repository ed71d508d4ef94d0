import { expect, it } from 'vitest';

it('pins the export list', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "CHROMIUM_FLAGS",
      "DEFAULT_CHROMIUM_LAYOUT_OPTIONS",
      "DEFAULT_ESTIMATE_LAYOUT_OPTIONS",
      "DEFAULT_TITLE_SEGMENTER_OPTIONS",
      "FEATURE_NAMES",
      "ROW_TOLERANCE_PX",
      "TITLE_BLOCK_MODEL",
      "chromiumAvailable",
      "chromiumUnavailableReason",
      "estimateLayout",
      "extractLargestContentBlock",
      "indexElements",
      "largestContentBlock",
      "launchChromiumLayout",
      "measureLayoutWithChromium",
      "segmentPage",
      "segmentationToExtraction",
      "segmentationToJson",
      "titleSegmenterExtractor",
    ]
  `);
});
