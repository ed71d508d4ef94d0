import { expect, it } from 'vitest';

it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "APP_CSP",
      "DEFAULT_DEMO_OPTIONS",
      "DEFAULT_HOST",
      "DEFAULT_PORT",
      "DEFAULT_WORKER_RUNNER_OPTIONS",
      "DemoError",
      "HIGHLIGHT_CSS",
      "LOOPBACK_HOSTNAMES",
      "MAX_FIGURE_BYTES",
      "MAX_FIGURE_QUEUE",
      "REMOVED_TAGS",
      "SECURITY_HEADERS",
      "SHOWN_PAGE_CSP",
      "checkPageUrl",
      "createApp",
      "createInlineRunner",
      "createWorkerRunner",
      "defaultFigures",
      "drawFigure",
      "fetchPage",
      "highlightPage",
      "hostnameOf",
      "isLoopback",
      "listAlgorithms",
      "previewModel",
      "queueFigure",
      "readDemoRequest",
      "resolveDemoOptions",
      "runDemo",
      "sanitizeDocument",
      "startServer",
      "titleSegmenterFigure",
      "toErrorBody",
    ]
  `);
});
