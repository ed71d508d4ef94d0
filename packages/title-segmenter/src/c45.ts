import { WinnowError } from '@winnow/dom-blocks';

/**
 * A C4.5 decision tree (Quinlan 1993, "C4.5: Programs for Machine Learning"; Weka's J48 is the Java
 * port Sano et al. 2013 §3.2 used) for numeric features: binary threshold splits chosen by gain ratio among
 * the splits with at least average information gain, the Release 8 penalty on continuous thresholds,
 * and error-based pruning (subtree replacement) with the pessimistic upper confidence bound.
 * No npm library implements C4.5 (ml-cart is CART: Gini, no pruning), hence this small one.
 */

export interface C45Options {
  /** Fewest training rows in a leaf: J48's `-M 2`, C4.5's `-m 2`. */
  minLeaf: number;
  /** Confidence factor of error-based pruning: J48's `-C 0.25`, C4.5's `-c 25`. */
  confidence: number;
  /** Prune the grown tree (C4.5 default; J48's `-U` turns it off). */
  prune: boolean;
  /** Deepest tree grown; a guard, not a C4.5 parameter (real trees here stay far below it). */
  maxDepth: number;
}

export const DEFAULT_C45_OPTIONS: Readonly<C45Options> = Object.freeze({
  minLeaf: 2,
  confidence: 0.25,
  prune: true,
  maxDepth: 64,
});

export type DecisionNode =
  | { kind: 'leaf'; label: number; counts: number[] }
  | { kind: 'split'; feature: number; threshold: number; counts: number[]; low: DecisionNode; high: DecisionNode };

/** A trained tree as plain data (JSON): the model shipped by the package. */
export interface DecisionTree {
  version: 1;
  algorithm: 'C4.5';
  /** Class names by label number. */
  classes: string[];
  /** Feature names by column. */
  features: string[];
  options: C45Options;
  root: DecisionNode;
}

/** Quinlan's split-size floor: 10 % of the rows per class, between `minLeaf` and 25 (J48's C45Split). */
const MAX_MIN_SPLIT = 25;
const MIN_SPLIT_FRACTION = 0.1;
/** J48 prunes when the leaf's estimated errors are within this of the subtree's (Weka C45PruneableClassifierTree). */
const PRUNE_SLACK = 0.1;
const EPSILON = 1e-6;

function entropy(counts: readonly number[], total: number): number {
  if (total <= 0) return 0;
  let sum = 0;
  for (const count of counts) if (count > 0) sum -= (count / total) * Math.log2(count / total);
  return sum;
}

function argmax(counts: readonly number[]): number {
  let best = 0;
  for (let index = 1; index < counts.length; index++) if (counts[index] > counts[best]) best = index;
  return best;
}

function countClasses(labels: readonly number[], rows: readonly number[], classCount: number): number[] {
  const counts = new Array<number>(classCount).fill(0);
  for (const row of rows) counts[labels[row]]++;
  return counts;
}

interface Candidate {
  feature: number;
  threshold: number;
  gain: number;
  gainRatio: number;
}

/** Best threshold of one feature by information gain, with C4.5 Release 8's penalty log2(thresholds)/n. */
function bestSplitOf(
  data: readonly number[][],
  labels: readonly number[],
  rows: number[],
  feature: number,
  totals: readonly number[],
  minSplit: number,
): Candidate | undefined {
  const n = rows.length;
  const sorted = [...rows].sort((a, b) => data[a][feature] - data[b][feature]);
  const left = new Array<number>(totals.length).fill(0);
  const right = [...totals];
  const baseEntropy = entropy(totals, n);
  let best: Candidate | undefined;
  let thresholds = 0;
  for (let position = 0; position < n - 1; position++) {
    const label = labels[sorted[position]];
    left[label]++;
    right[label]--;
    const value = data[sorted[position]][feature];
    const next = data[sorted[position + 1]][feature];
    if (next <= value + EPSILON * Math.abs(value)) continue;
    const leftSize = position + 1;
    const rightSize = n - leftSize;
    if (leftSize < minSplit || rightSize < minSplit) continue;
    thresholds++;
    const gain = baseEntropy - (leftSize / n) * entropy(left, leftSize) - (rightSize / n) * entropy(right, rightSize);
    if (!best || gain > best.gain) {
      const splitInfo = entropy([leftSize, rightSize], n);
      best = { feature, threshold: value, gain, gainRatio: splitInfo > 0 ? gain / splitInfo : 0 };
    }
  }
  if (!best || thresholds === 0) return undefined;
  const penalised = best.gain - Math.log2(thresholds) / n;
  if (penalised <= EPSILON) return undefined;
  const splitInfo = best.gainRatio > 0 ? best.gain / best.gainRatio : 0;
  return { ...best, gain: penalised, gainRatio: splitInfo > 0 ? penalised / splitInfo : 0 };
}

