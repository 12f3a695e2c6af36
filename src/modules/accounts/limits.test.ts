import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  accountRowCounts,
  makeCustomer,
  PASSWORD,
  register,
  uniqueEmail,
} from '../../../test/support/customer-factories.js';

// Spec 8 and issue 4: the password-reset request limit, and the two limits the
// issue adds (sign-in, registration). The resend-verification limit is tested with
// its endpoint (spec 4.1 resend rule 3).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/password-reset/request',
    payload: { email },
    remoteAddress,
  });

const tokensOf = (id: number) =>
  t.db.selectFrom('customer_tokens').select('id').where('customer_id', '=', id).execute();

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/login',
    payload: { email, password },
    remoteAddress,
  });

describe('sign-in limit: 10 per 15 minutes per caller address + email', () => {
  it('refuses the 11th attempt with 429, even with the right password, and opens no session', async () => {
    const customer = await makeCustomer(t);
    const address = '203.0.113.40';
    for (let i = 0; i < 10; i++)
      expect((await login(customer.email, 'wrong-password', address)).statusCode).toBe(401);
    const before = await accountRowCounts(t);
    const res = await login(customer.email, PASSWORD, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('too_many_requests');
    expect(res.cookies.find((c) => c.name === 'shop_session')).toBeUndefined();
    expect(await accountRowCounts(t)).toEqual(before);
  });

  it('counts case and space variants of the address together', async () => {
    const customer = await makeCustomer(t);
    const address = '203.0.113.41';
    for (let i = 0; i < 10; i++)
      await login(i % 2 ? customer.email.toUpperCase() : ` ${customer.email}`, 'wrong', address);
    expect((await login(customer.email, PASSWORD, address)).statusCode).toBe(429);
  });

  it('leaves the same address from another caller, and another address from the same caller, alone', async () => {
    const customer = await makeCustomer(t);
    const other = await makeCustomer(t);
    const address = '203.0.113.42';
    for (let i = 0; i < 10; i++) await login(customer.email, 'wrong-password', address);
    expect((await login(customer.email, PASSWORD, '203.0.113.43')).statusCode).toBe(200);
    expect((await login(other.email, PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('registration limit: 10 per hour per caller address', () => {
  it('refuses the 11th registration from one caller with 429 and writes nothing', async () => {
    const address = '203.0.113.50';
    // Refused attempts count too: the limit is on asking, not on succeeding.
    for (let i = 0; i < 10; i++)
      expect((await register(t, { first_name: '' }, address)).statusCode).toBe(400);
    const before = await accountRowCounts(t);
    const res = await register(t, { email: uniqueEmail() }, address);
    await t.mail.settle();
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('too_many_requests');
    expect(await accountRowCounts(t)).toEqual(before);
    expect(t.mail.messages).toHaveLength(0);
  });

  it('leaves other callers alone', async () => {
    for (let i = 0; i < 10; i++) await register(t, { first_name: '' }, '203.0.113.51');
    expect((await register(t, {}, '203.0.113.52')).statusCode).toBe(201);
  });
});

describe('password reset request limit: 5 per 15 minutes per caller address + normalised email (spec 8)', () => {
  /** Spends a budget of five, then returns the sixth answer. */
  async function sixth(first: () => Promise<{ statusCode: number }>, then: () => Promise<unknown>) {
    for (let i = 0; i < 5; i++) expect((await first()).statusCode).toBe(200);
    return then() as Promise<{ statusCode: number; json(): { error: { code: string } } }>;
  }

  it('refuses the sixth request with 429 too_many_requests; it mints nothing and sends nothing', async () => {
    const customer = await makeCustomer(t);
    const address = '203.0.113.10';
    for (let i = 0; i < 5; i++)
      expect((await requestReset(customer.email, address)).statusCode).toBe(200);
    await t.mail.settle();
    const tokens = (await tokensOf(customer.id)).length;
    const res = await requestReset(customer.email, address);
    await t.mail.settle();
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('too_many_requests');
    expect(await tokensOf(customer.id)).toHaveLength(tokens);
    expect(t.mail.to(customer.email)).toHaveLength(5);
  });

  it('counts case and space variants of one address against one budget', async () => {
    const email = uniqueEmail();
    const address = '203.0.113.11';
    const variants = [email, email.toUpperCase(), ` ${email}`, `${email}  `, `\t${email}`];
    let i = 0;
    const res = await sixth(
      () => requestReset(variants[i++]!, address),
      () => requestReset(` ${email.toUpperCase()} `, address),
    );
    expect(res.statusCode).toBe(429);
  });

  it('gives another email from the same caller its own budget', async () => {
    const address = '203.0.113.12';
    const email = uniqueEmail();
    const res = await sixth(
      () => requestReset(email, address),
      () => requestReset(uniqueEmail(), address),
    );
    expect(res.statusCode).toBe(200);
  });

  it('IPv6 callers in the same /56 share a budget', async () => {
    const email = uniqueEmail();
    const res = await sixth(
      () => requestReset(email, '2001:db8:aa:bb00::1'),
      () => requestReset(email, '2001:db8:aa:bbff:1234:5678:9abc:def0'),
    );
    expect(res.statusCode).toBe(429);
  });

  it('IPv6 callers in a different /56 do not', async () => {
    const email = uniqueEmail();
    const res = await sixth(
      () => requestReset(email, '2001:db8:ab:cd00::1'),
      () => requestReset(email, '2001:db8:ab:ce00::1'),
    );
    expect(res.statusCode).toBe(200);
  });

  it('an IPv4-mapped IPv6 address keys the same as the plain IPv4 address', async () => {
    const email = uniqueEmail();
    const res = await sixth(
      () => requestReset(email, '::ffff:203.0.113.13'),
      () => requestReset(email, '203.0.113.13'),
    );
    expect(res.statusCode).toBe(429);
  });

  it('another caller address with the same email has its own budget', async () => {
    const email = uniqueEmail();
    const res = await sixth(
      () => requestReset(email, '203.0.113.14'),
      () => requestReset(email, '203.0.113.15'),
    );
    expect(res.statusCode).toBe(200);
  });
});
