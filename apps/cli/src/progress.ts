/**
 * Progress on standard error for long runs: a redrawn line on a terminal, a line every few seconds
 * otherwise (so logs stay readable). Silent when `quiet`.
 */
export interface Progress {
  update(done: number, total: number, label?: string): void;
  done(message?: string): void;
}

export function createProgress(title: string, options: { quiet?: boolean; stream?: NodeJS.WriteStream } = {}): Progress {
  const stream = options.stream ?? process.stderr;
  if (options.quiet) return { update() {}, done() {} };
  const interactive = Boolean(stream.isTTY);
  const started = Date.now();
  let lastPrinted = 0;
  return {
    update(done, total, label = '') {
      const now = Date.now();
      if (!interactive && now - lastPrinted < 2000 && done !== total) return;
      lastPrinted = now;
      const width = 24;
      const filled = total ? Math.round((done / total) * width) : 0;
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
      const seconds = ((now - started) / 1000).toFixed(1);
      const line = `${title} ${bar} ${done}/${total} ${seconds}s ${label}`.slice(0, 120);
      stream.write(interactive ? `\r\x1b[K${line}` : `${line}\n`);
    },
    done(message) {
      if (interactive) stream.write('\r\x1b[K');
      if (message) stream.write(`${message}\n`);
    },
  };
}
