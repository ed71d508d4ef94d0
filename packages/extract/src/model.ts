import { WinnowError } from '@winnow/dom-blocks';
import { CONTEXT_FEATURE_NAMES, FEATURE_NAMES } from './features.js';
import type { GbdtModel } from './gbdt.js';

/** Version of the model file format; bump when features change meaning. */
export const MODEL_VERSION = 1;

/** The single-page model: two passes of boosted trees over the block features (see README). */
export interface ExtractModel {
  version: number;
  /** What the model was trained on, for people. */
  trainedOn: string;
  featureNames: string[];
  contextNames: string[];
  /** Probability at or above which a block is content. */
  threshold: number;
  pass1: GbdtModel;
  pass2: GbdtModel;
}

/** Checks that a model matches the features this build computes; throws `INVALID_MODEL` otherwise. */
export function validateModel(model: ExtractModel): ExtractModel {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, index) => name === b[index]);
  if (model.version !== MODEL_VERSION || !same(model.featureNames, FEATURE_NAMES) || !same(model.contextNames, CONTEXT_FEATURE_NAMES)) {
    throw new WinnowError(
      'INVALID_MODEL',
      `The extract model (version ${model.version}, ${model.featureNames?.length} features) does not match this build (version ${MODEL_VERSION}, ${FEATURE_NAMES.length} features): retrain with \`pnpm --filter @winnow/extract train\`.`,
    );
  }
  return model;
}
