import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { makeUploadLink } from '../../test/support/intake.js';
import { digestToken, mintToken } from '../auth/tokens.js';
import { CLIENT_ERROR_PREFIX } from '../modules/client-errors/client-errors.routes.js';

// Issue 31 items 2 and 3: an upload-link token never reaches a log line, however the
// URL that carries it is spelt (and still routes), and a client's error report is
// logged without the secrets it quotes. The app logs at trace level.

// A built web client, so the upload page answers as in production.
const FIXTURE_DIST = new URL('../../test/fixtures/web-dist', import.meta.url).pathname;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'trace', WEB_DIST_DIR: FIXTURE_DIST } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** One request written on a socket as given (an absolute-form target, a raw `#`); its status line. */
function rawRequest(requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

describe('an upload-link token in the URL, spelt any way that routes the same (item 2)', () => {
  const injected: Array<[string, 'GET' | 'POST', (token: string) => string]> = [
    ['%75 for u', 'GET', (token) => `/api/%75pload-links/${token}`],
    ['%75 for u, submissions', 'POST', (token) => `/api/%75pload-links/${token}/submissions`],
    ['a doubled slash in front', 'GET', (token) => `//api/upload-links/${token}`],
    ['a doubled slash inside', 'GET', (token) => `/api//upload-links/${token}`],
    ['capitals', 'GET', (token) => `/API/upload-links/${token}`],
    ['capitals, the page', 'GET', (token) => `/UPLOAD/${token}`],
    ['an encoded next= path', 'GET', (token) => `/api/upload-links/x?next=%2Fupload%2F${token}`],
    ['a twice-encoded next= path', 'GET', (token) => `/?next=%252Fupload%252F${token}`],
    ['the page, %75 for u', 'GET', (token) => `/%75pload/${token}`],
    ['the page, a doubled slash', 'GET', (token) => `//upload/${token}`],
    [
      'the token itself encoded',
      'GET',
      (token) => `/api/upload-links/%${token.charCodeAt(0).toString(16)}${token.slice(1)}`,
    ],
  ];

  it.each(injected)('%s: answered, and no log line holds the token', async (_name, method, url) => {
    const { token } = await makeUploadLink(t.db);
    t.logs.clear();
    const res = await t.app.inject({ method, url: url(token) });
    expect(res.statusCode).toBeGreaterThanOrEqual(200);
    expect(res.statusCode).toBeLessThan(500);
    expect(t.logs.lines.length).toBeGreaterThan(0);
    expect(t.logs.text()).not.toContain(token);
    expect(t.logs.text()).not.toContain(token.slice(1));
  });

  const onTheWire: Array<[string, (token: string) => string]> = [
    [
      'an absolute-form target',
      (token) => `GET http://127.0.0.1:${port}/api/upload-links/${token} HTTP/1.1`,
    ],
    [
      'an absolute-form target, the page',
      (token) => `GET http://127.0.0.1:${port}/upload/${token} HTTP/1.1`,
    ],
    ['a raw #token= in the path', (token) => `GET /api/upload-links/x#token=${token} HTTP/1.1`],
    ['a raw # after the token', (token) => `GET /api/upload-links/${token}#frag HTTP/1.1`],
  ];

  it.each(onTheWire)('%s: answered, and no log line holds the token', async (_name, line) => {
    const { token } = await makeUploadLink(t.db);
    t.logs.clear();
    const status = await rawRequest(line(token));
    expect(status).toMatch(/^HTTP\/1\.1 [234]\d\d /);
    expect(t.logs.lines.length).toBeGreaterThan(0);
    expect(t.logs.text()).not.toContain(token);
  });

  it('the plain spelling is still logged with the token replaced, and an admin link id is kept', async () => {
    const { token } = await makeUploadLink(t.db);
    t.logs.clear();
    await t.app.inject({ method: 'GET', url: `/api/upload-links/${token}` });
    await t.app.inject({ method: 'POST', url: '/api/admin/upload-links/12/revoke' });
    const urls = t.logs
      .entries()
      .map((e) => (e.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).toContain('/api/upload-links/[redacted]');
    expect(urls).toContain('/api/admin/upload-links/12/revoke');
  });
});

describe('secrets quoted in a client error report (item 3)', () => {
  const token = mintToken().token;
  const forms: Array<[string, string]> = [
    ['URL-encoded in a query', `GET /x?next=%2Faccount%2Freset%23token%3D${token}`],
    ['URL-encoded twice', `fetch /upload%252F${token} failed`],
    ['glued to other letters', `ref=abc${token}xyz failed`],
    ['glued to a word', `Unknown link id${token}`],
    ['a hex digest glued to hex letters', `digest:abc${digestToken(token)}fed`],
    [
      '"password":"…" in JSON text',
      'Request body {"email":"a@b.c","password":"hunter2-lamp"} refused',
    ],
    ['escaped JSON in JSON text', 'body: "{\\"password\\":\\"hunter2-lamp\\"}"'],
    ['password: … in prose', 'login failed for password: hunter2-lamp at step 2'],
    ["'new_password' : '…'", "payload {'new_password' : 'hunter2-lamp'}"],
  ];

  it.each(forms)('%s: logged, with the secret gone', async (_name, message) => {
    t.logs.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { context: 'account', message, stack: message, url: message },
    });
    expect(res.statusCode).toBe(204);
    const lines = t.logs.entries().filter((e) => e.msg?.startsWith(CLIENT_ERROR_PREFIX));
    expect(lines).toHaveLength(1);
    const logged = t.logs.text();
    expect(logged).toContain('[redacted]');
    for (const secret of [token, digestToken(token), 'hunter2-lamp', 'hunter2']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('what is not a secret stays readable', async () => {
    t.logs.clear();
    const message = `TypeError: Cannot read properties of undefined (reading 'price_cents') at ItemCard (index-3f2a9c1b.js:1:2) ${'x'.repeat(60)}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { context: 'item', message },
    });
    const line = t.logs.entries().find((e) => e.msg?.startsWith(CLIENT_ERROR_PREFIX));
    expect(line?.clientError).toMatchObject({ message });
  });
});
