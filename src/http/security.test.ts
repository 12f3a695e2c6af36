import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';

let t: TestApp;
let https: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  https = await buildTestApp({
    env: { PUBLIC_BASE_URL: 'https://shop.example', PAYMENT_PROVIDER: 'accept' },
  });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

const report = JSON.stringify({ context: 'cart', message: 'boom' });
const clientErrorLines = (app: TestApp) =>
  app.logs.lines.filter((line) => line.includes('[client-error]'));

describe('cross-site writes are refused', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
  ])('refuses %s with 403 and writes nothing', async (_case, headers) => {
    t.logs.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json', ...headers },
      payload: report,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    expect(clientErrorLines(t)).toHaveLength(0);
  });

  it('refuses a cross-site admin sign-in before the password is checked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts our own origin and same-origin fetches', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: report,
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('non-JSON bodies are refused', () => {
  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/JSON',
    'application/json\t;',
    'application/json; charset=latin1',
    'application/jsonp',
  ])('refuses Content-Type %j with 415 and writes nothing', async (type) => {
    t.logs.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': type },
      payload: report,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    expect(clientErrorLines(t)).toHaveLength(0);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
  ])('accepts %j', async (type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': type },
      payload: report,
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('security headers', () => {
  it('sends nosniff, a strict CSP, no-referrer and frame denial on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets pages show photos from MEDIA_PUBLIC_BASE_URL: its origin in img-src, nowhere else', async () => {
    const cdn = await buildTestApp({
      env: { MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.net:8443/shop/media/' },
    });
    try {
      const csp = (await cdn.app.inject({ method: 'GET', url: '/healthz' })).headers[
        'content-security-policy'
      ] as string;
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives['img-src']).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://cdn.example.net:8443',
      ]);
      // Only images: scripts, styles and fetches stay with the shop.
      for (const name of ['default-src', 'script-src', 'style-src', 'connect-src'])
        expect(directives[name]).toEqual(["'self'"]);
    } finally {
      await cdn.close();
    }
    // Without it, photos come from the shop itself and the policy names no other origin.
    const own = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers[
      'content-security-policy'
    ] as string;
    expect(own).toContain("img-src 'self' data: blob:;");
  });

  it('sends HSTS only when the shop is served over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await https.app.inject({ method: 'GET', url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});

describe('logs never carry tokens', () => {
  it('a request to /api/upload-links/<token> leaves no trace of the token in the log', async () => {
    t.logs.clear();
    const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr';
    await t.app.inject({ method: 'GET', url: `/api/upload-links/${token}` });
    await t.app.inject({ method: 'GET', url: `/api/upload-links/${token}?token=${token}` });
    expect(t.logs.lines.length).toBeGreaterThan(0);
    expect(t.logs.text()).not.toContain(token);
    expect(t.logs.text()).toContain('/api/upload-links/[redacted]');
  });

  it('never logs cookies or authorization headers', async () => {
    t.logs.clear();
    await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: {
        cookie: 'shop_session=cookie-secret-value',
        authorization: 'Bearer auth-secret-value',
      },
    });
    expect(t.logs.text()).not.toContain('cookie-secret-value');
    expect(t.logs.text()).not.toContain('auth-secret-value');
  });
});

describe('TRUST_PROXY decides where the caller address comes from', () => {
  async function callerSeenWith(trustProxy: string): Promise<string> {
    const app = await t.sibling({ TRUST_PROXY: trustProxy });
    app.get('/test/ip', { schema: {} }, async (request) => request.ip);
    const res = await app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    return res.body;
  }

  it('ignores X-Forwarded-For when false', async () => {
    expect(await callerSeenWith('false')).toBe('127.0.0.1');
  });

  it('takes the forwarded address from a listed proxy', async () => {
    expect(await callerSeenWith('127.0.0.1')).toBe('203.0.113.9');
    expect(await callerSeenWith('127.0.0.0/8')).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For from a proxy that is not listed', async () => {
    expect(await callerSeenWith('10.0.0.0/8')).toBe('127.0.0.1');
  });
});
