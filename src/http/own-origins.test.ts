import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';

// Issue "A first week of real use", item 1: `npm start` with nothing configured (or only
// PORT changed) must accept the browser's writes from the address the README gives.
const report = JSON.stringify({ context: 'cart', message: 'boom' });
const clientErrors = (app: TestApp) =>
  app.logs.lines.filter((line) => line.includes('[client-error]'));
const warnings = (app: TestApp) =>
  app.logs
    .entries()
    .filter((entry) => entry.level === 40 && /PUBLIC_BASE_URL/.test(entry.msg ?? ''));

function write(app: TestApp, origin: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' },
    payload: report,
  });
}

describe('PUBLIC_BASE_URL unset, only PORT changed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PORT: '4123' } });
  });
  afterAll(() => t.close());

  it.each(['http://127.0.0.1:4123', 'http://localhost:4123', 'http://[::1]:4123'])(
    'accepts a write from %s',
    async (origin) => {
      t.logs.clear();
      const res = await write(t, origin);
      expect(res.statusCode).toBe(204);
      expect(clientErrors(t)).toHaveLength(1);
    },
  );

  it.each([
    ['another port', 'http://127.0.0.1:3000'],
    ['another host on the port', 'http://192.168.1.5:4123'],
    ['https on the port', 'https://localhost:4123'],
  ])('refuses a write from %s with 403 and writes nothing', async (_case, origin) => {
    t.logs.clear();
    const res = await write(t, origin);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    expect(clientErrors(t)).toHaveLength(0);
  });

  it('mails links to the address it listens on', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/register',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4123' },
      payload: JSON.stringify({
        email: 'newcomer@example.com',
        password: 'a newcomer passphrase',
        first_name: 'New',
        last_name: 'Comer',
      }),
    });
    expect(res.statusCode).toBe(201);
    await t.mail.settle();
    const mail = t.mail.lastTo('newcomer@example.com');
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:4123\/account\/verify#token=/);
  });
});

describe('a refused write from a page of the shop itself names the variable, once', () => {
  it.each([
    ['unset', {}, 'http://192.168.1.5:3000'],
    [
      'set',
      { PUBLIC_BASE_URL: 'https://shop.example', PAYMENT_PROVIDER: 'accept' },
      'http://127.0.0.1:3000',
    ],
  ])('PUBLIC_BASE_URL %s', async (_case, env, origin) => {
    const t = await buildTestApp({ env });
    try {
      expect((await write(t, origin)).statusCode).toBe(403);
      expect((await write(t, origin)).statusCode).toBe(403);
      const said = warnings(t);
      expect(said).toHaveLength(1);
      expect(said[0]?.msg).toContain(origin);
      expect(said[0]?.msg).toMatch(/set PUBLIC_BASE_URL/i);
    } finally {
      await t.close();
    }
  });

  it('a cross-site request (Sec-Fetch-Site: cross-site) is an attack, not a setting: no warning', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        headers: {
          'content-type': 'application/json',
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
        payload: report,
      });
      expect(res.statusCode).toBe(403);
      expect(warnings(t)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
