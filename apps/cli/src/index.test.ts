import { expect, it } from 'vitest';

// Importing the entry loads every algorithm package: allow for a loaded runner.
it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "EXIT_FAILURE",
      "EXIT_OK",
      "EXIT_USAGE",
      "HTML_FILE",
      "SEGMENT_LAYOUT_CHOICES",
      "ServeUsageError",
      "createProgress",
      "formatClusterReport",
      "formatMany",
      "formatPages",
      "formatReport",
      "formatSegmentation",
      "formatSegmentsPage",
      "formatSegmentsSummary",
      "listHtmlFiles",
      "main",
      "outputFileName",
      "parseServeOptions",
      "readPageList",
      "readPages",
      "readStdin",
      "runCluster",
      "runEval",
      "runExtract",
      "runSegment",
      "runSegments",
      "runServe",
      "summarize",
      "writeOutputs",
    ]
  `);
}, 30_000);
