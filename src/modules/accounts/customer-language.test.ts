import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  accountRowCounts,
  makeCustomer,
  me,
  register,
  uniqueEmail,
  withSession,
} from '../../../test/support/customer-factories.js';

// Issue 37: a customer's own language, stored on the account and used for their mails;
// without one, their mails go in the shop's language (SHOP_LANGUAGE).
let t: TestApp;
let german: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  german = await buildTestApp({ env: { SHOP_LANGUAGE: 'de' } });
}, 120_000);
afterAll(async () => {
  await t.close();
  await german.close();
});

const put = (app: TestApp, cookie: string, payload: Record<string, unknown>) =>
  app.app.inject({ method: 'PUT', url: '/api/customers/me', payload, ...withSession(cookie) });

const languageOf = async (app: TestApp, id: number) =>
  (
    await app.db
      .selectFrom('customers')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).language;

describe('the language on the customer profile', () => {
  it('is absent until chosen, so the customer object stays as it was', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const body = (await me(t, customer.cookie)).json();
    expect(body).not.toHaveProperty('language');
  });

  it('is stored by PUT /me, answered by GET /me and the session, and cleared by null', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const res = await put(t, customer.cookie, { language: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('de');
    expect(await languageOf(t, customer.id)).toBe('de');
    expect((await me(t, customer.cookie)).json().language).toBe('de');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/customers/session',
      ...withSession(customer.cookie),
    });
    expect(session.json().customer.language).toBe('de');

    const cleared = await put(t, customer.cookie, { language: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty('language');
    expect(await languageOf(t, customer.id)).toBeNull();
  });

  it('refuses a language the shop does not speak, and writes nothing', async () => {
    const customer = await makeCustomer(t, { verified: true });
    await put(t, customer.cookie, { language: 'en' });
    const before = await accountRowCounts(t);
    const res = await put(t, customer.cookie, { language: 'fr', first_name: 'Zoe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_body');
    expect(res.json().error.field).toBe('language');
    expect(await languageOf(t, customer.id)).toBe('en');
    expect((await me(t, customer.cookie)).json().first_name).toBe('Ann');
    expect(await accountRowCounts(t)).toEqual(before);
  });
});

describe('account mails go in the recipient’s language', () => {
  it('registering from a German page: the verification mail is German, its HTML says lang="de"', async () => {
    const email = uniqueEmail('deutsch');
    const res = await register(t, { email, language: 'de' });
    expect(res.statusCode).toBe(201);
    expect(res.json().language).toBe('de');
    await t.mail.settle();
    const [mail] = t.mail.to(email);
    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail?.text).toMatch(/^Hallo Ann,/);
    expect(mail?.text).toContain('24 Stunden');
    expect(mail?.html).toContain('<html lang="de">');
    expect(mail?.html).not.toMatch(/Confirm|Hello|hours/);
  });

  it('without a choice: the shop’s language (English here, German in a German shop)', async () => {
    const english = uniqueEmail('english');
    await register(t, { email: english });
    await t.mail.settle();
    expect(t.mail.to(english)[0]?.subject).toBe('Confirm your email address');
    expect(t.mail.to(english)[0]?.html).toContain('<html lang="en">');

    const deutsch = uniqueEmail('shop-de');
    await register(german, { email: deutsch });
    await german.mail.settle();
    expect(german.mail.to(deutsch)[0]?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
  });

  it('a choice stored later is used for the next mail (resend verification)', async () => {
    const customer = await makeCustomer(german, { verified: false });
    await put(german, customer.cookie, { language: 'en' });
    await german.mail.settle();
    const before = german.mail.to(customer.email).length;
    const res = await german.app.inject({
      method: 'POST',
      url: '/api/customers/resend-verification',
      ...withSession(customer.cookie),
    });
    expect(res.statusCode).toBeLessThan(300);
    await german.mail.settle();
    const mails = german.mail.to(customer.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.subject).toBe('Confirm your email address');
  });
});
