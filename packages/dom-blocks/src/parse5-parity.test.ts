/**
 * Dataset-driven: on every page of every dataset, the words a reader sees in `parseHtml`'s document equal
 * those of parse5's own tree, in order (see `test-support/parity.ts`). The pages are split between this
 * file and `parse5-parity-second-half.test.ts` so that the two run in parallel.
 */
import { describeParity } from './test-support/parity-suite.js';

describeParity(0, 2);
