import { expect, it } from 'vitest';

it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "EXIT_FAILURE",
      "EXIT_OK",
      "EXIT_USAGE",
      "HTML_FILE",
      "createProgress",
      "formatMany",
      "formatReport",
      "formatSegmentsPage",
      "formatSegmentsSummary",
      "listHtmlFiles",
      "main",
      "outputFileName",
      "readPages",
      "readStdin",
      "runEval",
      "runExtract",
      "runSegments",
      "summarize",
      "writeOutputs",
    ]
  `);
});
