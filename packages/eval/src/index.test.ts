import { expect, it } from 'vitest';

// Importing the entry loads every algorithm package: allow for a loaded runner.
it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "AEB_SHINGLE_LENGTH",
      "BASELINES",
      "BLOCK_MATCH_SHARE",
      "BLOCK_MATCH_SHINGLE",
      "READABILITY_CHAR_THRESHOLD",
      "READABILITY_MAX_DEPTH",
      "aebFromCounts",
      "aebPageCounts",
      "aebScore",
      "blockScores",
      "cleanEvalGold",
      "compareNames",
      "decodeGold",
      "defaultDatasetsDir",
      "detectDatasetKind",
      "dunnIndex",
      "extractWithReadability",
      "harmonicMean",
      "indexGold",
      "isGoldBlock",
      "lcsLength",
      "lcsWordScores",
      "loadDataset",
      "pageBlockScores",
      "randIndex",
      "readabilityExtractor",
      "runHarness",
      "toPage",
      "unwrapPredictions",
    ]
  `);
}, 30_000);
