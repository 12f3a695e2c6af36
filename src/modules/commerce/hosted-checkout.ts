import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { PostalAddress } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { conflict } from '../../http/errors.js';
import type { customersRepository } from '../accounts/customers.repository.js';
import { shopReason } from '../orders/cancel-reasons.js';
import { hostedOrdersRepository } from '../orders/hosted-orders.repository.js';
import { type OrderRow, ordersRepository } from '../orders/orders.repository.js';
import type { Order } from '../orders/orders.schemas.js';
import { ordersService } from '../orders/orders.service.js';
import { paymentOutcome } from '../orders/payment-outcomes.js';
import { shippingService } from '../shipping/shipping.service.js';
import type { AcceptedLegal } from '../shop/checkout-terms.js';
import { itemsRepository } from '../storefront/items.repository.js';
import { cartRepository } from './cart.repository.js';
import type { CartContext } from './cart.service.js';
import { type HostedCheckout, paymentUnavailable } from './payments.js';

const MINUTE_MS = 60_000;

/**
 * How long the payment page takes payment: Stripe's minimum for `expires_at` is 30
 * minutes from when it receives the request, and a minute covers the request's way.
 */
export const PAYMENT_PAGE_MS = 31 * MINUTE_MS;
/** Stripe's maximum for `expires_at`, less the same minute. */
const PAYMENT_PAGE_MAX_MS = 24 * 60 * MINUTE_MS - MINUTE_MS;
/**
 * The claim outlasts the page by this much, so a payment made in its last second whose
 * event arrives late still finds its items held (docs/decisions.md, Payments).
 */
export const LATE_EVENT_MARGIN_MS = 15 * MINUTE_MS;
/** A page with less left than this is not offered again; the buyer gets a fresh one. */
const REUSE_MIN_LEFT_MS = 5 * MINUTE_MS;

interface Destination extends AcceptedLegal {
  shippingAddress: PostalAddress | null;
  note: string | null;
}

type LockEnabledCustomer = (
  trx: Parameters<typeof customersRepository>[0],
  id: number,
) => Promise<SignedInCustomer>;

const sameDestination = (row: OrderRow, destination: Destination) =>
  JSON.stringify(row.shipping_address ?? null) ===
    JSON.stringify(destination.shippingAddress ?? null) && row.note === destination.note;

/**
 * Checkout with a hosted payment page (PAYMENT_PROVIDER=stripe, issue 32): in one short
 * transaction the order is placed with its lines at the held prices and the buyer's
 * holds are claimed for it and extended to cover the page; then, with no transaction
 * open, the page (a Checkout Session) is opened. Nothing is sold until its payment
 * arrives as a signed event (payments/stripe).
 */
