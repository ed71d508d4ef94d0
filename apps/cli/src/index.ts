export { main, EXIT_OK, EXIT_FAILURE, EXIT_USAGE, type CliIo } from './main.js';
export { runExtract, writeOutputs, formatMany, outputFileName, type ExtractCommandOptions, type ExtractOutput } from './commands/extract.js';
export { runEval, summarize, formatReport, formatPages, type EvalCommandOptions, type EvalSummary } from './commands/eval.js';
export { runSegments, formatSegmentsPage, formatSegmentsSummary, type SegmentsCommandOptions, type SegmentsPageOutput, type SegmentsSummary } from './commands/segments.js';
export { readPages, listHtmlFiles, readStdin, HTML_FILE, type PageInput } from './inputs.js';
export { createProgress, type Progress } from './progress.js';
export { parseServeOptions, runServe, ServeUsageError, type ServeFlags } from './commands/serve.js';
export { runCluster, formatClusterReport, readPageList, type ClusterCommandOptions, type ClusterReport } from './commands/cluster.js';
export { runSegment, formatSegmentation, SEGMENT_LAYOUT_CHOICES, type SegmentCommandOptions, type SegmentCommandResult, type SegmentLayoutChoice } from './commands/segment.js';
