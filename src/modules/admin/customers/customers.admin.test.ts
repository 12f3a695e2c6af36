import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../../test/support/build-test-app.js';
import {
  login,
  makeCustomer,
  me,
  uniqueEmail,
  withSession,
} from '../../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../../test/support/factories.js';
import { mintToken } from '../../../auth/tokens.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

async function customerWithName(
  first: string | null,
  last: string | null,
  email = uniqueEmail('named'),
) {
  const made = await makeCustomer(t, { email });
  await t.db
    .updateTable('customers')
    .set({ first_name: first, last_name: last })
    .where('id', '=', made.id)
    .execute();
  return made;
}

describe('GET /api/admin/customers', () => {
  it('shows one composed display name: both parts, either part, or else the address', async () => {
    const both = await customerWithName('Ada', 'Lovelace');
    const first = await customerWithName('Grace', null);
    const last = await customerWithName(null, 'Hopper');
    const neither = await customerWithName(null, null, 'nameless@example.com');
    const res = await admin('GET', '/api/admin/customers?limit=100');
    // Personal data: no cache between here and the admin's screen may keep it.
    expect(res.headers['cache-control']).toBe('no-store');
    const { customers } = res.json();
    const nameOf = (id: number) => customers.find((c: { id: number }) => c.id === id);
    expect(nameOf(both.id)).toMatchObject({ display_name: 'Ada Lovelace', status: 'active' });
    expect(nameOf(first.id).display_name).toBe('Grace');
    expect(nameOf(last.id).display_name).toBe('Hopper');
    expect(nameOf(neither.id).display_name).toBe('nameless@example.com');
    // The two parts never reach the admin.
    expect(nameOf(both.id)).not.toHaveProperty('first_name');
    expect(Object.keys(nameOf(both.id)).sort()).toEqual([
      'created_at',
      'display_name',
      'email',
      'email_verified',
      'id',
      'status',
    ]);
  });

  it('searches by name or email, case-insensitively, taking % and _ literally', async () => {
    const target = await customerWithName('Zebulon', 'Quartermaine', 'zq_unique@example.com');
    const byName = (await admin('GET', '/api/admin/customers?q=quarterMAINE')).json().customers;
    expect(byName.map((c: { id: number }) => c.id)).toEqual([target.id]);
    const byEmail = (await admin('GET', '/api/admin/customers?q=ZQ_UNIQUE')).json().customers;
    expect(byEmail.map((c: { id: number }) => c.id)).toEqual([target.id]);
    expect((await admin('GET', '/api/admin/customers?q=%25')).json().customers).toEqual([]);
  });

  it('filters by status and pages through every customer exactly once', async () => {
    const disabled = await makeCustomer(t, { disabled: true });
    const onlyDisabled = (await admin('GET', '/api/admin/customers?status=disabled')).json()
      .customers;
    expect(onlyDisabled.map((c: { id: number }) => c.id)).toContain(disabled.id);
    expect(onlyDisabled.every((c: { status: string }) => c.status === 'disabled')).toBe(true);

    const total = await t.db.selectFrom('customers').select('id').execute();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin(
        'GET',
        `/api/admin/customers?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.json().customers.map((c: { id: number }) => c.id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(seen.sort((a, b) => a - b)).toEqual(total.map((c) => c.id).sort((a, b) => a - b));
  });

  it.each(['status=blocked', 'limit=0', 'cursor=bogus', 'sort=name'])(
    'refuses %s with 400',
    async (query) => {
      expect((await admin('GET', `/api/admin/customers?${query}`)).statusCode).toBe(400);
    },
  );
});

describe('POST /api/admin/customers/:id/disable (spec 3 Customer account)', () => {
  it('refuses the customer’s existing cookie on the very next request', async () => {
    const customer = await makeCustomer(t);
    expect((await me(t, customer.cookie)).statusCode).toBe(200);
    const res = await admin('POST', `/api/admin/customers/${customer.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, status: 'disabled' });
    expect((await me(t, customer.cookie)).statusCode).toBe(401);
    expect(
      await t.db
        .selectFrom('customer_sessions')
        .select('id')
        .where('customer_id', '=', customer.id)
        .execute(),
    ).toEqual([]);
  });

  it('releases only the items still reserved by them; sold items and other holds stay', async () => {
    const customer = await makeCustomer(t);
    const other = await makeCustomer(t);
    const until = new Date(t.clock.now().getTime() + 30 * 60_000);
    const held = await makeItem(t.db, { status: 'reserved' });
    await t.db
      .updateTable('items')
      .set({ reserved_by: customer.id, reserved_until: until })
      .where('id', '=', held.id)
      .execute();
    const heldByOther = await makeItem(t.db, { status: 'reserved' });
    await t.db
      .updateTable('items')
      .set({ reserved_by: other.id, reserved_until: until })
      .where('id', '=', heldByOther.id)
      .execute();
    const bought = await makeItem(t.db, { status: 'sold' });
    await t.db
      .updateTable('items')
      .set({ sold_to: customer.id })
      .where('id', '=', bought.id)
      .execute();
    const boughtBefore = await itemRow(t, bought.id);

    await admin('POST', `/api/admin/customers/${customer.id}/disable`);

    expect(await itemRow(t, held.id)).toMatchObject({
      status: 'available',
      reserved_by: null,
      reserved_until: null,
    });
    expect(await itemRow(t, heldByOther.id)).toMatchObject({
      status: 'reserved',
      reserved_by: other.id,
    });
    expect(await itemRow(t, bought.id)).toEqual(boughtBefore);
  });

  it('ends the customer’s outstanding email tokens, so an old reset link stays dead', async () => {
    const customer = await makeCustomer(t);
    const { digest } = mintToken();
    const expires = new Date(t.clock.now().getTime() + 60 * 60_000);
    await t.db
      .insertInto('customer_tokens')
      .values({
        customer_id: customer.id,
        kind: 'password_reset',
        token_digest: digest,
        expires_at: expires,
      })
      .execute();
    await admin('POST', `/api/admin/customers/${customer.id}/disable`);
    const token = await t.db
      .selectFrom('customer_tokens')
      .select('expires_at')
      .where('token_digest', '=', digest)
      .executeTakeFirstOrThrow();
    expect(token.expires_at.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('is idempotent, and answers 404 for an unknown customer', async () => {
    const customer = await makeCustomer(t, { disabled: true });
    expect((await admin('POST', `/api/admin/customers/${customer.id}/disable`)).statusCode).toBe(
      200,
    );
    expect((await admin('POST', '/api/admin/customers/999999/disable')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/customers/:id/enable', () => {
  it('restores sign-in, but does not give released items back', async () => {
    const customer = await makeCustomer(t);
    const held = await makeItem(t.db, { status: 'reserved' });
    await t.db
      .updateTable('items')
      .set({ reserved_by: customer.id, reserved_until: new Date(t.clock.now().getTime() + 60_000) })
      .where('id', '=', held.id)
      .execute();
    await admin('POST', `/api/admin/customers/${customer.id}/disable`);
    expect((await login(t, customer.email)).statusCode).toBe(403);

    const res = await admin('POST', `/api/admin/customers/${customer.id}/enable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('active');
    const signedIn = await login(t, customer.email);
    expect(signedIn.statusCode).toBe(200);
    expect(await itemRow(t, held.id)).toMatchObject({ status: 'available', reserved_by: null });
    // The old cookie stays dead: its session was deleted, not suspended.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/customers/me',
          ...withSession(customer.cookie),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 404 for an unknown customer', async () => {
    expect((await admin('POST', '/api/admin/customers/999999/enable')).statusCode).toBe(404);
  });
});
