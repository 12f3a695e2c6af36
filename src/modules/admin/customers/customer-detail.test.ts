import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../../test/support/build-test-app.js';
import { addToCart, favorite } from '../../../../test/support/commerce.js';
import { makeCustomer } from '../../../../test/support/customer-factories.js';
import { makeItem } from '../../../../test/support/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

describe('GET /api/admin/customers/:id', () => {
  it('shows the row, favorites count, current holds and purchases', async () => {
    const customer = await makeCustomer(t, { firstName: 'Ada', verified: true });
    const liked = [await makeItem(t.db), await makeItem(t.db)];
    for (const item of liked) await favorite(t, customer.cookie, item.id);
    const held = await makeItem(t.db, { title: 'Held lamp', priceCents: 2500 });
    expect((await addToCart(t, customer.cookie, held.id)).statusCode).toBe(200);
    const bought = await makeItem(t.db, { title: 'Bought vase', priceCents: 9000 });
    const soldAt = t.clock.now();
    await t.db
      .updateTable('items')
      .set({ status: 'sold', sold_to: customer.id, sold_at: soldAt })
      .where('id', '=', bought.id)
      .execute();

    const res = await admin('GET', `/api/admin/customers/${customer.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: customer.id,
      email: customer.email,
      display_name: 'Ada Lee',
      status: 'active',
      email_verified: true,
      favorites_count: 2,
      holds: [{ item_id: held.id, title: 'Held lamp', price_cents: 2500 }],
      purchases: [
        {
          item_id: bought.id,
          title: 'Bought vase',
          price_cents: 9000,
          sold_at: soldAt.toISOString(),
        },
      ],
    });
    expect(body.created_at).toEqual(expect.any(String));
    expect(new Date(body.holds[0].reserved_until).getTime()).toBeGreaterThan(soldAt.getTime());
    expect(body).not.toHaveProperty('first_name');
  });

  it('leaves out holds whose time ran out, and shows a disabled customer as disabled', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    t.clock.advance(31 * 60 * 1000);
    await admin('POST', `/api/admin/customers/${customer.id}/disable`);
    const body = (await admin('GET', `/api/admin/customers/${customer.id}`)).json();
    expect(body).toMatchObject({
      status: 'disabled',
      holds: [],
      purchases: [],
      favorites_count: 0,
    });
  });

  it('answers 404 for an unknown customer, 400 for a malformed id, 401 without a session', async () => {
    expect((await admin('GET', '/api/admin/customers/999999')).json().error.code).toBe('not_found');
    expect((await admin('GET', '/api/admin/customers/x')).json().error.code).toBe('invalid_id');
    const customer = await makeCustomer(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${customer.id}` });
    expect(res.statusCode).toBe(401);
  });
});
