import type { TestApp } from './build-test-app.js';
import { makeCustomer, withSession } from './customer-factories.js';
import { makeItem } from './factories.js';

/** POST /api/cart/items as the customer behind `cookie`. */
export const addToCart = (t: TestApp, cookie: string, itemId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    payload: { item_id: itemId },
    ...withSession(cookie),
  });

export const viewCart = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/cart', ...withSession(cookie) });

export const removeFromCart = (t: TestApp, cookie: string, itemId: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/cart/items/${itemId}`, ...withSession(cookie) });

export const checkout = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/cart/checkout', ...withSession(cookie) });

/** POST or DELETE /api/customers/me/favorites/:item_id. */
export const favorite = (
  t: TestApp,
  cookie: string,
  itemId: number | string,
  method: 'POST' | 'DELETE' = 'POST',
) =>
  t.app.inject({
    method,
    url: `/api/customers/me/favorites/${itemId}`,
    ...withSession(cookie),
  });

/** Opts a customer in to sold notifications straight in the database. */
export async function optInToSoldNotifications(t: TestApp, customerId: number): Promise<void> {
  await t.db
    .updateTable('customers')
    .set({
      sold_notifications: true,
      sold_notifications_at: t.clock.now(),
      sold_notifications_text: 'Tell me when a favorite sells.',
    })
    .where('id', '=', customerId)
    .execute();
}

/** A new customer holding `count` new available items in their cart. */
export async function buyerHolding(t: TestApp, count = 1) {
  const buyer = await makeCustomer(t);
  const items = [];
  for (let i = 0; i < count; i++) {
    const item = await makeItem(t.db);
    const added = await addToCart(t, buyer.cookie, item.id);
    if (added.statusCode !== 200) throw new Error(`add to cart answered ${added.statusCode}`);
    items.push(item);
  }
  return { buyer, items };
}
