import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { digestToken } from '../../auth/tokens.js';

const EMAIL = 'boss@example.com';
const PASSWORD = 'correct-horse-battery-staple';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SHOP_ADMIN_EMAIL: EMAIL, SHOP_ADMIN_PASSWORD: PASSWORD } });
});
afterAll(() => t.close());

// Each sign-in comes from its own address, so the sign-in limiter only bites where a test means it to.
let caller = 0;
const nextAddress = () => `198.51.100.${++caller}`;

function login(email = EMAIL, password = PASSWORD, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
    remoteAddress,
  });
}

function adminCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'shop_admin');
  if (!cookie) throw new Error('no shop_admin cookie');
  return cookie.value;
}

const me = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/me',
    ...(cookie ? { cookies: { shop_admin: cookie } } : {}),
  });

describe('admin bootstrap from SHOP_ADMIN_EMAIL and SHOP_ADMIN_PASSWORD', () => {
  it('creates the admin at start, once, however many instances start', async () => {
    await t.sibling();
    await t.sibling();
    const rows = await t.db.selectFrom('admins').select(['email', 'password_hash']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(EMAIL);
    // Argon2id, never the password itself.
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(t.logs.text()).not.toContain(PASSWORD);
  });
});

describe('POST /api/admin/login', () => {
  it('signs in and sets shop_admin: HttpOnly, SameSite=Lax, Path=/, no Secure over http', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: EMAIL });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === 'shop_admin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.maxAge).toBe(12 * 60 * 60);
  });

  it('accepts the address in another case and with spaces', async () => {
    expect((await login('  Boss@Example.COM ')).statusCode).toBe(200);
  });

  it('stores only the SHA-256 digest of the session token', async () => {
    const token = adminCookie(await login());
    const rows = await t.db.selectFrom('admin_sessions').select('token_digest').execute();
    const digests = rows.map((r) => r.token_digest);
    expect(digests).toContain(digestToken(token));
    expect(digests).not.toContain(token);
  });

  it('refuses a wrong password with 401 invalid_credentials and opens no session', async () => {
    const before = await t.db.selectFrom('admin_sessions').select('id').execute();
    const res = await login(EMAIL, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
    expect(res.cookies.find((c) => c.name === 'shop_admin')).toBeUndefined();
    expect(await t.db.selectFrom('admin_sessions').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses an unknown address exactly like a wrong password', async () => {
    const unknown = await login('nobody@example.com', PASSWORD);
    const wrong = await login(EMAIL, 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a body without a password with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: EMAIL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field: 'password' });
  });

  it('replaces the session the browser already had', async () => {
    const first = adminCookie(await login());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: EMAIL, password: PASSWORD },
      cookies: { shop_admin: first },
      remoteAddress: nextAddress(),
    });
    expect((await me(adminCookie(res))).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
  });
});

describe('sign-in limit', () => {
  it('refuses the 11th attempt from one caller within 15 minutes with 429, even with the right password', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 10; i++)
      expect((await login(EMAIL, 'wrong-password', address)).statusCode).toBe(401);
    const res = await login(EMAIL, PASSWORD, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('too_many_requests');
    expect(res.cookies.find((c) => c.name === 'shop_admin')).toBeUndefined();
  });
});

describe('the admin guard', () => {
  it('refuses GET /api/admin/me without a cookie with 401', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });

  it('refuses a made-up cookie', async () => {
    expect((await me('x'.repeat(43))).statusCode).toBe(401);
    expect((await me('not-even-well-formed')).statusCode).toBe(401);
  });

  it('lets a signed-in admin through', async () => {
    const res = await me(adminCookie(await login()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: EMAIL });
  });

  it('refuses a session past its 12 hours', async () => {
    const cookie = adminCookie(await login());
    t.clock.advance(12 * 60 * 60 * 1000 + 1);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session: the same cookie is refused afterwards', async () => {
    const cookie = adminCookie(await login());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      cookies: { shop_admin: cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'shop_admin')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('is itself behind the guard', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
  });
});
