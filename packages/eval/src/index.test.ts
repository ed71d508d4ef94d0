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
      "authorsMatch",
      "bagScores",
      "bagTokens",
      "blockScores",
      "cleanEvalGold",
      "compareNames",
      "datesMatch",
      "decodeGold",
      "defaultDatasetsDir",
      "detectDatasetKind",
      "dunnIndex",
      "extractWithReadability",
      "groupBySite",
      "harmonicMean",
      "indexGold",
      "isGoldBlock",
      "lcsLength",
      "lcsWordScores",
      "loadDataset",
      "meanBagScores",
      "pageBlockScores",
      "plainAlgorithm",
      "randIndex",
      "readabilityAlgorithm",
      "runHarness",
      "scorePageTruth",
      "snippetShare",
      "titleElementText",
      "titlesMatch",
      "toPage",
      "unwrapPredictions",
    ]
  `);
}, 30_000);
