import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { makeUploadLink, storedFiles } from '../../../test/support/intake.js';

// Issue: a refused upload must reach the client. The server answers 404/429 before
// reading the form; closing the socket while a phone is still sending megabytes made
// a real client see EPIPE / "fetch failed" instead of the answer. Real sockets here:
// Node's fetch (undici), as the upload page's browser would send it.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

/** A form as the upload page sends it: a note and six photos of 2 MB each (12 MB). */
function bigForm(): FormData {
  const form = new FormData();
  form.set('note', 'a blue vase');
  for (let i = 0; i < 6; i++) {
    form.append(
      'photos',
      new Blob([randomBytes(2 * 1024 * 1024)], { type: 'image/jpeg' }),
      `p${i}.jpg`,
    );
  }
  return form;
}

/**
 * Streamed in 64 KiB chunks one event-loop turn apart, as a browser or fetch sends a large
 * body over a real network: the answer comes back while the client is still sending.
 */
async function submit(token: string): Promise<Response> {
  const encoded = new Response(bigForm());
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= bytes.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 0));
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
  return fetch(`${base}/api/upload-links/${token}/submissions`, {
    method: 'POST',
    body,
    headers: { 'content-type': encoded.headers.get('content-type') as string },
    duplex: 'half',
  } as RequestInit);
}

describe('a refused multi-megabyte upload still receives its answer (lingering close)', () => {
  it('an unknown link: 404 link_not_active with the contract body, nothing stored', async () => {
    const revoked = await makeUploadLink(t.db, { revoked: true });
    const before = { db: await dbFingerprint(t.db), files: await storedFiles(t.dataDir) };
    for (const token of ['A'.repeat(43), revoked.token]) {
      const res = await submit(token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: 'link_not_active', message: expect.any(String) },
      });
    }
    expect(await dbFingerprint(t.db)).toEqual(before.db);
    expect(await storedFiles(t.dataDir)).toEqual(before.files);
  });

  it('a used-up link: 404 received the same way', async () => {
    const usedUp = await makeUploadLink(t.db, { maxSubmissions: 1, submissionCount: 1 });
    const res = await submit(usedUp.token);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('link_not_active');
  });

  it('an exhausted allowance: 429 too_many_requests received, nothing stored', async () => {
    const link = await makeUploadLink(t.db, { maxSubmissions: null });
    // Use up this caller's 30 submissions an hour with small refused forms.
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/upload-links/${'B'.repeat(43)}/submissions`,
        remoteAddress: '127.0.0.1',
      });
      if (res.statusCode === 429) break;
    }
    const before = { db: await dbFingerprint(t.db), files: await storedFiles(t.dataDir) };
    const res = await submit(link.token);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'too_many_requests',
    );
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(await dbFingerprint(t.db)).toEqual(before.db);
    expect(await storedFiles(t.dataDir)).toEqual(before.files);
  });
});

describe('the rest of a refused body is read, not reset', () => {
  it('a client that goes on sending after its refusal arrives is not reset, and all it sends is read', async () => {
    const { port } = new URL(base);
    const total = 4 * 1024 * 1024;
    const socket = net.connect(Number(port), '127.0.0.1');
    const errors: string[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    let answer = '';
    const answered = new Promise<void>((resolve) => {
      socket.on('data', (chunk) => {
        answer += chunk;
        if (/link_not_active|too_many_requests/.test(answer)) resolve();
      });
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/upload-links/${'C'.repeat(43)}/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${total}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(64 * 1024));
    // The answer comes before the body is complete...
    await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    // 404 (unknown link), or 429 once the tests above spent this caller's allowance.
    expect(answer).toMatch(/^HTTP\/1\.1 (404|429) /);
    // ...and the rest of the body, sent after it, is taken without a reset.
    const chunk = Buffer.alloc(256 * 1024);
    for (let sent = 64 * 1024; sent < total && errors.length === 0; sent += chunk.length) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      if (socket.write(piece)) continue;
      // A server that stopped reading never drains: give up after a few seconds.
      const drained = await Promise.race([
        new Promise((resolve) => socket.once('drain', () => resolve(true))),
        new Promise((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      if (!drained) errors.push(`stalled after ${sent} bytes`);
    }
    // A request after it on the same connection is answered: nothing was cut.
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect
      .poll(() => answer.match(/HTTP\/1\.1 200 /) !== null || errors.length > 0, {
        timeout: 30_000,
      })
      .toBe(true);
    socket.destroy();
    expect(errors).toEqual([]);
    expect(answer).toMatch(/HTTP\/1\.1 200 /);
  });
});