export function hostedCheckout(
  ctx: CartContext,
  hosted: HostedCheckout,
  lockEnabledCustomer: LockEnabledCustomer,
  log: FastifyBaseLogger,
) {
  const orders = ordersService(ctx);
  const shipping = shippingService(ctx);

  /**
   * A page the buyer left without paying (back from `cancel_url`) is offered again when
   * it sells exactly what the cart holds, to the same place; otherwise it is expired at
   * Stripe and its order withdrawn, the items staying in the cart. Expiring first means
   * nothing can be paid on a withdrawn page; one paid meanwhile is 409.
   */
  async function previousPage(
    customer: SignedInCustomer,
    destination: Destination,
  ): Promise<Order | null> {
    const open = await hostedOrdersRepository(ctx.db).openHostedOf(customer.id);
    if (open.length === 0) return null;
    const now = ctx.clock.now();
    const held = (await itemsRepository(ctx.db).heldBy(customer.id, now)).map((item) => item.id);
    for (const row of open) {
      const lines = await ordersRepository(ctx.db).linesOf([row.id]);
      const sells = lines.map((line) => line.item_id).sort((a, b) => (a ?? 0) - (b ?? 0));
      const same =
        row.payment_url !== null &&
        row.payment_expires_at !== null &&
        row.payment_expires_at.getTime() - now.getTime() > REUSE_MIN_LEFT_MS &&
        sells.join() === held.join() &&
        sameDestination(row, destination);
      if (same) return (await orders.load(ctx.db, row.id))!;
      if (row.payment_url) {
        const session = await hosted.expire(row.payment_reference);
        if (session.status === 'complete')
          throw conflict(
            'payment_in_progress',
            `Your payment for order ${row.number} has just been made; it is being confirmed.`,
          );
      }
      await inTransaction(ctx.db, (trx) =>
        orders.cancelWithin(trx, row.id, shopReason('replaced'), {
          mail: false,
          keepInCart: { deadline: null },
        }),
      );
    }
    return null;
  }

  /** The order placed and its items claimed for the page, in one short transaction. */
  function place(
    customer: SignedInCustomer,
    destination: Destination,
    key: string,
  ): Promise<{ order: Order; cartDeadline: Date }> {
    const now = ctx.clock.now();
    return inTransaction(ctx.db, async (trx: Db) => {
      const buyer = await lockEnabledCustomer(trx, customer.id);
      const cart = cartRepository(trx);
      const cartDeadline = await cart.deadlineOf(customer.id, now);
      // The page stops taking payment no earlier than Stripe allows and no earlier than
      // the cart's own deadline; the holds last until then (contract: expires_at ≤ holds).
      const pageEnds = new Date(
        Math.min(
          Math.max(now.getTime() + PAYMENT_PAGE_MS, cartDeadline?.getTime() ?? 0),
          now.getTime() + PAYMENT_PAGE_MAX_MS,
        ),
      );
      const claimed = cartDeadline
        ? await cart.claimForCheckout(
            customer.id,
            key,
            now,
            new Date(pageEnds.getTime() + LATE_EVENT_MARGIN_MS),
            pageEnds,
          )
        : [];
      if (claimed.length === 0)
        throw conflict('cart_empty', 'Your cart is empty, or its hold has run out.');
      // Read in this transaction: a refusal rolls the claim back with it.
      const shippingCents = await shipping.chargeFor(
        trx,
        destination.shippingAddress?.country ?? null,
        claimed,
      );
      const order = await orders.placeIn(trx, {
        customerId: customer.id,
        buyerName: [buyer.first_name, buyer.last_name].filter(Boolean).join(' ') || buyer.email,
        buyerEmail: buyer.email,
        ...destination,
        paymentReference: `stripe-${key}`,
        paymentProvider: 'stripe',
        paymentExpiresAt: pageEnds,
        checkoutKey: key,
        lines: claimed,
        shippingCents,
        paid: false,
      });
      return { order, cartDeadline: cartDeadline! };
    });
  }

  return async function checkout(
    customer: SignedInCustomer,
    destination: Destination,
  ): Promise<{ order: Order; paymentUrl: string }> {
    const again = await previousPage(customer, destination);
    if (again?.payment.payment_url) return { order: again, paymentUrl: again.payment.payment_url };
    const key = ctx.random(16).toString('hex');
    const { order, cartDeadline } = await place(customer, destination, key);
    const base = ctx.config.publicBaseUrl;
    let page: { id: string; url: string };
    try {
      page = await hosted.open({
        id: order.id,
        number: order.number,
        checkoutKey: key,
        currency: order.currency,
        buyerEmail: order.buyer.email,
        lines: order.lines.map((line) => ({ title: line.title, price_cents: line.price_cents })),
        shippingCents: order.shipping_cents,
        expiresAt: new Date(order.payment.payment_expires_at!),
        successUrl: new URL(`/account/orders/${order.id}?payment=done`, base).href,
        cancelUrl: new URL('/cart?payment=cancelled', base).href,
      });
    } catch (error) {
      // No page: the order is withdrawn and the cart is held as it was before.
      log.error({ err: error, order: { id: order.id } }, 'payment page not opened');
      await inTransaction(ctx.db, (trx) =>
        orders.cancelWithin(trx, order.id, shopReason('page_not_opened'), {
          mail: false,
          keepInCart: { deadline: cartDeadline },
        }),
      );
      throw paymentUnavailable();
    }
    await hostedOrdersRepository(ctx.db).attachPaymentPage(
      order.id,
      { reference: page.id, url: page.url },
      ctx.clock.now(),
    );
    paymentOutcome({ log, metrics: ctx.metrics }, 'page_opened', { order_id: order.id });
    return { order: (await orders.load(ctx.db, order.id))!, paymentUrl: page.url };
  };
}
