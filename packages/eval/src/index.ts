export { lcsWordScores, lcsLength, harmonicMean, type WordScores } from './lcs.js';
export { aebScore, aebPageCounts, aebFromCounts, unwrapPredictions, AEB_SHINGLE_LENGTH, type AebScore, type AebPageCounts } from './aeb.js';
export { blockScores, pageBlockScores, indexGold, isGoldBlock, BLOCK_MATCH_SHARE, BLOCK_MATCH_SHINGLE, type BlockScores, type GoldIndex } from './block-f.js';
export { randIndex, dunnIndex } from './cluster-indices.js';
export { bagScores, bagTokens, meanBagScores, snippetShare, type BagScores } from './bag.js';
export {
  scorePageTruth,
  titleElementText,
  titlesMatch,
  authorsMatch,
  datesMatch,
  type FieldAccuracy,
  type MetadataAccuracy,
  type MetadataMatch,
  type PageTruthScores,
  type SnippetShares,
  type TypeScores,
} from './page-truth.js';
export {
  loadDataset,
  detectDatasetKind,
  defaultDatasetsDir,
  decodeGold,
  cleanEvalGold,
  compareNames,
  type Dataset,
  type DatasetKind,
  type DatasetPage,
  type PageTruth,
} from './datasets.js';
export { loadGoldenPages, type GoldenPage } from './golden.js';
export { runHarness, toPage, type HarnessOptions, type HarnessReport, type PageResult } from './harness.js';
export { BASELINES } from './baselines.js';
export { extractWithReadability, readabilityExtractor, READABILITY_MAX_DEPTH, READABILITY_CHAR_THRESHOLD } from './readability.js';
export {
  accuracyGate,
  datasetHash,
  datasetsRequired,
  firstPagesPerFolder,
  harnessMetrics,
  missingData,
  readFloorsFile,
  updatingFloors,
  HARNESS_METRICS,
  type AccuracyGate,
  type AccuracyGateOptions,
  type FloorsFile,
  type GateCase,
  type GateFigures,
  type GateFloor,
  type GateMeasure,
  type HarnessMetric,
  type SkipContext,
} from './gate.js';
