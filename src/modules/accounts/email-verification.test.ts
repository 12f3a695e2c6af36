import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { tokenInMail } from '../../../test/support/capture-mail.js';
import {
  accountRowCounts,
  disable,
  makeCustomer,
  nextAddress,
  register,
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

const verify = (token: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/verify-email',
    payload: token === undefined ? {} : { token },
  });

const resend = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/resend-verification',
    ...(cookie ? withSession(cookie) : {}),
  });

/** Registers a customer and returns their id, address and the verify token mailed to them. */
async function registered() {
  const email = uniqueEmail();
  const res = await register(t, { email });
  await t.mail.settle();
  return { id: res.json().id as number, email, token: tokenInMail(t.mail.lastTo(email), 'verify') };
}

/** A signed-in, unverified customer with a fresh verification mail. */
async function withResentToken() {
  const customer = await makeCustomer(t);
  expect((await resend(customer.cookie)).statusCode).toBe(202);
  await t.mail.settle();
  return { ...customer, token: tokenInMail(t.mail.lastTo(customer.email), 'verify') };
}

const verifiedFlag = async (id: number) =>
  (
    await t.db
      .selectFrom('customers')
      .select('email_verified')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).email_verified;

const liveTokens = (customerId: number, kind: 'verify_email' | 'password_reset') =>
  t.db
    .selectFrom('customer_tokens')
    .select('token_digest')
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', t.clock.now())
    .execute();

describe('POST /api/customers/verify-email', () => {
  it('marks the address verified with the token from the mail and answers 200 with the customer', async () => {
    const { id, token } = await registered();
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, email_verified: true });
    expect(await verifiedFlag(id)).toBe(true);
  });

  it('single use: the same token a second time is 400 invalid_token', async () => {
    const { token } = await registered();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });

  it('two simultaneous uses of one token: exactly one succeeds', async () => {
    const { id, token } = await registered();
    const results = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const used = await t.db
      .selectFrom('customer_tokens')
      .select('used_at')
      .where('token_digest', '=', digestToken(token))
      .executeTakeFirstOrThrow();
    expect(used.used_at).toEqual(t.clock.now());
    expect(await verifiedFlag(id)).toBe(true);
  });

  it('lives 24 hours: accepted a moment before, refused at 24 hours and nothing changes', async () => {
    const early = await registered();
    const late = await registered();
    t.clock.advance(24 * HOUR_MS - 1);
    expect((await verify(early.token)).statusCode).toBe(200);
    t.clock.advance(1);
    const res = await verify(late.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect(await verifiedFlag(late.id)).toBe(false);
  });

  it.each([
    ['unknown', 'A'.repeat(43)],
    ['malformed', 'not a token'],
    ['empty', ''],
    ['missing', undefined],
    ['not a string', 42],
  ])('refuses an %s token with 400 invalid_token and writes nothing', async (_case, token) => {
    const before = await accountRowCounts(t);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect(await accountRowCounts(t)).toEqual(before);
  });

  it('a password-reset token does not verify an address', async () => {
    const customer = await makeCustomer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email: customer.email },
      remoteAddress: nextAddress(),
    });
    await t.mail.settle();
    const resetToken = tokenInMail(t.mail.lastTo(customer.email), 'reset');
    expect((await verify(resetToken)).json().error.code).toBe('invalid_token');
    expect(await verifiedFlag(customer.id)).toBe(false);
  });

  it('disabled account: 403 account_disabled, the address stays unverified and the token unused', async () => {
    const { id, token } = await registered();
    await disable(t, id);
    const res = await verify(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_disabled');
    expect(await verifiedFlag(id)).toBe(false);
    expect(await liveTokens(id, 'verify_email')).toHaveLength(1);
  });
});

describe('POST /api/customers/resend-verification (spec 4.1 resend rules)', () => {
  it('answers 202, mints a fresh verify_email token for 24 hours and mails its link', async () => {
    const customer = await makeCustomer(t, { firstName: 'Bea' });
    const res = await resend(customer.cookie);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    await t.mail.settle();
    const mail = t.mail.lastTo(customer.email);
    expect(mail.text).toContain('Hello Bea,');
    const token = tokenInMail(mail, 'verify');
    const row = await t.db
      .selectFrom('customer_tokens')
      .selectAll()
      .where('token_digest', '=', digestToken(token))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: customer.id, kind: 'verify_email', used_at: null });
    expect(row.expires_at).toEqual(new Date(t.clock.now().getTime() + 24 * HOUR_MS));
  });

  it('rule 1: without a session it is refused with 401 not_signed_in; no token, no mail', async () => {
    const before = await accountRowCounts(t);
    const mails = t.mail.messages.length;
    // Refused before the limiter counts: the fourth signed-out call is still 401, not 429.
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(401);
    const res = await resend();
    await t.mail.settle();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
    expect(await accountRowCounts(t)).toEqual(before);
    expect(t.mail.messages.length).toBe(mails);
  });

  it('rule 2: for a verified address it is refused with 409 already_verified; no token, no mail', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const before = await accountRowCounts(t);
    const res = await resend(customer.cookie);
    await t.mail.settle();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('already_verified');
    expect(await accountRowCounts(t)).toEqual(before);
    expect(t.mail.to(customer.email)).toHaveLength(0);
  });

  it('rule 3: the fourth call within an hour is 429 with the spam-folder message; no token, no mail', async () => {
    const customer = await makeCustomer(t);
    for (let i = 0; i < 3; i++) expect((await resend(customer.cookie)).statusCode).toBe(202);
    await t.mail.settle();
    const before = await accountRowCounts(t);
    const res = await resend(customer.cookie);
    await t.mail.settle();
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('too_many_requests');
    expect(res.json().error.message).toMatch(/probably sent/);
    expect(res.json().error.message).toMatch(/spam folder/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await accountRowCounts(t)).toEqual(before);
    expect(t.mail.to(customer.email)).toHaveLength(3);
  });

  it("rule 3: one customer's exhausted allowance does not affect another's, even from the same address", async () => {
    const first = await makeCustomer(t);
    const second = await makeCustomer(t);
    for (let i = 0; i < 3; i++) await resend(first.cookie);
    expect((await resend(first.cookie)).statusCode).toBe(429);
    expect((await resend(second.cookie)).statusCode).toBe(202);
  });

  it('rule 4: the new token invalidates the earlier one', async () => {
    const customer = await withResentToken();
    expect((await resend(customer.cookie)).statusCode).toBe(202);
    await t.mail.settle();
    const newer = tokenInMail(t.mail.lastTo(customer.email), 'verify');
    expect(newer).not.toBe(customer.token);
    const old = await verify(customer.token);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('invalid_token');
    expect((await verify(newer)).statusCode).toBe(200);
  });

  it('minting leaves exactly one live token of the kind, and does not touch the other kind', async () => {
    const customer = await makeCustomer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email: customer.email },
      remoteAddress: nextAddress(),
    });
    await t.mail.settle(); // the reset token is minted by the job after the answer
    await resend(customer.cookie);
    await resend(customer.cookie);
    expect(await liveTokens(customer.id, 'verify_email')).toHaveLength(1);
    expect(await liveTokens(customer.id, 'password_reset')).toHaveLength(1);
  });
});
