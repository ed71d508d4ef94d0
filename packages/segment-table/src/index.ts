export {
  DEFAULT_SEGMENT_TABLE_OPTIONS,
  LAYOUT_TAGS,
  resolveOptions,
  segmentLifetime,
  expiryPage,
  type SegmentTableOptions,
  type LifetimeParameters,
} from './options.js';
export { segmentPage, type SegmentKey, type PageSegment, type LayoutBlock, type SegmentedPage, type SegmentInput } from './segment.js';
export { detectTemplates, type LayoutBlockVerdict, type DetectionResult } from './detect.js';
export { ENTRY_OVERHEAD_BYTES, entryBytes, compareEntries, type SegmentStore, type AsyncSegmentStore, type AnySegmentStore, type AsyncOf, type StoreSize, type SegmentEntry, type PageUpdate, type PageKey } from './store.js';
export { MemorySegmentStore, createMemoryStore } from './memory-store.js';
export { SqliteSegmentStore, openSqliteStore, isSqliteAvailable, SQLITE_SCHEMA_VERSION, type SqliteStoreOptions } from './sqlite-store.js';
export {
  processPage,
  processPageAsync,
  labelPage,
  contentHashOf,
  learnSegmentTable,
  extractWithSegmentTable,
  segmentTableExtractor,
  siteOf,
  DEFAULT_SITE,
  type PageResult,
  type ProcessOptions,
  type SegmentTableModel,
} from './process.js';
