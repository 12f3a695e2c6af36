import { expect } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import type { TestApp } from './build-test-app.js';
import { addToCart } from './commerce.js';
import { type MadeCustomer, makeCustomer, withSession } from './customer-factories.js';
import { makeItem } from './factories.js';

export const ADDRESS = {
  name: 'Ann Lee',
  line1: 'Hauptstraße 5',
  postal_code: '10115',
  city: 'Berlin',
  country: 'de',
};

/** POST /api/cart/checkout with a body (an address, a saved address id, a note). */
export const checkoutWith = (t: TestApp, cookie: string, body?: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    ...withSession(cookie),
    ...(body ? { payload: body } : {}),
  });

/** A customer who bought `count` fresh items; answers the checkout's order. */
export async function placeOrder(
  t: TestApp,
  options: { count?: number; body?: object; buyer?: MadeCustomer; priceCents?: number } = {},
) {
  const buyer = options.buyer ?? (await makeCustomer(t));
  const items = [];
  for (let i = 0; i < (options.count ?? 1); i++) {
    const item = await makeItem(t.db, { images: 2, priceCents: options.priceCents ?? 1500 });
    expect((await addToCart(t, buyer.cookie, item.id)).statusCode).toBe(200);
    items.push(item);
  }
  const res = await checkoutWith(t, buyer.cookie, options.body);
  expect(res.statusCode, res.body).toBe(200);
  return { buyer, items, order: res.json().order };
}

/** The order row as stored: for "nothing was written". */
export const orderRow = (t: TestApp, id: number) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** How many rows a table holds: for "nothing was written". */
export async function countRows(t: TestApp, table: keyof Database) {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
