import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { defaultFigures } from './figures/index.js';
import type { CreateAppOptions } from './app.js';
import { createInlineRunner, createWorkerRunner, type WorkerRunnerOptions } from './runner.js';

export interface StartServerOptions extends CreateAppOptions {
  /** The worker pool running the algorithms (see `createWorkerRunner`); `false` runs them on the event loop. */
  workers?: Partial<WorkerRunnerOptions> | false;
  /** TCP port; 0 picks a free one (tests). */
  port?: number;
  /** Interface to listen on: loopback unless the operator says otherwise. */
  host?: string;
}

export interface DemoServer {
  /** e.g. `http://127.0.0.1:8080/` */
  url: string;
  port: number;
  host: string;
  server: Server;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
/** Slow clients get this long to send a whole request (bounds slow-loris connections). */
export const REQUEST_TIMEOUT_MS = 60_000;
export const HEADERS_TIMEOUT_MS = 20_000;

/** Names a browser uses for this machine; on loopback, other `Host` headers are refused (DNS rebinding). */
export const LOOPBACK_HOSTNAMES: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Starts the demo's HTTP server and resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<DemoServer> {
  const { port = DEFAULT_PORT, host = DEFAULT_HOST, workers = {}, ...appOptions } = options;
  // Functions of a custom registry cannot cross to a worker: those run inline.
  const runner = appOptions.runner ?? (workers === false || appOptions.algorithms ? createInlineRunner() : createWorkerRunner(workers));
  // Figures that need Chromium are offered when it is installed; `figures: []` turns them off.
  const figures = appOptions.figures ?? defaultFigures();
  const app = createApp({
    allowedHostnames: isLoopback(host) ? [...LOOPBACK_HOSTNAMES, host.includes(':') ? `[${host}]` : host] : null,
    ...appOptions,
    runner,
    figures,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(created as Server)) as Server;
    created.once('error', reject);
  }).catch(async (error) => {
    await Promise.all([runner.close(), ...figures.map((figure) => figure.close?.())]);
    throw error;
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/`,
    port: address.port,
    host: address.address,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      })
        .finally(() => Promise.all([runner.close(), ...figures.map((figure) => figure.close?.())]))
        .then(() => undefined),
  };
}
