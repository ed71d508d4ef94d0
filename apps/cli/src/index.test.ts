import { expect, it } from 'vitest';

it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "EXIT_FAILURE",
      "EXIT_OK",
      "EXIT_USAGE",
      "HTML_FILE",
      "ServeUsageError",
      "SEGMENT_LAYOUT_CHOICES",
      "createProgress",
      "formatMany",
      "formatReport",
      "formatSegmentation",
      "listHtmlFiles",
      "main",
      "outputFileName",
      "parseServeOptions",
      "readPages",
      "readStdin",
      "runEval",
      "runExtract",
      "runServe",
      "runSegment",
      "summarize",
      "writeOutputs",
    ]
  `);
});
