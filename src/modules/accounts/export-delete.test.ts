import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  login,
  makeCustomer,
  me,
  register,
  sessionCookie,
  withSession,
} from '../../../test/support/customer-factories.js';
import { HOUR_MS } from '../../auth/clock.js';
import { digestToken } from '../../auth/tokens.js';
import type { ItemStatus } from '../../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function makeItem(
  title: string,
  values: { status?: ItemStatus; reserved_by?: number; sold_to?: number } = {},
) {
  const now = t.clock.now();
  const row = await t.db
    .insertInto('items')
    .values({
      title,
      status: values.status ?? 'available',
      price_cents: 4200,
      reserved_by: values.reserved_by ?? null,
      reserved_until: values.reserved_by ? new Date(now.getTime() + HOUR_MS) : null,
      sold_to: values.sold_to ?? null,
      sold_at: values.status === 'sold' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const exportOf = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/customers/me/export',
    ...(cookie ? withSession(cookie) : {}),
  });

const deleteMe = (cookie: string | undefined, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/customers/me',
    ...(payload ? { payload } : {}),
    ...(cookie ? withSession(cookie) : {}),
  });

const itemRow = (id: number) =>
  t.db
    .selectFrom('items')
    .select(['status', 'reserved_by', 'reserved_until', 'sold_to', 'sold_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const rowsOf = async (customerId: number) => ({
  customers: await t.db.selectFrom('customers').select('id').where('id', '=', customerId).execute(),
  sessions: await t.db
    .selectFrom('customer_sessions')
    .select('id')
    .where('customer_id', '=', customerId)
    .execute(),
  tokens: await t.db
    .selectFrom('customer_tokens')
    .select('id')
    .where('customer_id', '=', customerId)
    .execute(),
  favorites: await t.db
    .selectFrom('favorites')
    .select('item_id')
    .where('customer_id', '=', customerId)
    .execute(),
});

