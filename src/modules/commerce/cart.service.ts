import type { FastifyBaseLogger } from 'fastify';
import type { ShopLanguage } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { PostalAddress } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors.js';
import { mediaUrlFor } from '../../media/storage.js';
import type { CheckoutOutcome } from '../../observability/metrics.js';
import { customersRepository } from '../accounts/customers.repository.js';
import { addressesRepository } from '../orders/addresses.repository.js';
import { countryCodeOf, isCountryCode } from '../orders/countries.js';
import type { CheckoutBody, Order } from '../orders/orders.schemas.js';
import { normaliseAddress, ordersService } from '../orders/orders.service.js';
import type { Quote, QuoteBody } from '../shipping/shipping.schemas.js';
import { shippingService } from '../shipping/shipping.service.js';
import { type AcceptedLegal, acceptedLegal } from '../shop/checkout-terms.js';
import { itemsRepository } from '../storefront/items.repository.js';
import { itemRowToItem } from '../storefront/storefront.service.js';
import { taxOf } from '../tax/tax.js';
import { type ClaimedItem, cartRepository } from './cart.repository.js';
import type { CartResponse } from './commerce.schemas.js';
import { hostedCheckout } from './hosted-checkout.js';
import { type CapturedPayment, isPaymentDeclined } from './payments.js';
import type { Sale, SaleAnnouncer } from './sales.js';

const MINUTE_MS = 60_000;

/**
 * How long a checkout's claim keeps its items while the payment is taken. A
 * provider answers long before; the bound only matters when a process dies
 * mid-payment, and then the items return to their hold (and its deadline).
 */
export const CHECKOUT_CLAIM_MS = 5 * MINUTE_MS;

/** Attempts at voiding a capture whose sale could not be recorded. */
const VOID_ATTEMPTS = 3;

export type CartContext = Pick<
  AppContext,
  | 'db'
  | 'clock'
  | 'config'
  | 'payments'
  | 'random'
  | 'outbox'
  | 'metrics'
  | 'webhookEvents'
  | 'shop'
>;

/** Where the order goes (null: picked up at the shop) and the buyer's note. */
interface Destination extends AcceptedLegal {
  shippingAddress: PostalAddress | null;
  note: string | null;
}

/** A disabled customer is not signed in (spec 5), also when the disable lands mid-request. */
const notSignedIn = () => unauthorized();

/**
 * The signed-in customer's cart (contract: Cart). An item is held by at most one
 * customer and sold once (spec 1). The cart has one deadline, set when the first
 * item goes into an empty cart; later adds join it and never move it, and a hold
 * ends at its deadline whatever the customer does (docs/decisions.md, Commerce).
 */
