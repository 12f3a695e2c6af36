import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { tokenInMail } from '../../../test/support/capture-mail.js';
import {
  makeCustomer,
  nextAddress,
  uniqueEmail,
  withSession,
} from '../../../test/support/customer-factories.js';
import { digestToken, mintToken } from '../../auth/tokens.js';

const NEW_PASSWORD = 'quartz-meadow-violin-77';

// Issue "concurrency", item 5: a completion verifies only the address the token was mailed to.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/password-reset/request',
    payload: { email },
    remoteAddress: nextAddress(),
  });
const complete = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/password-reset/complete',
    payload: { token, password: NEW_PASSWORD },
  });
const changeEmail = (cookie: string, email: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/customers/me',
    payload: { email },
    ...withSession(cookie),
  });
const customerRow = (id: number) =>
  t.db
    .selectFrom('customers')
    .select(['email', 'email_verified', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('an email change supersedes the tokens mailed to the old address', () => {
  it('reset mailed to A, email changed to B, old link completed: 400 invalid_token, B unverified', async () => {
    const customer = await makeCustomer(t, { verified: true });
    expect((await requestReset(customer.email)).statusCode).toBe(200);
    await t.mail.settle();
    const oldLink = tokenInMail(t.mail.lastTo(customer.email), 'reset');
    const newAddress = uniqueEmail('moved');
    expect((await changeEmail(customer.cookie, newAddress)).statusCode).toBe(200);
    const before = await customerRow(customer.id);
    expect(before).toMatchObject({ email: newAddress, email_verified: false });

    const res = await complete(oldLink);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect(await customerRow(customer.id)).toEqual(before);
  });

  it('verification mailed to A, email changed to B: the old link verifies nothing; B’s link does', async () => {
    const customer = await makeCustomer(t);
    const first = uniqueEmail('first');
    expect((await changeEmail(customer.cookie, first)).statusCode).toBe(200);
    await t.mail.settle();
    const oldLink = tokenInMail(t.mail.lastTo(first), 'verify');
    const second = uniqueEmail('second');
    expect((await changeEmail(customer.cookie, second)).statusCode).toBe(200);
    await t.mail.settle();
    const verify = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/customers/verify-email', payload: { token } });
    expect((await verify(oldLink)).statusCode).toBe(400);
    expect((await customerRow(customer.id)).email_verified).toBe(false);
    expect((await verify(tokenInMail(t.mail.lastTo(second), 'verify'))).statusCode).toBe(200);
    expect((await customerRow(customer.id)).email_verified).toBe(true);
  });

  it('a reset token that names no address (minted before 0015) resets the password but verifies nothing', async () => {
    const customer = await makeCustomer(t);
    const { token, digest } = mintToken();
    const now = t.clock.now();
    await t.db
      .insertInto('customer_tokens')
      .values({
        customer_id: customer.id,
        kind: 'password_reset',
        token_digest: digest,
        created_at: now,
        expires_at: new Date(now.getTime() + 3_600_000),
      })
      .execute();
    expect(digestToken(token)).toBe(digest);
    const before = await customerRow(customer.id);
    expect((await complete(token)).statusCode).toBe(200);
    const after = await customerRow(customer.id);
    expect(after.email_verified).toBe(false);
    expect(after.password_hash).not.toBe(before.password_hash);
  });
});
