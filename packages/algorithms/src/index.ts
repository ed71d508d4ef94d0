import { plainExtractor, WinnowError, type Extractor } from '@winnow/dom-blocks';
import { readabilityExtractor } from '@winnow/eval';
import { winnowExtractor } from '@winnow/extract';
import { lineBlockExtractor, lineBlockPaperExtractor } from '@winnow/lineblock';
import { segmentTableExtractor } from '@winnow/segment-table';
import { templateClusterExtractor } from '@winnow/template-cluster';
import { ceExtractor, fceExtractor } from '@winnow/template-fce';
import { titleSegmenterExtractor } from '@winnow/title-segmenter';

/*
 * The registry of every extractor winnow can run: the CLI's `--algo`, the harness runs and the demo all
 * read it. Each algorithm package exports its extractor object on the dom-blocks contract and adds it
 * here. The registry lives apart from @winnow/eval so that the algorithm packages can depend on eval for
 * their accuracy gates without a dependency cycle.
 */

/** The algorithm `winnow extract`, `winnow eval` and the demo run when none is named. */
export const DEFAULT_ALGORITHM = 'winnow';

export const ALGORITHMS: readonly Extractor[] = Object.freeze([
  plainExtractor,
  winnowExtractor,
  lineBlockExtractor,
  lineBlockPaperExtractor,
  readabilityExtractor,
  segmentTableExtractor,
  fceExtractor,
  ceExtractor,
  templateClusterExtractor,
  titleSegmenterExtractor,
]);

/** Names of every registered algorithm, in registry order. */
export function algorithmNames(): string[] {
  return ALGORITHMS.map((algorithm) => algorithm.name);
}

/** The algorithm called `name`, or an `UNKNOWN_ALGORITHM` error listing the known ones. */
export function getAlgorithm(name: string): Extractor {
  const algorithm = ALGORITHMS.find((candidate) => candidate.name === name);
  if (!algorithm) {
    throw new WinnowError('UNKNOWN_ALGORITHM', `Unknown algorithm "${name}": choose one of ${algorithmNames().join(', ')}.`);
  }
  return algorithm;
}
