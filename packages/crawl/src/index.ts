export { readWarcPages, readWarcFile, emptyCounts, addCounts, HTML_CONTENT_TYPE, type WarcPage, type WarcCounts, type SkipReason, type ReadWarcOptions } from './warc.js';
export { gunzipMembers, isGzip, MAX_MEMBER_BYTES, type GzipDamage } from './gzip-members.js';
