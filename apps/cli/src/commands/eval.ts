import { getAlgorithm } from '@winnow/algorithms';
import { loadDataset, runHarness, type HarnessReport } from '@winnow/eval';

export interface EvalCommandOptions {
  dataset: string;
  algo: string;
  train?: number;
  /** Only these sites (labels as in the dataset). */
  sites?: string[];
  onProgress?: (done: number, total: number, id: string) => void;
}

/** The JSON object `winnow eval --json` prints: the report without its per-page results. */
export type EvalSummary = Omit<HarnessReport, 'results'>;

export function runEval(options: EvalCommandOptions): HarnessReport {
  const algorithm = getAlgorithm(options.algo);
  const dataset = loadDataset(options.dataset);
  return runHarness(dataset, algorithm, {
    train: options.train,
    sites: options.sites,
    onProgress: (done, total, page) => options.onProgress?.(done, total, page.id),
  });
}

export function summarize(report: HarnessReport): EvalSummary {
  const { results: _results, ...summary } = report;
  return summary;
}

const figure = (value: number) => value.toFixed(3);
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** A human-readable table of a report: the aggregate, then per site. */
export function formatReport(report: HarnessReport): string {
  const lines = [
    `dataset   ${report.dataset}`,
    `algorithm ${report.algo}${report.trainPages ? ` (train ${report.trainPages} pages per site, scoring the rest)` : ''}`,
    `pages     ${report.pages}   empty ${report.empty}   errors ${report.errors}`,
    '',
    '            precision  recall     F1',
    `LCS micro   ${figure(report.precision)}      ${figure(report.recall)}      ${figure(report.f1)}`,
    `LCS macro   ${figure(report.macroPrecision)}      ${figure(report.macroRecall)}      ${figure(report.macroF1)}`,
  ];
  if (report.aeb) lines.push(`AEB         ${figure(report.aeb.precision)}      ${figure(report.aeb.recall)}      ${figure(report.aeb.f1)}`);
  lines.push(`bag (WCXB)  ${figure(report.bag.precision)}      ${figure(report.bag.recall)}      ${figure(report.bag.f1)}`);
  lines.push(`block F     ${' '.repeat(22)}${figure(report.blockF1)}`);
  if (report.byType) {
    lines.push('', 'page type       pages  bag P   bag R   bag F1');
    for (const [type, scores] of Object.entries(report.byType)) {
      lines.push(`${type.padEnd(15)} ${String(scores.pages).padStart(5)}  ${figure(scores.precision)}   ${figure(scores.recall)}   ${figure(scores.f1)}`);
    }
  }
  if (report.snippets) {
    const { withFound, withPages, withoutAvoided, withoutPages } = report.snippets;
    lines.push('', `snippets    with found ${percent(withFound)} (${withPages} pages)   without avoided ${percent(withoutAvoided)} (${withoutPages} pages)`);
  }
  if (report.metadata) {
    const { title, author, published } = report.metadata;
    lines.push(
      `metadata    title ${percent(title.share)} exact (<title> baseline ${percent(title.titleTagShare)}, ${title.pages} pages)   author ${percent(author.share)} (${author.pages})   date ${percent(published.share)} (${published.pages})`,
    );
  }
  lines.push('', `time        ${report.msPerPage.toFixed(1)} ms/page mean, ${report.medianMsPerPage.toFixed(1)} ms median${report.learnMs ? `, learning ${report.learnMs.toFixed(0)} ms in all` : ''}`);
  const sites = new Map<string, { pages: number; f1: number }>();
  for (const result of report.results) {
    const site = sites.get(result.site) ?? { pages: 0, f1: 0 };
    site.pages++;
    site.f1 += result.f1;
    sites.set(result.site, site);
  }
  if (sites.size > 1 && sites.size <= 40) {
    lines.push('', 'site                         pages  macro F1');
    for (const [name, site] of sites) lines.push(`${name.padEnd(28)} ${String(site.pages).padStart(5)}  ${figure(site.f1 / site.pages)}`);
  }
  return lines.join('\n');
}

/** One line per scored page: LCS precision, recall, F1, bag F1, words, time, and why it failed if it did. */
export function formatPages(report: HarnessReport): string {
  const lines = ['page                                      P      R      F1     bag F1  words  gold   ms'];
  for (const result of report.results) {
    const id = result.id.length > 40 ? `…${result.id.slice(-39)}` : result.id.padEnd(40);
    lines.push(
      `${id}  ${figure(result.precision)}  ${figure(result.recall)}  ${figure(result.f1)}  ${figure(result.bag.f1)}   ${String(result.extractedWords).padStart(5)}  ${String(result.goldWords).padStart(5)}  ${result.ms.toFixed(1).padStart(6)}${result.error ? `  error: ${result.error}` : ''}`,
    );
  }
  return lines.join('\n');
}
