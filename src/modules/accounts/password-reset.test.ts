import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { tokenInMail } from '../../../test/support/capture-mail.js';
import {
  accountRowCounts,
  login,
  type MadeCustomer,
  makeCustomer,
  me,
  nextAddress,
  PASSWORD,
  sessionCookie,
  uniqueEmail,
  withSession,
} from '../../../test/support/customer-factories.js';
import { HOUR_MS } from '../../auth/clock.js';
import { digestToken } from '../../auth/tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'quince-harbour-velvet-7';

const requestReset = (email: string, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/password-reset/request',
    payload: { email },
    remoteAddress,
  });

const complete = (token: unknown, password: unknown = NEW_PASSWORD, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/password-reset/complete',
    payload: { token, password },
    remoteAddress: '198.51.100.200',
    ...(cookie ? withSession(cookie) : {}),
  });

/** Asks for a reset and returns the token from the mail. */
async function resetToken(customer: MadeCustomer): Promise<string> {
  expect((await requestReset(customer.email)).statusCode).toBe(200);
  await t.mail.settle();
  return tokenInMail(t.mail.lastTo(customer.email), 'reset');
}

const customerRow = (id: number) =>
  t.db
    .selectFrom('customers')
    .select(['password_hash', 'email_verified', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const tokensOf = (id: number) =>
  t.db
    .selectFrom('customer_tokens')
    .selectAll()
    .where('customer_id', '=', id)
    .orderBy('id')
    .execute();

const sessionCount = async (id: number) =>
  (await t.db.selectFrom('customer_sessions').select('id').where('customer_id', '=', id).execute())
    .length;

describe('POST /api/customers/password-reset/request', () => {
  it('answers 200 with one and the same body for an enabled, an unknown and a disabled address', async () => {
    const enabled = await makeCustomer(t);
    const disabled = await makeCustomer(t, { disabled: true });
    const bodies = await Promise.all(
      [enabled.email, uniqueEmail(), disabled.email].map(async (email) => {
        const res = await requestReset(email);
        expect(res.statusCode).toBe(200);
        return res.body;
      }),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({ message: expect.any(String) });
  });

  it('enabled account: mints a password_reset token for 1 hour and mails a {PUBLIC_BASE_URL}/account/reset#token=… link', async () => {
    const customer = await makeCustomer(t, { firstName: 'Cleo' });
    const token = await resetToken(customer);
    const mail = t.mail.lastTo(customer.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Cleo,');
    expect(mail.text).toContain(`http://127.0.0.1:3000/account/reset#token=${token}`);
    const [row] = await tokensOf(customer.id);
    expect(row).toMatchObject({ kind: 'password_reset', token_digest: digestToken(token) });
    expect(row?.expires_at).toEqual(new Date(t.clock.now().getTime() + HOUR_MS));
  });

  it('finds the account whatever the case and spacing of the address', async () => {
    const customer = await makeCustomer(t);
    await requestReset(`  ${customer.email.toUpperCase()} `);
    await t.mail.settle();
    expect(t.mail.to(customer.email)).toHaveLength(1);
  });

  it('unknown address: no token and no mail', async () => {
    const before = await accountRowCounts(t);
    const mails = t.mail.messages.length;
    await requestReset(uniqueEmail());
    await t.mail.settle();
    expect(await accountRowCounts(t)).toEqual(before);
    expect(t.mail.messages.length).toBe(mails);
  });

  it('disabled account: issues no token and sends no mail', async () => {
    const customer = await makeCustomer(t, { disabled: true });
    const res = await requestReset(customer.email);
    await t.mail.settle();
    expect(res.statusCode).toBe(200);
    expect(await tokensOf(customer.id)).toHaveLength(0);
    expect(t.mail.to(customer.email)).toHaveLength(0);
  });

  it('does nothing for the address before answering: no token is minted until the job runs', async () => {
    const customer = await makeCustomer(t);
    const tokens = () =>
      t.db
        .selectFrom('customer_tokens')
        .select('id')
        .where('customer_id', '=', customer.id)
        .execute();
    const res = await requestReset(customer.email);
    expect(res.statusCode).toBe(200);
    expect(await tokens()).toHaveLength(0);
    expect(t.mail.to(customer.email)).toHaveLength(0);
    await t.mail.settle();
    expect(await tokens()).toHaveLength(1);
    expect(t.mail.to(customer.email)).toHaveLength(1);
  });

  it('a newer request supersedes the earlier link', async () => {
    const customer = await makeCustomer(t);
    const first = await resetToken(customer);
    const second = await resetToken(customer);
    const res = await complete(first);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect((await complete(second)).statusCode).toBe(200);
  });
});

describe('POST /api/customers/password-reset/complete (spec 3 Tokens)', () => {
  it('sets the new password and signs in: 200 with the customer and a new shop_session, no-store', async () => {
    const customer = await makeCustomer(t);
    const res = await complete(await resetToken(customer));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, email: customer.email });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await me(t, sessionCookie(res))).statusCode).toBe(200);
    expect((await login(t, customer.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, customer.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("deletes all the customer's sessions: every earlier cookie is refused", async () => {
    const customer = await makeCustomer(t);
    const other = sessionCookie(await login(t, customer.email));
    expect(await sessionCount(customer.id)).toBe(2);
    const res = await complete(await resetToken(customer));
    expect((await me(t, customer.cookie)).statusCode).toBe(401);
    expect((await me(t, other)).statusCode).toBe(401);
    expect(await sessionCount(customer.id)).toBe(1);
    expect((await me(t, sessionCookie(res))).statusCode).toBe(200);
  });

  it('marks the address verified', async () => {
    const customer = await makeCustomer(t, { verified: false });
    const res = await complete(await resetToken(customer));
    expect(res.json().email_verified).toBe(true);
    expect((await customerRow(customer.id)).email_verified).toBe(true);
  });

  it('supersedes outstanding tokens: an emailed verification link stops working', async () => {
    const customer = await makeCustomer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/resend-verification',
      ...withSession(customer.cookie),
    });
    await t.mail.settle();
    const verifyToken = tokenInMail(t.mail.lastTo(customer.email), 'verify');
    await complete(await resetToken(customer));
    const live = (await tokensOf(customer.id)).filter(
      (row) => row.used_at === null && row.expires_at > t.clock.now(),
    );
    expect(live).toHaveLength(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/verify-email',
      payload: { token: verifyToken },
    });
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('single use: the token a second time is 400 invalid_token and changes nothing', async () => {
    const customer = await makeCustomer(t);
    const token = await resetToken(customer);
    expect((await complete(token)).statusCode).toBe(200);
    const after = await customerRow(customer.id);
    const again = await complete(token, 'another-fine-passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
    expect(await customerRow(customer.id)).toEqual(after);
  });

  it('two simultaneous completions with one token: exactly one sets a password and mints a session', async () => {
    const customer = await makeCustomer(t);
    const token = await resetToken(customer);
    const results = await Promise.all([
      complete(token, 'first-racer-passphrase'),
      complete(token, 'second-racer-passphrase'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await sessionCount(customer.id)).toBe(1);
  });

  it('lives 1 hour: accepted a moment before, refused at 1 hour and nothing changes', async () => {
    const early = await makeCustomer(t);
    const late = await makeCustomer(t);
    const earlyToken = await resetToken(early);
    const lateToken = await resetToken(late);
    t.clock.advance(HOUR_MS - 1);
    expect((await complete(earlyToken)).statusCode).toBe(200);
    t.clock.advance(1);
    const before = await customerRow(late.id);
    const res = await complete(lateToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect(await customerRow(late.id)).toEqual(before);
    expect((await me(t, late.cookie)).statusCode).toBe(200);
  });

  it('refuses a weak password with 400 weak_password; the token stays usable and nothing changes', async () => {
    const customer = await makeCustomer(t);
    const token = await resetToken(customer);
    const before = await customerRow(customer.id);
    for (const weak of ['short', 'password123']) {
      const res = await complete(token, weak);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'weak_password', field: 'password' });
    }
    expect(await customerRow(customer.id)).toEqual(before);
    expect((await me(t, customer.cookie)).statusCode).toBe(200);
    expect((await complete(token)).statusCode).toBe(200);
  });

  it.each([
    ['unknown', 'B'.repeat(43)],
    ['malformed', 'abc'],
    ['missing', undefined],
  ])('refuses an %s token with 400 invalid_token and writes nothing', async (_case, token) => {
    const before = await accountRowCounts(t);
    const res = await complete(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect(res.cookies.find((c) => c.name === 'shop_session')).toBeUndefined();
    expect(await accountRowCounts(t)).toEqual(before);
  });

  it('a verify_email token does not reset a password', async () => {
    const customer = await makeCustomer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/resend-verification',
      ...withSession(customer.cookie),
    });
    await t.mail.settle();
    const res = await complete(tokenInMail(t.mail.lastTo(customer.email), 'verify'));
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('disabled account: a token issued before the disable mints nothing and changes nothing (403 account_disabled)', async () => {
    const customer = await makeCustomer(t, { verified: false });
    const token = await resetToken(customer);
    // The real disable, which also ends the customer's outstanding tokens.
    const admin = await adminClient(await t.sibling(ADMIN_ENV));
    expect((await admin('POST', `/api/admin/customers/${customer.id}/disable`)).statusCode).toBe(
      200,
    );
    const before = { row: await customerRow(customer.id), tokens: await tokensOf(customer.id) };
    const sessionsBefore = await sessionCount(customer.id);
    const res = await complete(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_disabled');
    expect(res.cookies.find((c) => c.name === 'shop_session')).toBeUndefined();
    expect(await customerRow(customer.id)).toEqual(before.row);
    expect(await tokensOf(customer.id)).toEqual(before.tokens);
    expect(await sessionCount(customer.id)).toBe(sessionsBefore);
  });

  it('has no rate limit (spec 8): many attempts from one caller are all answered on their merits', async () => {
    for (let i = 0; i < 25; i++) expect((await complete('C'.repeat(43))).statusCode).toBe(400);
    const customer = await makeCustomer(t);
    expect((await complete(await resetToken(customer))).statusCode).toBe(200);
  });
});
