import { expect, it } from 'vitest';

// Importing the entry loads every algorithm package: allow for a loaded runner.
it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "AEB_SHINGLE_LENGTH",
      "BASELINES",
      "BLOCK_MATCH_SHARE",
      "BLOCK_MATCH_SHINGLE",
      "HARNESS_METRICS",
      "READABILITY_CHAR_THRESHOLD",
      "READABILITY_MAX_DEPTH",
      "accuracyGate",
      "aebFromCounts",
      "aebPageCounts",
      "aebScore",
      "blockScores",
      "cleanEvalGold",
      "compareNames",
      "datasetHash",
      "datasetsRequired",
      "decodeGold",
      "defaultDatasetsDir",
      "detectDatasetKind",
      "dunnIndex",
      "extractWithReadability",
      "firstPagesPerFolder",
      "groupBySite",
      "harmonicMean",
      "harnessMetrics",
      "indexGold",
      "isGoldBlock",
      "lcsLength",
      "lcsWordScores",
      "loadDataset",
      "missingData",
      "pageBlockScores",
      "plainAlgorithm",
      "randIndex",
      "readFloorsFile",
      "readabilityAlgorithm",
      "runHarness",
      "toPage",
      "unwrapPredictions",
      "updatingFloors",
    ]
  `);
}, 30_000);
