/** The second half of the pages of `parse5-parity.test.ts`. */
import { describeParity } from './test-support/parity-suite.js';

describeParity(1, 2);
