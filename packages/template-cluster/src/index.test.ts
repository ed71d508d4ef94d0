import { expect, it } from 'vitest';

it('exports the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_CLUSTER_OPTIONS",
      "DEFAULT_LINKED_PAGES_OPTIONS",
      "DEFAULT_STRUCTURE_OPTIONS",
      "DEFAULT_TEMPLATE_CLUSTER_OPTIONS",
      "DISTANCE_MEASURES",
      "PAPER_THRESHOLDS",
      "clusterPages",
      "clusterStructures",
      "declaredUrl",
      "distanceAt",
      "distanceHistogram",
      "distanceMatrix",
      "dunnIndex",
      "extractFromSiteFolder",
      "extractWithLinkedPages",
      "extractWithTemplateModel",
      "extractWithTrainingTexts",
      "formatClusterReport",
      "htmlFilesUnder",
      "intersectionSize",
      "learnTemplateModel",
      "linkHrefs",
      "linkedFiles",
      "localLinkTargets",
      "minHashSignatures",
      "pageStructure",
      "randIndex",
      "readClusterInputs",
      "readLinkedPages",
      "setDistance",
      "singleLinkage",
      "structuralDistance",
      "structureSet",
      "templateClusterExtractor",
      "trainingSetOf",
    ]
  `);
});
