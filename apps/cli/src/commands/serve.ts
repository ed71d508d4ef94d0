import { startServer, DEFAULT_HOST, DEFAULT_PORT, type DemoServer, type StartServerOptions } from '@winnow/demo';

export interface ServeFlags {
  port?: unknown;
  host?: unknown;
  allowUrlFetch?: unknown;
  maxPages?: unknown;
  maxPageBytes?: unknown;
  workers?: unknown;
  timeoutMs?: unknown;
}

/** Thrown for flags that make no sense; main turns it into exit code 2. */
export class ServeUsageError extends Error {}

function wholeNumber(name: string, value: unknown, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum || number > maximum) {
    throw new ServeUsageError(`--${name} must be a whole number from ${minimum} to ${maximum}, not "${value}"`);
  }
  return number;
}

/** `winnow serve` flags as `startServer` options (loopback and port 8080 unless told otherwise). */
export function parseServeOptions(flags: ServeFlags): StartServerOptions {
  const host = flags.host === undefined ? DEFAULT_HOST : String(flags.host);
  if (!host.trim()) throw new ServeUsageError('--host needs an address, e.g. 127.0.0.1');
  return {
    port: wholeNumber('port', flags.port, 0, 65_535) ?? DEFAULT_PORT,
    host,
    allowUrlFetch: flags.allowUrlFetch === true,
    maxPages: wholeNumber('max-pages', flags.maxPages, 1),
    maxPageBytes: wholeNumber('max-page-bytes', flags.maxPageBytes, 1),
    workers: {
      workers: wholeNumber('workers', flags.workers, 1, 64),
      timeoutMs: wholeNumber('timeout-ms', flags.timeoutMs, 100),
    },
  };
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|localhost)$/;

/**
 * Starts the demo server, reports where it listens, and resolves when `stop` aborts (Ctrl-C in the CLI).
 */
export async function runServe(options: StartServerOptions, report: (line: string) => void, stop: AbortSignal): Promise<DemoServer> {
  let server: DemoServer;
  try {
    server = await startServer(options);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new ServeUsageError(`port ${options.port} on ${options.host} is in use: pick another with --port`);
    if (code === 'EACCES') throw new ServeUsageError(`no permission to listen on port ${options.port}: pick one above 1023 with --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new ServeUsageError(`cannot listen on ${options.host}: give an address of this machine with --host`);
    throw cause;
  }
  report(`winnow demo listening on ${server.url} (Ctrl-C to stop)`);
  if (!LOOPBACK.test(options.host ?? DEFAULT_HOST)) report(`note: listening on ${options.host}, reachable from other machines; the demo has no authentication.`);
  if (options.allowUrlFetch) report('note: URL fetching is on: visitors can make this server fetch http(s) URLs.');
  if (!stop.aborted) await new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve(), { once: true }));
  await server.close();
  return server;
}
