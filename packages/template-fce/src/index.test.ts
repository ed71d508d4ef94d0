import { expect, it } from 'vitest';

it('pins the export list', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_CE_OPTIONS",
      "DEFAULT_FCE_DETECTION_OPTIONS",
      "DEFAULT_FCE_OPTIONS",
      "FCE_TEMPLATE_VERSION",
      "MIN_TEMPLATE_COVERAGE",
      "NON_CONTENT_PAGE_FRACTION",
      "PAPER_SIMILARITY_THRESHOLD",
      "TEMPLATE_TEXT_PREVIEW",
      "buildTemplate",
      "ceExtraction",
      "ceExtractor",
      "classifyCeUnits",
      "compileTemplate",
      "detectFce",
      "extractCe",
      "extractFce",
      "fceExtraction",
      "fceExtractor",
      "learnCe",
      "mergeTemplates",
      "pageBlockTree",
      "parseTemplate",
      "serializeTemplate",
      "validateTemplate",
    ]
  `);
});
