import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type DemoServer } from './server.js';

/** Sends raw bytes and returns the raw reply (or '' when the server closes without one). */
function raw(server: DemoServer, payload: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
    socket.on('error', () => resolve(reply));
    socket.on('close', () => resolve(reply));
    socket.end(payload);
  });
}

describe('startServer', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, maxBodyBytes: 50_000 });
  });
  afterAll(() => server.close());

  it('listens on loopback on the port it was given (0: a free one)', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.host).toBe('127.0.0.1');
  });

  it.each([
    ['a truncated multipart body', `POST /api/extract HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 40\r\nConnection: close\r\n\r\n--b\r\nContent-Disposition: form-data; name="page"`],
    ['a lying content length', `POST /api/extract HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\nConnection: close\r\n\r\n{}`],
    ['garbage instead of HTTP', Buffer.from([0, 1, 2, 3, 255, 254, 13, 10, 13, 10])],
    ['a chunked body over the limit', `POST /api/extract HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${'ea60\r\n' + 'x'.repeat(60_000) + '\r\n'}0\r\n\r\n`],
  ])('survives %s', async (_name, payload) => {
    await raw(server, payload);
    const response = await fetch(new URL('/api/health', server.url));
    expect(await response.json()).toEqual({ ok: true });
  });

  it.each([
    ['127.0.0.1', 200],
    ['localhost', 200],
    ['evil.example', 403],
    ['127.0.0.1.evil.example', 403],
  ])('on loopback, Host %s → %i (DNS rebinding)', async (host, status) => {
    const reply = await raw(server, `GET /api/health HTTP/1.1\r\nHost: ${host}:${server.port}\r\nConnection: close\r\n\r\n`);
    expect(reply).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`));
    if (status === 403) expect(reply).toContain('HOST_NOT_ALLOWED');
  });

  it('answers an oversized chunked body with 413 PAYLOAD_TOO_LARGE', async () => {
    const reply = await raw(
      server,
      `POST /api/extract HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nea60\r\n${'x'.repeat(60_000)}\r\n0\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
    expect(reply).toContain('PAYLOAD_TOO_LARGE');
  });
});
