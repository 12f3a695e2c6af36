import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { dbFingerprint } from '../../test/support/db-fingerprint.js';
import { REQUEST_TIMEOUT_MS } from './server-timeouts.js';

// Issue 14 item 7: a body shorter than its Content-Length, or headers that never end, are
// cut at the documented bound (README: 30 s), not held for a minute. The bound is injected
// short here; a real listener and a raw socket send exactly the bytes a slow client would.

const BOUND_MS = 400;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ deps: { requestTimeoutMs: BOUND_MS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Writes `bytes`, then waits for the server to answer and close; resolves with what it sent. */
function sendAndWaitForClose(bytes: string): Promise<{ answer: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, elapsedMs: performance.now() - started }));
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('slow clients are cut at the request timeout', () => {
  it('the documented bound is 30 s for headers and bodies, checked every second', async () => {
    const defaults = await buildTestApp();
    try {
      expect(REQUEST_TIMEOUT_MS).toBe(30_000);
      expect(defaults.app.server.requestTimeout).toBe(30_000);
      expect(defaults.app.server.headersTimeout).toBe(30_000);
      // An idle socket closes just after the bound, so a slow request gets its 408 first.
      expect(defaults.app.server.timeout).toBe(33_000);
    } finally {
      await defaults.close();
    }
  });

  it('a body shorter than its Content-Length: 408 request_timeout, then closed, nothing written', async () => {
    const before = await dbFingerprint(t.db);
    const { answer, elapsedMs } = await sendAndWaitForClose(
      [
        'POST /api/customers/register HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 500',
        '',
        '{"email":"slow@example.com",',
      ].join('\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/x-content-type-options: nosniff/i);
    expect(bodyOf(answer)).toEqual({
      error: { code: 'request_timeout', message: expect.any(String) },
    });
    // Cut near the bound, not after Node's default 30 s check interval.
    expect(elapsedMs).toBeGreaterThanOrEqual(BOUND_MS - 50);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('headers that never end: 408 request_timeout, then closed', async () => {
    const { answer, elapsedMs } = await sendAndWaitForClose(
      'GET /api/items HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toEqual({
      error: { code: 'request_timeout', message: expect.any(String) },
    });
    expect(elapsedMs).toBeGreaterThanOrEqual(BOUND_MS - 50);
  });

  it('a silent connection (nothing sent at all) is closed too', async () => {
    const { answer } = await sendAndWaitForClose('');
    // Node answers a connection that never started a request by closing it.
    expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
  });
});