describe('GET /api/customers/me/export', () => {
  it('answers 200 with a JSON attachment that no cache keeps', async () => {
    const customer = await makeCustomer(t);
    const res = await exportOf(customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="shop-account-${customer.id}.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('holds all data about the customer: profile, consents, favorites, purchases, reservations, sessions and tokens', async () => {
    const res0 = await register(t, {
      first_name: 'Dora',
      last_name: 'Kim',
      marketing_consent: true,
      marketing_consent_text: 'Monthly news, please.',
    });
    const id = res0.json().id as number;
    const cookie = sessionCookie(res0);
    const favorite = await makeItem('Oak stool');
    await t.db.insertInto('favorites').values({ customer_id: id, item_id: favorite }).execute();
    const bought = await makeItem('Brass lamp', { status: 'sold', sold_to: id });
    const held = await makeItem('Teak chair', { status: 'reserved', reserved_by: id });
    await makeItem('Somebody else’s', { status: 'sold' });
    await t.db
      .updateTable('customers')
      .set({
        sold_notifications: true,
        sold_notifications_text: 'Tell me when a favorite sells.',
        sold_notifications_at: t.clock.now(),
      })
      .where('id', '=', id)
      .execute();

    const body = (await exportOf(cookie)).json();
    expect(body.profile).toMatchObject({ id, first_name: 'Dora', last_name: 'Kim' });
    expect(body.consents).toEqual({
      marketing: {
        given: true,
        text: 'Monthly news, please.',
        recorded_at: t.clock.now().toISOString(),
      },
      sold_notifications: {
        given: true,
        text: 'Tell me when a favorite sells.',
        recorded_at: t.clock.now().toISOString(),
      },
    });
    expect(body.favorites).toEqual([
      { item_id: favorite, title: 'Oak stool', favorited_at: expect.any(String) },
    ]);
    expect(body.purchases).toEqual([
      { item_id: bought, title: 'Brass lamp', price_cents: 4200, sold_at: expect.any(String) },
    ]);
    expect(body.reservations).toEqual([
      { item_id: held, title: 'Teak chair', reserved_until: expect.any(String) },
    ]);
    expect(body.sessions).toEqual([
      {
        created_at: t.clock.now().toISOString(),
        expires_at: expect.any(String),
        current: true,
      },
    ]);
    expect(body.tokens).toEqual([
      {
        kind: 'verify_email',
        created_at: t.clock.now().toISOString(),
        expires_at: expect.any(String),
        used_at: null,
      },
    ]);
  });

  it('never contains the password hash, a token or session digest, or the session token', async () => {
    const res0 = await register(t);
    const cookie = sessionCookie(res0);
    await t.mail.settle();
    const res = await exportOf(cookie);
    const digests = await t.db
      .selectFrom('customer_tokens')
      .select('token_digest')
      .where('customer_id', '=', res0.json().id)
      .execute();
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain(cookie);
    expect(res.body).not.toContain(digestToken(cookie));
    for (const { token_digest } of digests) expect(res.body).not.toContain(token_digest);
  });

  it('marks only the asking session as current', async () => {
    const customer = await makeCustomer(t);
    await login(t, customer.email);
    const sessions = (await exportOf(customer.cookie)).json().sessions;
    expect(sessions.map((s: { current: boolean }) => s.current).sort()).toEqual([false, true]);
  });

  it('refuses a caller without a session with 401 not_signed_in', async () => {
    const res = await exportOf();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });
});

describe('DELETE /api/customers/me', () => {
  it('with the right password: 204, the cookie is cleared, and the customer, sessions, tokens and favorites are gone', async () => {
    const res0 = await register(t);
    const id = res0.json().id as number;
    const cookie = sessionCookie(res0);
    const item = await makeItem('Pine shelf');
    await t.db.insertInto('favorites').values({ customer_id: id, item_id: item }).execute();
    await login(t, res0.json().email);

    const res = await deleteMe(cookie, { password: 'plum-orchard-lantern-42' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.cookies.find((c) => c.name === 'shop_session')?.value).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await rowsOf(id)).toEqual({ customers: [], sessions: [], tokens: [], favorites: [] });
    expect((await me(t, cookie)).statusCode).toBe(401);
    // The item itself stays; only the customer's link to it went.
    expect((await itemRow(item)).status).toBe('available');
  });

  it('releases the items they had reserved, and no one else’s', async () => {
    const customer = await makeCustomer(t);
    const other = await makeCustomer(t);
    const mine = await makeItem('Walnut desk', { status: 'reserved', reserved_by: customer.id });
    const theirs = await makeItem('Ash bench', { status: 'reserved', reserved_by: other.id });
    expect((await deleteMe(customer.cookie, { password: customer.password })).statusCode).toBe(204);
    expect(await itemRow(mine)).toEqual({
      status: 'available',
      reserved_by: null,
      reserved_until: null,
      sold_to: null,
      sold_at: null,
    });
    expect(await itemRow(theirs)).toMatchObject({ status: 'reserved', reserved_by: other.id });
  });

  it('keeps the sale of items they bought, without the person', async () => {
    const customer = await makeCustomer(t);
    const bought = await makeItem('Copper kettle', { status: 'sold', sold_to: customer.id });
    const before = await itemRow(bought);
    expect((await deleteMe(customer.cookie, { password: customer.password })).statusCode).toBe(204);
    expect(await itemRow(bought)).toEqual({ ...before, sold_to: null });
    expect(before.sold_at).not.toBeNull();
  });

  it('lets the address register again afterwards', async () => {
    const customer = await makeCustomer(t);
    await deleteMe(customer.cookie, { password: customer.password });
    expect((await register(t, { email: customer.email })).statusCode).toBe(201);
  });

  it('refuses a wrong password with 403 invalid_credentials and deletes nothing', async () => {
    const customer = await makeCustomer(t);
    const held = await makeItem('Elm table', { status: 'reserved', reserved_by: customer.id });
    const before = await rowsOf(customer.id);
    const res = await deleteMe(customer.cookie, { password: 'not-the-password' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('invalid_credentials');
    expect(await rowsOf(customer.id)).toEqual(before);
    expect((await itemRow(held)).status).toBe('reserved');
    expect((await me(t, customer.cookie)).statusCode).toBe(200);
  });

  it('refuses a request without the password with 400 invalid_body and deletes nothing', async () => {
    const customer = await makeCustomer(t);
    for (const payload of [undefined, {}]) {
      const res = await deleteMe(customer.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_body');
    }
    expect((await rowsOf(customer.id)).customers).toHaveLength(1);
  });

  it('refuses a caller without a session with 401 not_signed_in', async () => {
    const res = await deleteMe(undefined, { password: 'whatever-it-is' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });

  it('refuses a cross-site deletion (CSRF) with 403 and deletes nothing', async () => {
    const customer = await makeCustomer(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/customers/me',
      payload: { password: customer.password },
      headers: { 'sec-fetch-site': 'cross-site' },
      ...withSession(customer.cookie),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    expect((await rowsOf(customer.id)).customers).toHaveLength(1);
  });
});
