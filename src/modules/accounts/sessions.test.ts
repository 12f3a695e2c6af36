import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  accountRowCounts,
  disable,
  login,
  makeCustomer,
  me,
  nextAddress,
  PASSWORD,
  register,
  sessionCookie,
  uniqueEmail,
  withSession,
} from '../../../test/support/customer-factories.js';
import { DAY_MS } from '../../auth/clock.js';
import { digestToken } from '../../auth/tokens.js';

// Argon2 as it is, but with its calls counted: "the same work" is checked by what
// is verified, not by timing, which a busy machine makes unreliable.
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sessionsOf = (customerId: number) =>
  t.db
    .selectFrom('customer_sessions')
    .select(['token_digest', 'expires_at'])
    .where('customer_id', '=', customerId)
    .execute();

describe('POST /api/customers/login', () => {
  it('a new session clears the customer’s sessions that ran out, and only those', async () => {
    const customer = await makeCustomer(t); // one session, 30 days
    t.clock.advance(31 * DAY_MS);
    const live = sessionCookie(await login(t, customer.email));
    expect((await sessionsOf(customer.id)).map((row) => row.token_digest)).toEqual([
      digestToken(live),
    ]);
    expect((await login(t, customer.email)).statusCode).toBe(200);
    expect(await sessionsOf(customer.id)).toHaveLength(2);
  });

  it('signs in with 200 and the customer object, and sets shop_session for 30 days with no-store', async () => {
    const customer = await makeCustomer(t);
    const res = await login(t, customer.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, email: customer.email });
    expect(res.json().password_hash).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === 'shop_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('accepts the address in another case and with spaces', async () => {
    const customer = await makeCustomer(t);
    expect((await login(t, `  ${customer.email.toUpperCase()} `)).statusCode).toBe(200);
  });

  it('stores only the SHA-256 digest of the session token, expiring in 30 days', async () => {
    const customer = await makeCustomer(t);
    const token = sessionCookie(await login(t, customer.email));
    const rows = await sessionsOf(customer.id);
    const row = rows.find((r) => r.token_digest === digestToken(token));
    expect(row?.expires_at).toEqual(new Date(t.clock.now().getTime() + 30 * DAY_MS));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a wrong password with 401 invalid_credentials and opens no session', async () => {
    const customer = await makeCustomer(t);
    const before = await accountRowCounts(t);
    const res = await login(t, customer.email, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
    expect(res.cookies.find((c) => c.name === 'shop_session')).toBeUndefined();
    expect(await accountRowCounts(t)).toEqual(before);
  });

  it('refuses an unknown address exactly like a wrong password', async () => {
    const customer = await makeCustomer(t);
    const unknown = await login(t, uniqueEmail(), PASSWORD);
    const wrong = await login(t, customer.email, 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('spends Argon2 work on an unknown address too, so timing does not reveal accounts', async () => {
    const customer = await makeCustomer(t);
    const verify = vi.mocked(argon2.verify);
    const verified = async (email: string) => {
      verify.mockClear();
      expect((await login(t, email, 'not-the-password')).statusCode).toBe(401);
      return verify.mock.calls.map(([hash]) => String(hash).split('$').slice(1, 4).join('$'));
    };
    const known = await verified(customer.email);
    const unknown = await verified(uniqueEmail());
    // One Argon2id verification each, with the same parameters (algorithm, version, cost).
    expect(known).toHaveLength(1);
    expect(unknown).toEqual(known);
    expect(known[0]).toMatch(/^argon2id\$v=19\$m=19456,t=2,p=1$/);
  });

  it('disabled account: the right password gives 403 account_disabled and no session', async () => {
    const customer = await makeCustomer(t, { disabled: true });
    const before = await accountRowCounts(t);
    const res = await login(t, customer.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_disabled');
    expect(res.cookies.find((c) => c.name === 'shop_session')).toBeUndefined();
    expect(await accountRowCounts(t)).toEqual(before);
  });

  it('disabled account: a wrong password gives 401 invalid_credentials, revealing nothing', async () => {
    const customer = await makeCustomer(t, { disabled: true });
    const res = await login(t, customer.email, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
  });

  it('replaces the session the browser already had: the old cookie is refused afterwards', async () => {
    const customer = await makeCustomer(t);
    const res = await login(t, customer.email, PASSWORD, customer.cookie);
    expect((await me(t, sessionCookie(res))).statusCode).toBe(200);
    expect((await me(t, customer.cookie)).statusCode).toBe(401);
  });

  it('refuses a body without a password with 400 invalid_body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login',
      payload: { email: 'a@example.com' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field: 'password' });
  });
});

describe('Secure cookies over https', () => {
  it('sets Secure on shop_session when PUBLIC_BASE_URL is https', async () => {
    const https = await buildTestApp({
      env: { PUBLIC_BASE_URL: 'https://shop.example', PAYMENT_PROVIDER: 'accept' },
    });
    try {
      const res = await register(https);
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((c) => c.name === 'shop_session')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('the session middleware (spec 5)', () => {
  it('GET /me without a cookie is 401 not_signed_in', async () => {
    const res = await me(t);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });

  it('refuses made-up and malformed cookies with 401', async () => {
    expect((await me(t, 'x'.repeat(43))).statusCode).toBe(401);
    expect((await me(t, 'not-even-well-formed')).statusCode).toBe(401);
  });

  it('accepts a session until its 30 days are up, then refuses it', async () => {
    const customer = await makeCustomer(t);
    t.clock.advance(30 * DAY_MS - 1);
    expect((await me(t, customer.cookie)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await me(t, customer.cookie)).statusCode).toBe(401);
  });

  it('disabled account: an existing cookie stops working at once, on every account route', async () => {
    const customer = await makeCustomer(t);
    expect((await me(t, customer.cookie)).statusCode).toBe(200);
    await disable(t, customer.id);
    const session = withSession(customer.cookie);
    const attempts = await Promise.all([
      me(t, customer.cookie),
      t.app.inject({ method: 'PUT', url: '/api/customers/me', payload: {}, ...session }),
      t.app.inject({ method: 'GET', url: '/api/customers/me/export', ...session }),
      t.app.inject({ method: 'POST', url: '/api/customers/resend-verification', ...session }),
      t.app.inject({
        method: 'DELETE',
        url: '/api/customers/me',
        payload: { password: PASSWORD },
        ...session,
      }),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('not_signed_in');
    }
    expect(
      await t.db.selectFrom('customers').select('id').where('id', '=', customer.id).execute(),
    ).toHaveLength(1);
  });
});

describe('POST /api/customers/logout', () => {
  it('ends the session and clears the cookie with no-store: the same cookie is refused afterwards', async () => {
    const customer = await makeCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/logout',
      ...withSession(customer.cookie),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.cookies.find((c) => c.name === 'shop_session')?.value).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await me(t, customer.cookie)).statusCode).toBe(401);
    expect(await sessionsOf(customer.id)).toHaveLength(0);
  });

  it('answers 204 without a session too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/customers/logout' });
    expect(res.statusCode).toBe(204);
  });

  it('refuses a cross-site sign-out (CSRF) with 403 and keeps the session', async () => {
    const customer = await makeCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/logout',
      headers: { origin: 'https://evil.example' },
      ...withSession(customer.cookie),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    expect((await me(t, customer.cookie)).statusCode).toBe(200);
  });
});
