export { createApp, readDemoRequest, APP_CSP, SECURITY_HEADERS, type DemoRequest, type CreateAppOptions } from './app.js';
export { startServer, DEFAULT_PORT, DEFAULT_HOST, type StartServerOptions, type DemoServer } from './server.js';
export { DEFAULT_DEMO_OPTIONS, resolveDemoOptions, type DemoOptions } from './options.js';
export { runDemo, listAlgorithms, type RunDemoOptions, type DemoRun, type AlgorithmRun, type DemoPage } from './run.js';
export { highlightPage, carriesBlockIndices, HIGHLIGHT_CSS, SHOWN_PAGE_CSP, DOM_MATCH_SHARE, type HighlightedPage, type HighlightMode } from './highlight.js';
export { sanitizeDocument, REMOVED_TAGS } from './sanitize.js';
export { previewModel, type ModelPreview } from './model-preview.js';
export { fetchPage, checkPageUrl, type FetchPageOptions } from './fetch-page.js';
export { DemoError, toErrorBody, type DemoErrorCode } from './errors.js';
