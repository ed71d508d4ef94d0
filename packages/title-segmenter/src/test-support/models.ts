import { DEFAULT_C45_OPTIONS, type DecisionTree } from '../c45.js';
import { FEATURE_NAMES } from '../features.js';

/**
 * A tree saying "title" exactly when F6 (heading or `dt` tag) is 1: keeps tests independent of the
 * shipped, trained model.
 */
export const headingModel: DecisionTree = {
  version: 1,
  algorithm: 'C4.5',
  classes: ['other', 'title'],
  features: [...FEATURE_NAMES],
  options: DEFAULT_C45_OPTIONS,
  root: {
    kind: 'split',
    feature: 5,
    threshold: 0,
    counts: [1, 1],
    low: { kind: 'leaf', label: 0, counts: [1, 0] },
    high: { kind: 'leaf', label: 1, counts: [0, 1] },
  },
};
