import { expect, it } from 'vitest';

it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "EXIT_FAILURE",
      "EXIT_OK",
      "EXIT_USAGE",
      "HTML_FILE",
      "ServeUsageError",
      "createProgress",
      "formatMany",
      "formatReport",
      "listHtmlFiles",
      "main",
      "outputFileName",
      "parseServeOptions",
      "readPages",
      "readStdin",
      "runEval",
      "runExtract",
      "runServe",
      "summarize",
      "writeOutputs",
    ]
  `);
});
