import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { tokenInMail } from '../../../test/support/capture-mail.js';
import {
  accountRowCounts,
  makeCustomer,
  me,
  uniqueEmail,
  withSession,
} from '../../../test/support/customer-factories.js';
import { HOUR_MS } from '../../auth/clock.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const put = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/customers/me',
    payload,
    ...(cookie ? withSession(cookie) : {}),
  });

const rowOf = (id: number) =>
  t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A refusal must leave the row, the token table and the mailbox as they were. */
async function refusedWithoutWrites(id: number, send: () => ReturnType<typeof put>) {
  const before = { row: await rowOf(id), counts: await accountRowCounts(t) };
  const mails = t.mail.messages.length;
  const res = await send();
  await t.mail.settle();
  expect(await rowOf(id)).toEqual(before.row);
  expect(await accountRowCounts(t)).toEqual(before.counts);
  expect(t.mail.messages.length).toBe(mails);
  return res;
}

describe('GET /api/customers/me', () => {
  it('answers 200 with exactly the customer object, and no-store', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const res = await me(t, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: customer.id,
      email: customer.email,
      first_name: 'Ann',
      last_name: 'Lee',
      email_verified: true,
      marketing_consent: false,
      sold_notifications: false,
      created_at: t.clock.now().toISOString(),
    });
  });

  it('refuses a caller without a session with 401 not_signed_in', async () => {
    const res = await me(t);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });
});

describe('PUT /api/customers/me', () => {
  it('changes the names, trimmed, and answers 200 with the customer', async () => {
    const customer = await makeCustomer(t);
    const res = await put(customer.cookie, { first_name: ' Bo ', last_name: ' de Vries ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Bo', last_name: 'de Vries' });
    expect(await rowOf(customer.id)).toMatchObject({ first_name: 'Bo', last_name: 'de Vries' });
  });

  it('changes only what is sent; an empty body changes nothing', async () => {
    const customer = await makeCustomer(t);
    expect((await put(customer.cookie, { last_name: 'Moss' })).json()).toMatchObject({
      first_name: 'Ann',
      last_name: 'Moss',
    });
    const before = await rowOf(customer.id);
    const res = await put(customer.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(await rowOf(customer.id)).toEqual(before);
  });

  it.each([
    ['first_name', 'first_name_required'],
    ['last_name', 'last_name_required'],
  ])('refuses a blank %s with 400 %s and writes nothing', async (field, code) => {
    const customer = await makeCustomer(t);
    const res = await refusedWithoutWrites(customer.id, () =>
      put(customer.cookie, { [field]: '  ' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, field });
  });

  it('a new email address is stored normalised, becomes unverified and gets a verification mail', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const email = uniqueEmail('moved');
    const res = await put(customer.cookie, { email: ` ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, email_verified: false });
    await t.mail.settle();
    expect(t.mail.to(customer.email)).toHaveLength(0);
    const token = tokenInMail(t.mail.lastTo(email), 'verify');
    const token_row = await t.db
      .selectFrom('customer_tokens')
      .select(['kind', 'expires_at'])
      .where('customer_id', '=', customer.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', t.clock.now())
      .execute();
    expect(token_row).toEqual([
      { kind: 'verify_email', expires_at: new Date(t.clock.now().getTime() + 24 * HOUR_MS) },
    ]);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/customers/verify-email',
      payload: { token },
    });
    expect(verified.json()).toMatchObject({ email, email_verified: true });
  });

  it('an email change supersedes the verification link sent to the earlier address', async () => {
    const customer = await makeCustomer(t);
    await put(customer.cookie, { email: uniqueEmail('first') });
    await t.mail.settle();
    const firstToken = tokenInMail(t.mail.messages.at(-1)!, 'verify');
    await put(customer.cookie, { email: uniqueEmail('second') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/verify-email',
      payload: { token: firstToken },
    });
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('the same address in another case is no change: still verified, no mail', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const res = await put(customer.cookie, { email: customer.email.toUpperCase() });
    await t.mail.settle();
    expect(res.json().email_verified).toBe(true);
    expect(t.mail.to(customer.email)).toHaveLength(0);
  });

  it("refuses another customer's address with 409 email_taken, compared case-insensitively; nothing changes", async () => {
    const customer = await makeCustomer(t);
    const other = await makeCustomer(t);
    const res = await refusedWithoutWrites(customer.id, () =>
      put(customer.cookie, { email: ` ${other.email.toUpperCase()}`, first_name: 'Changed' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it('records marketing consent as the flag, the exact wording and the time; withdrawing records the time too', async () => {
    const customer = await makeCustomer(t);
    const text = 'Send me the monthly newsletter.';
    const given = await put(customer.cookie, {
      marketing_consent: true,
      marketing_consent_text: text,
    });
    expect(given.json().marketing_consent).toBe(true);
    expect(await rowOf(customer.id)).toMatchObject({
      marketing_consent: true,
      marketing_consent_text: text,
      marketing_consent_at: t.clock.now(),
    });
    t.clock.advance(HOUR_MS);
    const withdrawn = await put(customer.cookie, { marketing_consent: false });
    expect(withdrawn.json().marketing_consent).toBe(false);
    expect(await rowOf(customer.id)).toMatchObject({
      marketing_consent: false,
      marketing_consent_text: null,
      marketing_consent_at: t.clock.now(),
    });
  });

  it.each([
    ['missing', {}],
    ['blank', { marketing_consent_text: '   ' }],
  ])(
    'refuses consent with its wording %s: 400 consent_text_required, nothing written',
    async (_case, extra) => {
      const customer = await makeCustomer(t);
      const res = await refusedWithoutWrites(customer.id, () =>
        put(customer.cookie, { marketing_consent: true, ...extra }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'consent_text_required',
        field: 'marketing_consent_text',
      });
    },
  );

  it('refuses wording without the consent flag with 400 invalid_body and writes nothing', async () => {
    const customer = await makeCustomer(t);
    const res = await refusedWithoutWrites(customer.id, () =>
      put(customer.cookie, { marketing_consent_text: 'Newsletter' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_body',
      field: 'marketing_consent_text',
    });
  });

  it.each([
    ['email_verified', true],
    ['sold_notifications', true],
    ['password', 'new-password-here'],
  ])('refuses the field %s with 400 invalid_body and writes nothing', async (field, value) => {
    const customer = await makeCustomer(t);
    const res = await refusedWithoutWrites(customer.id, () =>
      put(customer.cookie, { [field]: value }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field });
  });

  it('refuses a caller without a session with 401 not_signed_in', async () => {
    const res = await put(undefined, { first_name: 'X' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });
});
