// Benchmark: how time and memory grow with the size of a page. A generated page of lines of ten short
// paragraphs each (the shape of long forum threads, data tables and single-page manuals: many small
// elements) is run at 0.1, 1, 3.4 and 34 MB through each stage, every (size, stage) in a fresh child
// process so that its peak memory is its own. Prints MB/s and bytes of memory per input byte: peak RSS
// over the RSS before the stage (page already in memory), and the heap the result keeps alive.
//
// Usage (after pnpm build): node bench/scaling.mjs [--sizes 0.1,1,3.4,34] [--stages parse,blocks,plain]
//   [--extractor <name>=<module path>#<export>]...
// --extractor adds a stage that runs an extractor object (`extract(page)`, or for a site extractor
// `learn([page])` — `learn([])` when its `defaultTrainPages` is 0 — then `extract(model, page)`) exported
// by any built module, or the one an exported lookup function returns for the stage's name (a registry's
// `getAlgorithm`), e.g.:
//   --extractor winnow=../extract/dist/index.js#winnowExtractor --extractor fce=../algorithms/dist/index.js#getAlgorithm
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const LINE_PARAGRAPHS = 10;
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa', 'theta'];

/**
 * A page of `bytes` bytes (within a line): `<p>w</p>` ten to a line, words cycling, one `<html>` skeleton.
 * @param {number} bytes
 */
export function generatePage(bytes) {
  const lines = [];
  let size = 0;
  for (let line = 0; size < bytes; line++) {
    let text = '';
    for (let paragraph = 0; paragraph < LINE_PARAGRAPHS; paragraph++) text += `<p>${WORDS[(line + paragraph) % WORDS.length]}</p>`;
    lines.push(text);
    size += text.length + 1;
  }
  return `<!DOCTYPE html><html><head><title>Generated</title></head><body>\n${lines.join('\n')}\n</body></html>\n`;
}

/** @param {string} name @param {string} fallback */
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
/** @param {string} name */
const all = (name) => process.argv.flatMap((value, index) => (process.argv[index - 1] === `--${name}` ? [value] : []));

/** @returns {Promise<Record<string, (html: string) => unknown>>} */
async function loadStages() {
  const { buildBlockTree, extractPlain, parseHtml } = await import('../dist/index.js');
  /** @type {Record<string, (html: string) => unknown>} */
  const stages = {
    parse: (html) => parseHtml(html),
    blocks: (html) => buildBlockTree(parseHtml(html)),
    plain: (html) => extractPlain({ id: 'generated', html }),
  };
  for (const spec of all('extractor')) {
    const [name, target] = spec.split('=');
    const [modulePath, exportName] = target.split('#');
    const module = await import(pathToFileURL(path.resolve(modulePath)).href);
    const exported = module[exportName];
    const extractor = typeof exported === 'function' ? exported(name) : exported;
    stages[name] = (html) => {
      const page = { id: 'generated', html };
      // A site extractor learns on the page itself, unless it needs no pages to learn from (as winnow):
      // then it runs as on a lone page, on what it learned from none.
      if (extractor.kind !== 'site') return extractor.extract(page);
      return extractor.extract(extractor.learn(extractor.defaultTrainPages === 0 ? [] : [page]), page);
    };
  }
  return stages;
}

if (process.argv[2] === '--child') {
  // One measurement: node scaling.mjs --child <stage> <bytes> [extractor flags]
  const [, , , stage, bytes] = process.argv;
  const stages = await loadStages();
  const html = generatePage(Number(bytes));
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const result = stages[stage](html);
  const seconds = (performance.now() - started) / 1000;
  globalThis.gc?.();
  const heapKept = process.memoryUsage().heapUsed - heapBefore;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const elements = html.split('<p>').length - 1;
  process.stdout.write(JSON.stringify({ stage, bytes: html.length, elements, seconds, peakRss, rssBefore, heapKept, ok: result !== undefined }));
} else if (process.argv[1] === import.meta.filename) {
  const sizes = argument('sizes', '0.1,1,3.4,34').split(',').map(Number);
  const extractorFlags = all('extractor').flatMap((spec) => ['--extractor', spec]);
  const stageNames = argument('stages', ['parse', 'blocks', 'plain', ...all('extractor').map((spec) => spec.split('=')[0])].join(',')).split(',');
  console.log(`generated page: lines of ${LINE_PARAGRAPHS} <p> elements; Node ${process.version}; each row a fresh process`);
  console.log('| stage | MB | elements | seconds | MB/s | peak RSS MB | RSS bytes / input byte | heap kept bytes / input byte |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const stage of stageNames) {
    for (const megabytes of sizes) {
      let output;
      try {
        output = execFileSync(
        process.execPath,
        ['--expose-gc', '--max-old-space-size=8192', import.meta.filename, '--child', stage, String(Math.round(megabytes * 1e6)), ...extractorFlags],
          { encoding: 'utf8', maxBuffer: 1 << 20, timeout: Number(process.env.SCALING_TIMEOUT_MS ?? 600_000) },
        );
      } catch (error) {
        console.log(`| ${stage} | ${megabytes} | — | failed or over the time limit: ${String(error).split('\n')[0].slice(0, 80)} | | | | |`);
        continue;
      }
      const row = JSON.parse(output);
      /** @param {number} value */
      const perByte = (value) => (value / row.bytes).toFixed(1);
      console.log(
        `| ${stage} | ${(row.bytes / 1e6).toFixed(1)} | ${row.elements.toLocaleString('en')} | ${row.seconds.toFixed(2)} | ${(row.bytes / 1e6 / row.seconds).toFixed(2)} | ` +
          `${(row.peakRss / 1e6).toFixed(0)} | ${perByte(row.peakRss - row.rssBefore)} | ${perByte(row.heapKept)} |`,
      );
    }
  }
}
