import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, checkout, viewCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

// Spec 3 (customer account: admin disable) with the admin issue's endpoint.
describe('disabling a customer with items in the cart', () => {
  it('releases the held items, leaves a sold one alone, and the old cookie fails at checkout', async () => {
    const customer = await makeCustomer(t);
    const [a, b, bought] = [await makeItem(t.db), await makeItem(t.db), await makeItem(t.db)];
    await addToCart(t, customer.cookie, bought.id);
    expect((await checkout(t, customer.cookie)).statusCode).toBe(200);
    await addToCart(t, customer.cookie, a.id);
    await addToCart(t, customer.cookie, b.id);
    const soldBefore = await itemRow(t, bought.id);

    const res = await admin('POST', `/api/admin/customers/${customer.id}/disable`);
    expect(res.statusCode).toBe(200);

    for (const item of [a, b]) {
      expect(await itemRow(t, item.id)).toMatchObject({
        status: 'available',
        reserved_by: null,
        reserved_until: null,
      });
    }
    expect(await itemRow(t, bought.id)).toEqual(soldBefore);

    const refused = await checkout(t, customer.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('not_signed_in');
    expect((await viewCart(t, customer.cookie)).statusCode).toBe(401);
    for (const item of [a, b]) expect((await itemRow(t, item.id)).status).toBe('available');
  });

  it('re-enabling does not give the items back, and another customer may take them', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    await admin('POST', `/api/admin/customers/${customer.id}/disable`);
    expect((await admin('POST', `/api/admin/customers/${customer.id}/enable`)).statusCode).toBe(
      200,
    );
    expect((await itemRow(t, item.id)).status).toBe('available');
    const other = await makeCustomer(t);
    expect((await addToCart(t, other.cookie, item.id)).statusCode).toBe(200);
  });
});
