import { expect, it } from 'vitest';

// Importing the entry loads every algorithm package: allow for a loaded runner.
it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "AEB_SHINGLE_LENGTH",
      "ALGORITHMS",
      "BLOCK_MATCH_SHARE",
      "BLOCK_MATCH_SHINGLE",
      "aebFromCounts",
      "aebPageCounts",
      "aebScore",
      "algorithmNames",
      "blockScores",
      "cleanEvalGold",
      "compareNames",
      "decodeGold",
      "defaultDatasetsDir",
      "detectDatasetKind",
      "dunnIndex",
      "extractWithReadability",
      "getAlgorithm",
      "groupBySite",
      "harmonicMean",
      "indexGold",
      "isGoldBlock",
      "lcsLength",
      "lcsWordScores",
      "loadDataset",
      "randIndex",
      "runHarness",
      "toPage",
      "unwrapPredictions",
    ]
  `);
}, 30_000);
