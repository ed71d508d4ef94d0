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
      "clusterStructures",
      "declaredUrl",
      "distanceAt",
      "distanceHistogram",
      "distanceMatrix",
      "extractFromSiteFolder",
      "extractWithLinkedPages",
      "extractWithTemplateModel",
      "extractWithTrainingTexts",
      "intersectionSize",
      "learnTemplateModel",
      "linkHrefs",
      "linkedFiles",
      "linkedTrainingPages",
      "localLinkTargets",
      "lshBandsFor",
      "minHashSignatures",
      "pageStructure",
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
