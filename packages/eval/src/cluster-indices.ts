/**
 * Cluster-quality indices of Gottron 2008 §5 (Gottron).
 */

/**
 * Rand index: the share of item pairs on which two partitions agree (both together or both apart),
 * I_Rand = A / (A + D). 1 for identical partitions.
 */
export function randIndex(labels: readonly (string | number)[], reference: readonly (string | number)[]): number {
  if (labels.length !== reference.length) {
    throw new RangeError(`randIndex: ${labels.length} labels against ${reference.length} reference labels`);
  }
  const n = labels.length;
  if (n < 2) return 1;
  // Counting through the contingency table: O(n + clusters²) instead of O(n²) pairs.
  const pairs = (count: number) => (count * (count - 1)) / 2;
  const joint = new Map<string, number>();
  const byLabel = new Map<string | number, number>();
  const byReference = new Map<string | number, number>();
  for (let index = 0; index < n; index++) {
    const key = `${typeof labels[index]}:${labels[index]}\u0000${typeof reference[index]}:${reference[index]}`;
    joint.set(key, (joint.get(key) ?? 0) + 1);
    byLabel.set(labels[index], (byLabel.get(labels[index]) ?? 0) + 1);
    byReference.set(reference[index], (byReference.get(reference[index]) ?? 0) + 1);
  }
  const total = pairs(n);
  let together = 0;
  for (const count of joint.values()) together += pairs(count);
  let togetherInLabels = 0;
  for (const count of byLabel.values()) togetherInLabels += pairs(count);
  let togetherInReference = 0;
  for (const count of byReference.values()) togetherInReference += pairs(count);
  // Agreements: together in both, plus apart in both.
  const apartInBoth = total - togetherInLabels - togetherInReference + together;
  return (together + apartInBoth) / total;
}

/**
 * Dunn index as Gottron 2008 §5 defines it: the minimum distance between items of different groups divided
 * by the maximum distance between items of the same group, I_Dunn = d_min / d_max. Above 1 means every
 * group is tighter than the gap between groups. `distance(i, j)` is called for each pair once.
 */
export function dunnIndex(labels: readonly (string | number)[], distance: (i: number, j: number) => number): number {
  let minimumBetween = Infinity;
  let maximumWithin = 0;
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const value = distance(i, j);
      if (labels[i] === labels[j]) maximumWithin = Math.max(maximumWithin, value);
      else minimumBetween = Math.min(minimumBetween, value);
    }
  }
  if (minimumBetween === Infinity) return Infinity;
  return maximumWithin > 0 ? minimumBetween / maximumWithin : Infinity;
}
