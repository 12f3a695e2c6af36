import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const WORDING = 'Email me when an item on my favorites list is sold.';

const put = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/customers/me/sold-notifications',
    payload,
    ...(cookie ? withSession(cookie) : {}),
  });

const rowOf = (id: number) =>
  t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PUT /api/customers/me/sold-notifications', () => {
  it('opting in records the flag, the time and the exact wording, and answers 200 {customer}', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const res = await put(customer.cookie, { enabled: true, consent_text: WORDING });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: customer.id,
      email: customer.email,
      first_name: 'Ann',
      last_name: 'Lee',
      email_verified: true,
      marketing_consent: false,
      sold_notifications: true,
      created_at: t.clock.now().toISOString(),
    });
    expect(await rowOf(customer.id)).toMatchObject({
      sold_notifications: true,
      sold_notifications_at: t.clock.now(),
      sold_notifications_text: WORDING,
    });
  });

  it('keeps the wording exactly as sent, spaces and all', async () => {
    const customer = await makeCustomer(t);
    const wording = `  ${WORDING}\n  (You can stop at any time.) `;
    await put(customer.cookie, { enabled: true, consent_text: wording });
    expect((await rowOf(customer.id)).sold_notifications_text).toBe(wording);
  });

  it('does not touch marketing consent, either way', async () => {
    const customer = await makeCustomer(t);
    await t.db
      .updateTable('customers')
      .set({
        marketing_consent: true,
        marketing_consent_text: 'News',
        marketing_consent_at: t.clock.now(),
      })
      .where('id', '=', customer.id)
      .execute();
    const before = await rowOf(customer.id);
    t.clock.advance(60_000);
    await put(customer.cookie, { enabled: true, consent_text: WORDING });
    await put(customer.cookie, { enabled: false });
    expect(await rowOf(customer.id)).toMatchObject({
      marketing_consent: true,
      marketing_consent_text: 'News',
      marketing_consent_at: before.marketing_consent_at,
    });
  });

  it('opting out records the time too and clears the wording', async () => {
    const customer = await makeCustomer(t);
    await put(customer.cookie, { enabled: true, consent_text: WORDING });
    t.clock.advance(3_600_000);
    const res = await put(customer.cookie, { enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().sold_notifications).toBe(false);
    expect(await rowOf(customer.id)).toMatchObject({
      sold_notifications: false,
      sold_notifications_at: t.clock.now(),
      sold_notifications_text: null,
    });
  });

  it('opting out keeps the wording shown for it, when sent', async () => {
    const customer = await makeCustomer(t);
    await put(customer.cookie, { enabled: false, consent_text: 'Stop the sold emails.' });
    expect(await rowOf(customer.id)).toMatchObject({
      sold_notifications: false,
      sold_notifications_text: 'Stop the sold emails.',
    });
  });

  it.each([
    ['missing', {}],
    ['empty', { consent_text: '' }],
    ['blank', { consent_text: '   ' }],
  ])(
    'refuses enabling with the wording %s: 400 consent_text_required, row unchanged',
    async (_case, extra) => {
      const customer = await makeCustomer(t);
      const before = await rowOf(customer.id);
      const res = await put(customer.cookie, { enabled: true, ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'consent_text_required',
        field: 'consent_text',
      });
      expect(await rowOf(customer.id)).toEqual(before);
    },
  );

  it.each([
    ['enabled missing', { consent_text: WORDING }, 'enabled'],
    ['enabled not a boolean', { enabled: 'yes', consent_text: WORDING }, 'enabled'],
    ['an unknown field', { enabled: true, consent_text: WORDING, marketing: true }, 'marketing'],
    ['over-long wording', { enabled: true, consent_text: 'x'.repeat(2001) }, 'consent_text'],
  ])('refuses %s with 400 invalid_body, row unchanged', async (_case, payload, field) => {
    const customer = await makeCustomer(t);
    const before = await rowOf(customer.id);
    const res = await put(customer.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field });
    expect(await rowOf(customer.id)).toEqual(before);
  });

  it('refuses a caller without a session, or a disabled one, with 401, row unchanged', async () => {
    const customer = await makeCustomer(t, { disabled: true });
    const before = await rowOf(customer.id);
    for (const cookie of [undefined, customer.cookie]) {
      const res = await put(cookie, { enabled: true, consent_text: WORDING });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('not_signed_in');
    }
    expect(await rowOf(customer.id)).toEqual(before);
  });
});