export function cartService(ctx: CartContext, sales: SaleAnnouncer, log: FastifyBaseLogger) {
  const carts = cartRepository(ctx.db);
  const items = itemsRepository(ctx.db);
  const orders = ordersService(ctx);
  const shipping = shippingService(ctx);
  const holdMs = ctx.config.cartHoldMinutes * MINUTE_MS;
  const mediaUrl = mediaUrlFor(ctx.config);

  async function view(customer: SignedInCustomer): Promise<CartResponse> {
    const [holds, heldPrices, settling] = await Promise.all([
      items.heldBy(customer.id, ctx.clock.now()),
      carts.heldPricesOf(customer.id),
      carts.settlingFor(customer.id),
    ]);
    const held = holds.filter((row) => !settling.has(row.id));
    const deadlines = held.map((hold) => hold.reserved_until.getTime());
    return {
      // The price shown is the price held: what checkout charges (issue 18).
      items: held.map((row) =>
        itemRowToItem({ ...row, price_cents: heldPrices.get(row.id) ?? row.price_cents }, mediaUrl),
      ),
      reserved_until: deadlines.length > 0 ? new Date(Math.min(...deadlines)) : null,
    };
  }

  /** Why a reservation matched nothing: hidden items are 404 as on the storefront, others 409. */
  async function refuseReservation(customerId: number, itemId: number, now: Date): Promise<never> {
    const status = await items.statusOf(itemId);
    if (status === undefined || status === 'pending') throw notFound('No such item.');
    if (status === 'sold') throw conflict('item_unavailable', 'This item has been sold.');
    if (await carts.isHeld(itemId, now)) {
      throw conflict('item_unavailable', 'This item is in another customer’s cart right now.');
    }
    // Available, or its hold ended: what refused it is the caller's own cool-down,
    // which ends one hold window after their hold did (issue 30 item 5: say when).
    const endedAt = await carts.ownHoldEndedAt(customerId, itemId, now);
    const again = endedAt ? new Date(endedAt.getTime() + holdMs) : null;
    throw conflict(
      'item_unavailable',
      again
        ? `Your hold on this item ended; you can hold it again from ${again.toISOString()}, once a hold window has passed.`
        : 'Your hold on this item ended; you can hold it again once a hold window has passed.',
      undefined,
      again ? { available_again_at: again.toISOString() } : undefined,
    );
  }

  /** Undoes a capture whose sale was not recorded; a void that keeps failing is logged for a person. */
  async function voidPayment(key: string): Promise<void> {
    for (let attempt = 1; attempt <= VOID_ATTEMPTS; attempt++) {
      try {
        await ctx.payments.void(key);
        ctx.metrics.refunds.inc({ outcome: 'refunded' });
        return;
      } catch (error) {
        if (attempt === VOID_ATTEMPTS) {
          ctx.metrics.refunds.inc({ outcome: 'failed' });
          log.error(
            { err: error, checkout: key },
            'payment could not be voided: refund it by hand',
          );
        }
      }
    }
  }

  /** Lock order (docs/decisions.md): the customer row first; a disabled customer gets nothing. */
  async function lockEnabledCustomer(trx: Parameters<typeof customersRepository>[0], id: number) {
    const row = await customersRepository(trx).lockById(id);
    if (!row || row.disabled_at) throw notSignedIn();
    return row;
  }

  async function savedAddress(customerId: number, addressId: number) {
    const saved = await addressesRepository(ctx.db).get(customerId, addressId);
    if (!saved) throw badRequest('unknown_address', 'No such saved address.', 'address_id');
    // Saved before countries were checked (issue 30 item 7): chosen again in the account.
    if (!isCountryCode(saved.country))
      throw badRequest(
        'invalid_country',
        `This saved address has no valid country ("${saved.country}"): edit it in your account and choose its country.`,
        'address_id',
      );
    return saved;
  }

  /** The checkout body: a new address, a saved one (`address_id`), or neither for pickup. */
  async function destinationOf(
    customerId: number,
    body: CheckoutBody,
    language: ShopLanguage,
  ): Promise<Destination> {
    const note = body.note?.trim() || null;
    // First: a refusal for the terms leaves the cart exactly as it was (issue 33 item 3).
    // The versions recorded are those in the language the buyer was shown.
    const legal = await acceptedLegal(ctx.db, ctx.config.paymentProvider, body, {
      language,
      shopLanguage: ctx.config.shopLanguage,
    });
    if (body.address_id !== undefined && body.shipping_address !== undefined) {
      throw badRequest(
        'invalid_body',
        'Give either shipping_address or address_id, not both.',
        'address_id',
      );
    }
    if (body.address_id !== undefined) {
      const { id: _id, ...address } = await savedAddress(customerId, body.address_id);
      return { shippingAddress: address, note, ...legal };
    }
    return {
      shippingAddress: body.shipping_address
        ? normaliseAddress(body.shipping_address, 'shipping_address/country')
        : null,
      note,
      ...legal,
    };
  }

  /**
   * Checkout, first short transaction: claims every live hold of the caller for
   * this checkout. Nothing held (or only ended holds) is 409 cart_empty.
   */
  async function claim(customer: SignedInCustomer, key: string): Promise<ClaimedItem[]> {
    const now = ctx.clock.now();
    const claimed = await inTransaction(ctx.db, async (trx) => {
      await lockEnabledCustomer(trx, customer.id);
      return cartRepository(trx).claimForCheckout(
        customer.id,
        key,
        now,
        new Date(now.getTime() + CHECKOUT_CLAIM_MS),
      );
    });
    if (claimed.length === 0) {
      throw conflict('cart_empty', 'Your cart is empty, or its hold has run out.');
    }
    return claimed;
  }

  /**
   * Checkout, last short transaction: the claimed items become sold, all or
   * none. A disable or an admin sale that won an item during the payment makes
   * it fail, and the caller voids the payment.
   */
  function record(
    customer: SignedInCustomer,
    key: string,
    claimed: ClaimedItem[],
    payment: CapturedPayment,
    destination: Destination,
    shippingCents: number,
  ) {
    return inTransaction(ctx.db, async (trx) => {
      const buyer = await lockEnabledCustomer(trx, customer.id);
      const sold = await cartRepository(trx).recordSale(customer.id, key, ctx.clock.now());
      if (sold.length !== claimed.length) {
        throw conflict(
          'item_unavailable',
          'An item of your cart was taken while the payment was made; nothing was charged.',
        );
      }
      // The favorite-sold job exists iff this sale commits (spec 6 rule 1).
      const soldItemIds = [...sold].sort((a, b) => a - b);
      await sales.record(trx, { soldItemIds, buyerId: customer.id });
      // The order is written with the sale: one exists iff the other does (issue 18).
      const order = await orders.placeIn(trx, {
        customerId: customer.id,
        buyerName: [buyer.first_name, buyer.last_name].filter(Boolean).join(' ') || buyer.email,
        buyerEmail: buyer.email,
        ...destination,
        paymentReference: payment.reference,
        paymentProvider: ctx.config.paymentProvider,
        checkoutKey: key,
        lines: claimed,
        shippingCents,
        paid: payment.paid !== false,
      });
      return { soldItemIds, order };
    });
  }

  const hosted = ctx.payments.hosted
    ? hostedCheckout(ctx, ctx.payments.hosted, lockEnabledCustomer, log)
    : null;

  return {
    view,

    /**
     * What checkout would charge for the cart as it is, sent to this address (only its
     * country counts), a saved one, or picked up: 409 no_shipping_to_country where the
     * shop does not ship (issue 34 item 2). Nothing is written.
     */
    async quote(customer: SignedInCustomer, body: QuoteBody = {}): Promise<Quote> {
      if (body.address_id !== undefined && body.shipping_address !== undefined) {
        throw badRequest(
          'invalid_body',
          'Give either shipping_address or address_id, not both.',
          'address_id',
        );
      }
      const country =
        body.address_id !== undefined
          ? (await savedAddress(customer.id, body.address_id)).country
          : body.shipping_address
            ? countryCodeOf(body.shipping_address.country, 'shipping_address/country')
            : null;
      const cart = await view(customer);
      const itemsCents = cart.items.reduce((sum, item) => sum + item.price_cents, 0);
      const shippingCents = await shipping.quoteFor(country, cart.items);
      // Prices include VAT: the tax is what items and shipping contain, reckoned as
      // checkout reckons it (ordersService.placeIn), never added to the total.
      const tax = taxOf(
        (await ctx.shop.current()).tax,
        country,
        cart.items.map((item) => item.price_cents),
        shippingCents,
      );
      return {
        items_cents: itemsCents,
        shipping_cents: shippingCents,
        tax_cents: tax.taxCents,
        total_cents: itemsCents + shippingCents,
        tax: { mode: tax.mode, rate_bp: tax.rateBp, wording: tax.wording },
        lines: cart.items.map((item) => ({
          item_id: item.id,
          title: item.title,
          price_cents: item.price_cents,
          weight_grams: item.weight_grams,
        })),
      };
    },

    /**
     * available → reserved for this customer; two customers racing for one item
     * cannot both win. The item joins the cart's deadline, or starts it when the
     * cart is empty. The customer row is locked and read first, so a disable that
     * commits meanwhile wins: no hold is left for a disabled account (spec 3).
     */
    async add(customer: SignedInCustomer, itemId: number): Promise<CartResponse> {
      const now = ctx.clock.now();
      const reserved = await inTransaction(ctx.db, async (trx) => {
        await lockEnabledCustomer(trx, customer.id);
        const cart = cartRepository(trx);
        // A repeated add (a double click) is accepted and changes nothing.
        if (await cart.holdsLive(customer.id, itemId, now)) return 'held already';
        const deadline =
          (await cart.deadlineOf(customer.id, now)) ?? new Date(now.getTime() + holdMs);
        const held = await cart.reserve(
          customer.id,
          itemId,
          now,
          deadline,
          new Date(now.getTime() - holdMs),
        );
        if (held) await ctx.webhookEvents.items(trx, 'item.reserved', [itemId]);
        return held;
      });
      if (!reserved) await refuseReservation(customer.id, itemId, now);
      if (reserved === true) ctx.metrics.holdsStarted.inc();
      return view(customer);
    },

    /** Releases the caller's own hold to available; anything else is left alone (idempotent). */
    async remove(customer: SignedInCustomer, itemId: number): Promise<void> {
      const released = await inTransaction(ctx.db, async (trx) => {
        const done = await cartRepository(trx).release(customer.id, itemId, ctx.clock.now());
        if (done) await ctx.webhookEvents.items(trx, 'item.released', [itemId]);
        return done;
      });
      if (released) ctx.metrics.holdsEnded.inc({ reason: 'released' });
    },

    /**
     * Claim → pay → record: no transaction waits on the payment provider. Every
     * live hold of the caller is claimed in a short transaction; the payment is
     * captured with no transaction open; a second short transaction records the
     * sale. A refused payment releases the claim (the cart is held as before); a
     * sale that cannot be recorded after the capture voids the payment through
     * the provider and releases the claim. The sale is announced after the
     * commit (spec 6 favorite-sold rules 1 and 4).
     */
    async checkout(
      customer: SignedInCustomer,
      body?: CheckoutBody,
      /** The language the checkout was shown in: the terms it recorded are in it. */
      language?: ShopLanguage,
    ): Promise<{ sale: Sale; order: Order; paymentUrl?: string }> {
      try {
        const done = await checkout(customer, body, language);
        ctx.metrics.checkouts.inc({
          outcome: done.order.state === 'placed' ? 'placed' : 'completed',
        });
        ctx.metrics.holdsEnded.inc({ reason: 'checked_out' }, done.sale.soldItemIds.length);
        return done;
      } catch (error) {
        ctx.metrics.checkouts.inc({ outcome: checkoutOutcomeOf(error) });
        throw error;
      }
    },
  };

  async function checkout(
    customer: SignedInCustomer,
    body?: CheckoutBody,
    language: ShopLanguage = customer.language ?? ctx.config.shopLanguage,
  ): Promise<{ sale: Sale; order: Order; paymentUrl?: string }> {
    const destination = await destinationOf(customer.id, body ?? {}, language);
    const country = destination.shippingAddress?.country ?? null;
    // A country the shop does not ship to is refused before anything held changes.
    await shipping.chargeFor(ctx.db, country, []);
    if (hosted) {
      // Paid on the provider's page: nothing is sold until its payment arrives.
      const { order, paymentUrl } = await hosted(customer, destination);
      return { sale: { soldItemIds: [], buyerId: customer.id }, order, paymentUrl };
    }
    // One key per checkout: the claim's mark on the items and the provider's idempotency key.
    const key = ctx.random(16).toString('hex');
    const claimed = await claim(customer, key);
    let shippingCents: number;
    try {
      shippingCents = await shipping.chargeFor(ctx.db, country, claimed);
    } catch (error) {
      // The rates changed since the check above: the cart is held as it was.
      await carts.releaseClaim(key);
      throw error;
    }
    const order = {
      buyerId: customer.id,
      items: claimed,
      totalCents: claimed.reduce((sum, item) => sum + item.price_cents, 0) + shippingCents,
    };
    let payment: CapturedPayment;
    try {
      payment = await ctx.payments.capture(key, order);
      ctx.metrics.payments.inc({ outcome: payment.paid === false ? 'pending' : 'captured' });
    } catch (error) {
      ctx.metrics.payments.inc({ outcome: isPaymentDeclined(error) ? 'declined' : 'error' });
      // A refusal took nothing; any other failure may have taken the money.
      if (!isPaymentDeclined(error)) await voidPayment(key);
      await carts.releaseClaim(key);
      throw error;
    }
    let recorded: { soldItemIds: number[]; order: Order };
    try {
      recorded = await record(customer, key, claimed, payment, destination, shippingCents);
    } catch (error) {
      await voidPayment(key);
      await carts
        .releaseClaim(key)
        .catch((releaseError: unknown) =>
          log.error({ err: releaseError, checkout: key }, 'checkout claim not released'),
        );
      throw error;
    }
    const sale = { soldItemIds: recorded.soldItemIds, buyerId: customer.id };
    await sales.announce(sale);
    return { sale, order: recorded.order };
  }
}

/** What a failed checkout counts as (shop_checkouts_total{outcome}). */
function checkoutOutcomeOf(error: unknown): CheckoutOutcome {
  if (isPaymentDeclined(error)) return 'declined';
  const code = (error as { code?: unknown }).code;
  return code === 'cart_empty' || code === 'item_unavailable' ? code : 'error';
}

export type CartService = ReturnType<typeof cartService>;