function grow(
  data: readonly number[][],
  labels: readonly number[],
  rows: number[],
  classCount: number,
  options: C45Options,
  depth: number,
): DecisionNode {
  const counts = countClasses(labels, rows, classCount);
  const label = argmax(counts);
  const leaf: DecisionNode = { kind: 'leaf', label, counts };
  if (rows.length < 2 * options.minLeaf || counts[label] === rows.length || depth >= options.maxDepth) return leaf;
  const minSplit = Math.min(MAX_MIN_SPLIT, Math.max(options.minLeaf, (MIN_SPLIT_FRACTION * rows.length) / classCount));
  const candidates: Candidate[] = [];
  const featureCount = data[rows[0]].length;
  for (let feature = 0; feature < featureCount; feature++) {
    const candidate = bestSplitOf(data, labels, rows, feature, counts, minSplit);
    if (candidate) candidates.push(candidate);
  }
  if (!candidates.length) return leaf;
  // C4.5: the best gain ratio among the splits whose gain is at least the average gain.
  const averageGain = candidates.reduce((sum, candidate) => sum + candidate.gain, 0) / candidates.length;
  let chosen: Candidate | undefined;
  for (const candidate of candidates) {
    if (candidate.gain < averageGain - EPSILON) continue;
    if (!chosen || candidate.gainRatio > chosen.gainRatio) chosen = candidate;
  }
  if (!chosen) return leaf;
  const low: number[] = [];
  const high: number[] = [];
  for (const row of rows) (data[row][chosen.feature] <= chosen.threshold ? low : high).push(row);
  if (!low.length || !high.length) return leaf;
  return {
    kind: 'split',
    feature: chosen.feature,
    threshold: chosen.threshold,
    counts,
    low: grow(data, labels, low, classCount, options, depth + 1),
    high: grow(data, labels, high, classCount, options, depth + 1),
  };
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(probability: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (probability < low) {
    const q = Math.sqrt(-2 * Math.log(probability));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (probability > 1 - low) return -normalQuantile(1 - probability);
  const q = probability - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/**
 * Extra errors C4.5 adds to `errors` observed among `total` rows: the upper limit of the binomial
 * confidence interval at `confidence`, less the observed errors (Quinlan's `AddErrs`, Weka `Stats.addErrs`).
 */
export function addedErrors(total: number, errors: number, confidence: number): number {
  if (total <= 0) return 0;
  if (errors < 1) {
    const base = total * (1 - Math.pow(confidence, 1 / total));
    if (errors === 0) return base;
    return base + errors * (addedErrors(total, 1, confidence) - base);
  }
  if (errors + 0.5 >= total) return Math.max(total - errors, 0);
  const z = normalQuantile(1 - confidence);
  const f = (errors + 0.5) / total;
  const r = (f + (z * z) / (2 * total) + z * Math.sqrt(f / total - (f * f) / total + (z * z) / (4 * total * total))) / (1 + (z * z) / total);
  return r * total - errors;
}

function leafErrors(counts: readonly number[], confidence: number): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const errors = total - counts[argmax(counts)];
  return errors + addedErrors(total, errors, confidence);
}

/** Error-based pruning by subtree replacement, bottom-up; returns the pruned node and its estimated errors. */
function prune(node: DecisionNode, confidence: number): { node: DecisionNode; errors: number } {
  if (node.kind === 'leaf') return { node, errors: leafErrors(node.counts, confidence) };
  const low = prune(node.low, confidence);
  const high = prune(node.high, confidence);
  const subtreeErrors = low.errors + high.errors;
  const asLeaf = leafErrors(node.counts, confidence);
  if (asLeaf <= subtreeErrors + PRUNE_SLACK) {
    return { node: { kind: 'leaf', label: argmax(node.counts), counts: node.counts }, errors: asLeaf };
  }
  return { node: { ...node, low: low.node, high: high.node }, errors: subtreeErrors };
}

/** Trains a C4.5 tree on numeric feature rows and integer class labels (0 .. classes.length - 1). */
export function trainC45(
  data: readonly number[][],
  labels: readonly number[],
  names: { classes: string[]; features: string[] },
  options: Partial<C45Options> = {},
): DecisionTree {
  const merged: C45Options = { ...DEFAULT_C45_OPTIONS, ...options };
  if (data.length === 0 || data.length !== labels.length) {
    throw new WinnowError('INVALID_OPTIONS', `trainC45 needs as many labels as rows and at least one row (got ${data.length} rows, ${labels.length} labels).`);
  }
  if (!(merged.confidence > 0 && merged.confidence <= 0.5)) {
    throw new WinnowError('INVALID_OPTIONS', `C4.5 confidence must be in (0, 0.5] (got ${merged.confidence}); J48's default is 0.25.`);
  }
  const classCount = names.classes.length;
  for (const label of labels) {
    if (!Number.isInteger(label) || label < 0 || label >= classCount) {
      throw new WinnowError('INVALID_OPTIONS', `Label ${label} is not a class index below ${classCount}.`);
    }
  }
  const rows = [...data.keys()];
  let root = grow(data, labels, rows, classCount, merged, 0);
  if (merged.prune) root = prune(root, merged.confidence).node;
  return { version: 1, algorithm: 'C4.5', classes: [...names.classes], features: [...names.features], options: merged, root };
}

/** The class label a tree gives one feature row (iterative descent). */
export function predictC45(tree: DecisionTree, row: readonly number[]): number {
  let node = tree.root;
  while (node.kind === 'split') node = row[node.feature] <= node.threshold ? node.low : node.high;
  return node.label;
}

/** Leaves and depth of a tree, for reports. */
export function treeShape(tree: DecisionTree): { leaves: number; depth: number } {
  let leaves = 0;
  let depth = 0;
  const stack: Array<[DecisionNode, number]> = [[tree.root, 0]];
  while (stack.length) {
    const [node, level] = stack.pop() as [DecisionNode, number];
    depth = Math.max(depth, level);
    if (node.kind === 'leaf') leaves++;
    else stack.push([node.low, level + 1], [node.high, level + 1]);
  }
  return { leaves, depth };
}

/** Checks that parsed JSON is a tree this version can run, with an actionable error otherwise. */
export function validateDecisionTree(value: unknown, featureCount: number): DecisionTree {
  const tree = value as DecisionTree;
  if (!tree || tree.version !== 1 || tree.algorithm !== 'C4.5' || !tree.root || !Array.isArray(tree.features)) {
    throw new WinnowError('INVALID_MODEL', 'Not a title-segmenter C4.5 model (version 1): retrain it with `pnpm --filter @winnow/title-segmenter train`.');
  }
  if (tree.features.length !== featureCount) {
    throw new WinnowError('INVALID_MODEL', `The model has ${tree.features.length} features; this version computes ${featureCount}. Retrain it.`);
  }
  const stack: DecisionNode[] = [tree.root];
  while (stack.length) {
    const node = stack.pop() as DecisionNode;
    if (node.kind === 'leaf') {
      if (!Number.isInteger(node.label)) throw new WinnowError('INVALID_MODEL', 'A leaf of the model has no class label. Retrain it.');
    } else if (node.kind === 'split' && Number.isInteger(node.feature) && node.feature >= 0 && node.feature < featureCount && typeof node.threshold === 'number') {
      stack.push(node.low, node.high);
    } else {
      throw new WinnowError('INVALID_MODEL', 'A split of the model is malformed. Retrain it.');
    }
  }
  return tree;
}

/** Confusion counts and the per-class precision and recall of a binary classifier. */
export interface BinaryScores {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** Of the rows predicted positive, the share that are positive (Sano et al. 2013's P_tb for titles). */
  positivePrecision: number;
  positiveRecall: number;
  negativePrecision: number;
  /** Of the negative rows, the share predicted negative (Sano et al. 2013's R_nb for non-titles). */
  negativeRecall: number;
}

export function binaryScores(actual: readonly number[], predicted: readonly number[], positive = 1): BinaryScores {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let trueNegatives = 0;
  for (let index = 0; index < actual.length; index++) {
    const isPositive = actual[index] === positive;
    const saysPositive = predicted[index] === positive;
    if (isPositive && saysPositive) truePositives++;
    else if (saysPositive) falsePositives++;
    else if (isPositive) falseNegatives++;
    else trueNegatives++;
  }
  const ratio = (numerator: number, denominator: number): number => (denominator > 0 ? numerator / denominator : 0);
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    trueNegatives,
    positivePrecision: ratio(truePositives, truePositives + falsePositives),
    positiveRecall: ratio(truePositives, truePositives + falseNegatives),
    negativePrecision: ratio(trueNegatives, trueNegatives + falseNegatives),
    negativeRecall: ratio(trueNegatives, trueNegatives + falsePositives),
  };
}

/**
 * k-fold cross-validation (Sano et al. 2013 §3.2 used ten folds). Rows of one group (one page) stay in one
 * fold, so a page's blocks are never both trained on and tested; groups are dealt to folds in order.
 * Returns the out-of-fold prediction of every row.
 */
export function crossValidateC45(
  data: readonly number[][],
  labels: readonly number[],
  groups: readonly string[],
  names: { classes: string[]; features: string[] },
  folds = 10,
  options: Partial<C45Options> = {},
): number[] {
  const groupIds = [...new Set(groups)];
  const foldOf = new Map(groupIds.map((group, index) => [group, index % folds]));
  const predicted = new Array<number>(data.length).fill(0);
  for (let fold = 0; fold < folds; fold++) {
    const train: number[] = [];
    const test: number[] = [];
    groups.forEach((group, index) => (foldOf.get(group) === fold ? test : train).push(index));
    if (!test.length || !train.length) continue;
    const tree = trainC45(train.map((index) => data[index]), train.map((index) => labels[index]), names, options);
    for (const index of test) predicted[index] = predictC45(tree, data[index]);
  }
  return predicted;
}
