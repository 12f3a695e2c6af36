import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { makeCustomer, withSession } from '../../test/support/customer-factories.js';
import { dbFingerprint } from '../../test/support/db-fingerprint.js';
import { makeItem } from '../../test/support/factories.js';

// Answers Fastify and Node give before any route runs, and requests a browser
// would never send: each still gets the contract's error shape, the security
// headers and the status a careful client expects.
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

function expectContractRefusal(res: Answer, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = JSON.parse(res.body) as { error: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBeTruthy();
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

/** Writes raw bytes to the listening server and parses the one answer it gives. */
function raw(request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.end(request);
  });
}

describe('framework-level refusals', () => {
  it('a URL that does not decode is 400 invalid_url, without echoing it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items/%ff' });
    expectContractRefusal(res, 400, 'invalid_url');
    expect(res.body).not.toContain('%ff');
  });

  it('an over-long or undecodable upload-link token is 404 link_not_active', async () => {
    for (const url of [`/api/upload-links/${'A'.repeat(500)}`, '/api/upload-links/%ff']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectContractRefusal(res, 404, 'link_not_active');
    }
  });

  it('an over-long id is 400 invalid_id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/items/${'9'.repeat(300)}` });
    expectContractRefusal(res, 400, 'invalid_id');
  });

  it('headers too large are 431 in the contract shape', async () => {
    const res = await raw(
      `GET /api/items HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectContractRefusal(res, 431, 'headers_too_large');
  });

  it('a malformed request line is 400 in the contract shape', async () => {
    const res = await raw('GARBAGE\r\n\r\n');
    expectContractRefusal(res, 400, 'bad_request');
  });

  it('a wrong method on a known path is 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/items' });
    expectContractRefusal(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, HEAD');
    const intake = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload-links/${'A'.repeat(43)}`,
    });
    expectContractRefusal(intake, 405, 'method_not_allowed');
    expect(intake.headers.allow).toBe('GET, HEAD');
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/nothing-here' });
    expectContractRefusal(unknown, 404, 'not_found');
  });
});

describe('bodies on routes that take none', () => {
  it('an unknown field is 400 invalid_body and nothing is written', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    const before = await dbFingerprint(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/me/favorites/${item.id}`,
      payload: { x: 1 },
      ...withSession(customer.cookie),
    });
    expectContractRefusal(res, 400, 'invalid_body');
    expect(res.json().error.field).toBe('x');
    expect(await dbFingerprint(t.db)).toEqual(before);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/customers/me/favorites/${item.id}`,
      payload: {},
      ...withSession(customer.cookie),
    });
    expect(empty.statusCode).toBe(204);
  });
});

describe('media', () => {
  it.each(['/media/..%2f..%2fdb%2fPG_VERSION', '/media/.hidden'])(
    '%s is 404 not_found',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    },
  );

  it('/media/%2e%2e/%2e%2e/etc/passwd resolves to a page path and never to the file', async () => {
    // The URL parser resolves %2e%2e as "..", so this names /etc/passwd: a page of the
    // web client (its own not-found view), never a file of the machine.
    const res = await t.app.inject({ method: 'GET', url: '/media/%2e%2e/%2e%2e/etc/passwd' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('root:');
  });
});

describe('Sec-Fetch-Site sent twice', () => {
  it('a write is refused when any value is not same-origin or none', async () => {
    const before = await dbFingerprint(t.db);
    const res = await raw(
      'POST /api/customers/register HTTP/1.1\r\nHost: localhost\r\n' +
        'Sec-Fetch-Site: same-origin\r\nSec-Fetch-Site: cross-site\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expectContractRefusal(res, 403, 'cross_site_request');
    expect(await dbFingerprint(t.db)).toEqual(before);
  });
});
