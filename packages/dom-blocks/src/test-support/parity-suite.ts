import { describe, expect, it } from 'vitest';
import { DATASETS_DIR, parityDatasets, runParity } from './parity.js';

/** One shard of the parity suite as a vitest suite. A missing dataset skips, or fails under WINNOW_REQUIRE_DATASETS=1. */
export function describeParity(shard: number, shards: number): void {
  const { present, missing } = parityDatasets();
  const required = process.env.WINNOW_REQUIRE_DATASETS === '1';
  if (missing.length && !required) console.warn(`parse5 parity: no ${missing.join(', ')} under ${DATASETS_DIR} (set DATASETS_DIR): skipped`);

  describe(`parseHtml against parse5 on every dataset page (shard ${shard + 1} of ${shards})`, () => {
    it.runIf(required)('has every dataset', () => {
      expect(missing, `datasets missing under ${DATASETS_DIR}`).toEqual([]);
    });

    it.skipIf(!present.length)('reads the same words, in the same order, on every page', () => {
      const started = performance.now();
      const report = runParity(present, shard, shards);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `parse5 parity, shard ${shard + 1}/${shards}: ${Object.entries(report.compared).map(([dataset, pages]) => `${dataset} ${pages}`).join(', ')} pages; ` +
          `${report.differing.length} differing; ${(report.bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(0)} s`,
      );
      for (const dataset of present) expect(report.compared[dataset], dataset).toBeGreaterThan(0);
      expect(report.differing).toEqual([]);
    }, 600_000);
  });
}
