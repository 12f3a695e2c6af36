import { expect } from 'vitest';
import type { App } from '../../src/context.js';
import { ADMIN_ENV } from './admin.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { addToCart } from './commerce.js';
import { type MadeCustomer, makeCustomer, withSession } from './customer-factories.js';
import { makeItem } from './factories.js';
import type { FakeClock } from './fake-clock.js';
import { type StripeServer, startStripeServer } from './stripe-server.js';

/** A shop with PAYMENT_PROVIDER=stripe, its SDK pointed at a Stripe-protocol server in this process. */
export async function stripeShop(env: Record<string, string> = {}) {
  let clock: FakeClock | undefined;
  // The server judges `expires_at` by the shop's clock, as Stripe would by real time.
  const stripe = await startStripeServer({ now: () => clock?.now() ?? new Date() });
  const t = await buildTestApp({ env: { ...ADMIN_ENV, ...stripe.env, ...env } });
  clock = t.clock;
  return {
    t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** POST /api/payments/stripe/webhook with a body signed as Stripe signs it (or as told). */
export function postEvent(
  app: App,
  stripe: StripeServer,
  payload: object | string,
  options: { secret?: string; at?: Date; signature?: string | null } = {},
) {
  const { body, header } = stripe.signed(payload, options);
  const signature = options.signature === undefined ? header : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: body,
  });
}

/** A buyer who checked out `count` fresh items with Stripe: the order waits on its session. */
export async function checkoutWithStripe(
  t: TestApp,
  stripe: StripeServer,
  options: { count?: number; buyer?: MadeCustomer; body?: object; priceCents?: number } = {},
) {
  const buyer = options.buyer ?? (await makeCustomer(t));
  const items = [];
  for (let i = 0; i < (options.count ?? 1); i++) {
    const item = await makeItem(t.db, { images: 1, priceCents: options.priceCents ?? 4200 });
    expect((await addToCart(t, buyer.cookie, item.id)).statusCode).toBe(200);
    items.push(item);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    ...withSession(buyer.cookie),
    ...(options.body ? { payload: options.body } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json().order;
  const session = [...stripe.sessions.values()].find(
    (s) => s.client_reference_id === String(order.id),
  )!;
  return { buyer, items, order, session, paymentUrl: res.json().payment_url as string };
}

/** The order as its buyer reads it now. */
export async function buyersOrder(t: TestApp, buyer: MadeCustomer, orderId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/customers/me/orders/${orderId}`,
    ...withSession(buyer.cookie),
  });
  return res.json();
}
