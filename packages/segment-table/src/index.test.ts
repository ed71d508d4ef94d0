import { expect, it } from 'vitest';

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_SEGMENT_TABLE_OPTIONS",
      "DEFAULT_SITE",
      "ENTRY_OVERHEAD_BYTES",
      "LAYOUT_TAGS",
      "MemorySegmentStore",
      "SQLITE_SCHEMA_VERSION",
      "SqliteSegmentStore",
      "compareEntries",
      "contentHashOf",
      "createMemoryStore",
      "detectTemplates",
      "entryBytes",
      "expiryPage",
      "extractWithSegmentTable",
      "isSqliteAvailable",
      "labelPage",
      "learnSegmentTable",
      "openSqliteStore",
      "processPage",
      "processPageAsync",
      "resolveOptions",
      "segmentLifetime",
      "segmentPage",
      "segmentTableExtractor",
      "siteOf",
    ]
  `);
});
