import type { AppContext } from '../../context.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { conflict, notFound } from '../../http/errors.js';
import { itemsRepository } from '../storefront/items.repository.js';
import { itemRowToItem } from '../storefront/storefront.service.js';
import { cartRepository } from './cart.repository.js';
import type { CartResponse } from './commerce.schemas.js';
import type { Sale, SaleAnnouncer } from './sales.js';

const MINUTE_MS = 60_000;

export type CartContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'payments'>;

/**
 * The signed-in customer's cart (contract: Cart). An item is held by at most one
 * customer and sold once (spec 1); the whole cart shares one deadline, which
 * every add moves to a full hold window from now (docs/decisions.md, Commerce).
 */
export function cartService(ctx: CartContext, sales: SaleAnnouncer) {
  const carts = cartRepository(ctx.db);
  const items = itemsRepository(ctx.db);
  const holdMs = ctx.config.cartHoldMinutes * MINUTE_MS;

  async function view(customer: SignedInCustomer): Promise<CartResponse> {
    const held = await items.heldBy(customer.id, ctx.clock.now());
    const deadlines = held.map((hold) => hold.reserved_until.getTime());
    return {
      items: held.map(itemRowToItem),
      reserved_until: deadlines.length > 0 ? new Date(Math.min(...deadlines)) : null,
    };
  }

  /** Why a reservation matched nothing: hidden items are 404 as on the storefront, others 409. */
  async function refuseReservation(itemId: number): Promise<never> {
    const status = await items.statusOf(itemId);
    if (status === undefined || status === 'pending') throw notFound('No such item.');
    throw conflict(
      'item_unavailable',
      status === 'sold'
        ? 'This item has been sold.'
        : 'This item is in another customer’s cart right now.',
    );
  }

  return {
    view,

    /** available → reserved for this customer; two customers racing for one item cannot both win. */
    async add(customer: SignedInCustomer, itemId: number): Promise<CartResponse> {
      const now = ctx.clock.now();
      const until = new Date(now.getTime() + holdMs);
      const reserved = await ctx.db.transaction().execute(async (trx) => {
        const cart = cartRepository(trx);
        if (!(await cart.reserve(customer.id, itemId, now, until))) return false;
        await cart.extendHolds(customer.id, now, until);
        return true;
      });
      if (!reserved) await refuseReservation(itemId);
      return view(customer);
    },

    /** Releases the caller's own hold to available; anything else is left alone (idempotent). */
    async remove(customer: SignedInCustomer, itemId: number): Promise<void> {
      await carts.release(customer.id, itemId, ctx.clock.now());
    },

    /**
     * Every live hold of the caller → sold, in one transaction with the payment
     * step before the commit; a payment refusal rolls everything back. The sale
     * is announced after the commit (spec 6 favorite-sold rules 1 and 4).
     */
    async checkout(customer: SignedInCustomer): Promise<Sale> {
      const now = ctx.clock.now();
      const soldItemIds = await ctx.db.transaction().execute(async (trx) => {
        const sold = await cartRepository(trx).sellHeld(customer.id, now);
        if (sold.length === 0) {
          throw conflict('cart_empty', 'Your cart is empty, or its hold has run out.');
        }
        await ctx.payments.capture({
          buyerId: customer.id,
          items: sold,
          totalCents: sold.reduce((sum, item) => sum + item.price_cents, 0),
        });
        return sold.map((item) => item.id).sort((a, b) => a - b);
      });
      const sale = { soldItemIds, buyerId: customer.id };
      await sales.announce(sale);
      return sale;
    },
  };
}

export type CartService = ReturnType<typeof cartService>;
