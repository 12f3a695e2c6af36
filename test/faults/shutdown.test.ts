import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gracefulShutdown, SHUTDOWN_BOUND_MS } from '../../src/shutdown.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { register, uniqueEmail } from '../support/customer-factories.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { sleep, waitUntil } from './proxied-instance.js';

// Issue 12 item 4: shutdown finishes within its bound whatever SMTP does (unsent
// mail stays in the outbox), and kept-alive clients are answered, not reset.

interface RawResponse {
  status: number;
  headers: Record<string, string>;
}

/** Sends one HTTP/1.1 request on an open socket and reads its one response. */
function exchange(socket: net.Socket, path: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      if (buffer.length - end - 4 < Number(headers['content-length'] ?? 0)) return;
      cleanup();
      resolve({ status: Number(statusLine!.split(' ')[1]), headers });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error('connection closed without an answer'));
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    };
    if (socket.destroyed || socket.readableEnded) {
      reject(new Error('connection closed before the request was sent'));
      return;
    }
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('close', onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: shop.test\r\nConnection: keep-alive\r\n\r\n`);
  });
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('draining on shutdown: kept-alive clients are answered, not reset', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('a request sent just after shutdown begins, on an idle kept-alive connection, gets its answer with Connection: close; new connections are refused', async () => {
    const shutdown = gracefulShutdown(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const sockets = await Promise.all([connect(port), connect(port), connect(port)]);
    for (const socket of sockets) {
      const first = await exchange(socket, '/healthz');
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe('keep-alive');
    }

    const started = Date.now();
    const closing = shutdown();
    await sleep(15);
    const answers = await Promise.all(
      sockets.map((socket, i) => exchange(socket, `/api/items?min_price=${i}`)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200); // the database is still open for them
      expect(answer.headers.connection).toBe('close');
    }
    await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await closing;
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_BOUND_MS);
    for (const socket of sockets) expect(socket.readableEnded || socket.destroyed).toBe(true);
  });
});

describe('shutdown while the SMTP server accepts and never answers', () => {
  let t: TestApp;
  let hungSmtp: TcpProxy;

  beforeAll(async () => {
    hungSmtp = await startTcpProxy(null);
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${hungSmtp.port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await hungSmtp?.close();
  });

  it('finishes within the bound with a send in flight; the mail stays in the outbox, unsent and whole', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);
    await t.app.jobs.start();
    await waitUntil(async () => hungSmtp.accepted > 0, 10_000); // the send is under way

    const started = Date.now();
    await gracefulShutdown(t.app)();
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_BOUND_MS);

    const row = await t.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'body_text'])
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.body_text).toContain('/account/verify#token=');
  });
});
