import { isWinnowError, renderExtraction, runExtractor, type Extractor, type Page, type PageMetadata } from '@winnow/dom-blocks';
import { ALGORITHMS } from '@winnow/algorithms';
import { DemoError, toErrorBody, type DemoErrorCode } from './errors.js';
import { highlightPage, type HighlightedPage } from './highlight.js';
import { previewModel, type ModelPreview } from './model-preview.js';

/** One page a visitor gave, already decoded to a string. */
export interface DemoPage {
  name: string;
  html: string;
  /** Where it was fetched from, when the operator allows URL fetching. */
  url?: string;
}

export interface RunDemoOptions {
  pages: readonly DemoPage[];
  /** Index in `pages` of the page to extract; site algorithms learn on the others. */
  target: number;
  /** Names from the registry, run one after the other on the target page. */
  algorithms: readonly string[];
  /** See `DemoOptions.modelPreviewChars`. */
  modelPreviewChars: number;
  /** The algorithms to choose from: eval's registry unless given (tests, or an operator's subset). */
  registry?: readonly Extractor[];
}

/** What one algorithm made of the target page. */
export interface AlgorithmRun {
  algorithm: string;
  kind: Extractor['kind'];
  /** Site algorithms: the pages learned from (the other pages given). */
  trainPages: string[];
  /** Milliseconds: learning (site algorithms), extraction, and marking the page for display. */
  timings: { learnMs: number | null; extractMs: number; highlightMs: number };
  text: string;
  /** The extraction's own Markdown (rendered from the page, winnow's) when it has one, else Markdown of its blocks. */
  markdown: string;
  /** The page's metadata, when the algorithm reads it (winnow's: title, author, published, language, …). */
  metadata: PageMetadata | null;
  notes: string[];
  counts: { content: number; boilerplate: number };
  /** The blocks as the extractor labelled them (path, tag, label, reason, text cut to 200 characters). */
  blocks: { order: number; path: string; tag: string; label: string; reason: string; text: string }[];
  highlight: HighlightedPage | null;
  /** Site algorithms: what was learned, as bounded JSON. */
  model: ModelPreview | null;
  /** Set when this algorithm failed on this page (the other algorithms still ran). */
  error: { code: DemoErrorCode; message: string } | null;
}

export interface DemoRun {
  target: { name: string; bytes: number };
  pages: string[];
  runs: AlgorithmRun[];
}

/** Most blocks listed per run in the response (the page marks show all of them). */
export const MAX_LISTED_BLOCKS = 2_000;
const LISTED_TEXT_CHARS = 200;

/** The registry as the page lists it. */
export function listAlgorithms(registry: readonly Extractor[] = ALGORITHMS): { name: string; kind: Extractor['kind']; description: string; peer: boolean; defaultTrainPages: number | null }[] {
  return registry.map((algorithm) => ({
    name: algorithm.name,
    kind: algorithm.kind,
    description: algorithm.description,
    peer: algorithm.peer ?? false,
    defaultTrainPages: algorithm.kind === 'site' ? algorithm.defaultTrainPages : null,
  }));
}

function toPage(page: DemoPage): Page {
  return { id: page.name, html: page.html, url: page.url, site: 'demo' };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

function elapsed(start: number): number {
  return round(performance.now() - start);
}

function runOne(algorithm: Extractor, pages: readonly DemoPage[], target: number, modelPreviewChars: number): AlgorithmRun {
  const page = pages[target];
  const run: AlgorithmRun = {
    algorithm: algorithm.name,
    kind: algorithm.kind,
    trainPages: [],
    timings: { learnMs: null, extractMs: 0, highlightMs: 0 },
    text: '',
    markdown: '',
    metadata: null,
    notes: [],
    counts: { content: 0, boilerplate: 0 },
    blocks: [],
    highlight: null,
    model: null,
    error: null,
  };
  try {
    if (algorithm.kind === 'site' && algorithm.defaultTrainPages > 0 && pages.length < 2) {
      throw new DemoError(
        'NEEDS_SITE_PAGES',
        422,
        `${algorithm.name} learns from other pages of the same site: add at least one more page of the site (up to ${algorithm.defaultTrainPages} are used in its paper's setting).`,
      );
    }
    const training = pages.filter((_, index) => index !== target).map(toPage);
    const [result] = runExtractor(algorithm, [toPage(page)], { training: { pages: algorithm.kind === 'site' ? training : [] } });
    if (algorithm.kind === 'site') {
      run.trainPages = result.trainingPages.map((trainingPage) => trainingPage.id);
      run.timings.learnMs = round(result.learnMs);
    }
    run.timings.extractMs = round(result.extractMs);
    if (result.error) throw result.error.cause;
    const extraction = result.extraction!;
    if (algorithm.kind === 'site') run.model = previewModel(algorithm.describeModel ? algorithm.describeModel(result.model) : result.model, modelPreviewChars);
    run.text = extraction.text;
    run.markdown = renderExtraction(extraction, 'markdown');
    run.metadata = extraction.metadata ?? null;
    run.notes = extraction.notes;
    for (const block of extraction.blocks) run.counts[block.label]++;
    run.blocks = extraction.blocks.slice(0, MAX_LISTED_BLOCKS).map((block) => ({
      order: block.order,
      path: block.path,
      tag: block.tag,
      label: block.label,
      reason: block.reason,
      text: block.text.length > LISTED_TEXT_CHARS ? `${block.text.slice(0, LISTED_TEXT_CHARS)}…` : block.text,
    }));
    const highlightStart = performance.now();
    run.highlight = highlightPage(page.html, extraction);
    run.timings.highlightMs = elapsed(highlightStart);
  } catch (cause) {
    // One algorithm failing on an odd page is a result to show, not a failed request.
    const { code, message } = cause instanceof DemoError || isWinnowError(cause) ? toErrorBody(cause) : {
      code: 'INTERNAL' as const,
      message: `${algorithm.name} failed on this page: ${cause instanceof Error ? cause.message.slice(0, 300) : String(cause).slice(0, 300)}`,
    };
    run.error = { code, message };
  }
  return run;
}

/** Runs each named algorithm on the target page (site algorithms learn on the other pages first). */
export function runDemo(options: RunDemoOptions): DemoRun {
  const { pages, target, algorithms } = options;
  if (pages.length === 0) throw new DemoError('NO_PAGE', 400, 'Give at least one page: drop an HTML file or paste HTML.');
  if (!Number.isInteger(target) || target < 0 || target >= pages.length) {
    throw new DemoError('BAD_TARGET', 400, `"target" must be the index of one of the ${pages.length} pages given (0 to ${pages.length - 1}).`);
  }
  if (algorithms.length === 0) throw new DemoError('NO_ALGORITHM', 400, 'Pick at least one algorithm.');
  const registry = options.registry ?? ALGORITHMS;
  const resolved = algorithms.map((name) => {
    const algorithm = registry.find((candidate) => candidate.name === name);
    if (!algorithm) {
      throw new DemoError('UNKNOWN_ALGORITHM', 400, `Unknown algorithm "${String(name).slice(0, 100)}": choose one of ${registry.map((candidate) => candidate.name).join(', ')}.`);
    }
    return algorithm;
  });
  return {
    target: { name: pages[target].name, bytes: Buffer.byteLength(pages[target].html) },
    pages: pages.map((page) => page.name),
    runs: resolved.map((algorithm) => runOne(algorithm, pages, target, options.modelPreviewChars)),
  };
}
