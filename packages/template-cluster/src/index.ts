export { DISTANCE_MEASURES, DEFAULT_STRUCTURE_OPTIONS, pageStructure, structureSet, type DistanceMeasure, type PageStructure, type StructureOptions } from './structure.js';
export { intersectionSize, setDistance, structuralDistance, distanceMatrix, distanceAt, type DistanceMatrix } from './distance.js';
export { distanceHistogram, type HistogramBin } from './histogram.js';
export {
  PAPER_THRESHOLDS,
  DEFAULT_CLUSTER_OPTIONS,
  clusterStructures,
  singleLinkage,
  minHashSignatures,
  lshBandsFor,
  type ClusterOptions,
  type Clustering,
} from './cluster.js';
export {
  DEFAULT_TEMPLATE_CLUSTER_OPTIONS,
  learnTemplateModel,
  extractWithTemplateModel,
  extractWithTrainingTexts,
  extractWithLinkedPages,
  trainingSetOf,
  type TemplateClusterOptions,
  type TemplateClusterModel,
} from './template-detection.js';
export {
  DEFAULT_LINKED_PAGES_OPTIONS,
  localLinkTargets,
  linkHrefs,
  linkedFiles,
  declaredUrl,
  readLinkedPages,
  extractFromSiteFolder,
  linkedTrainingPages,
  templateClusterExtractor,
  type LinkedPagesOptions,
} from './site-folder.js';
