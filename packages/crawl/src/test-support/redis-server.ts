import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The `redis-server` binary on PATH, or undefined (the tests that need one then skip, saying so). */
export function findRedisServer(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM: it saves its append-only file) and starts it again on the same port and files. */
  restart(downMs?: number): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** Starts a private `redis-server` on a free loopback port, in a temporary directory, with `appendonly`. */
export async function startRedis(options: { appendonly?: boolean } = {}): Promise<TestRedis> {
  const binary = findRedisServer();
  if (!binary) throw new Error('redis-server is not installed: apt-get install redis-server');
  const directory = mkdtempSync(path.join(tmpdir(), 'winnow-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', '', '--appendonly', options.appendonly ? 'yes' : 'no', '--appendfsync', 'always', '--daemonize', 'no', '--protected-mode', 'no'];
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const started = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${output}`));
      });
    });
    started.stdout?.resume();
  };
  const halt = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart(downMs = 500) {
      await halt();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async stop() {
      await halt();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
