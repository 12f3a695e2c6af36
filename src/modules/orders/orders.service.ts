import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { PaymentProviderName, PostalAddress } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../http/errors.js';
import { enqueue } from '../../jobs/job-queue.js';
import { customersRepository } from '../accounts/customers.repository.js';
import { documentsOf } from '../invoices/documents-of.js';
import { storedTaxOf } from '../invoices/invoice-snapshot.js';
import { invoicesService } from '../invoices/invoices.service.js';
import { acceptedPagesOf } from '../shop/accepted-pages.js';
import { ownerNotices, type PaymentProblem } from '../shop/owner-notices.service.js';
import { taxOf } from '../tax/tax.js';
import { orderEventData } from '../webhooks/webhook-events.js';
import type { OrderEventType } from '../webhooks/webhook-payloads.js';
import { type CancelReason, notPaidBy, ownerReason } from './cancel-reasons.js';
import { countryCodeOf } from './countries.js';
import { hostedOrdersRepository } from './hosted-orders.repository.js';
import { orderMail } from './order-mail-text.js';
import { orderRefundsRepository, requestRefundIn } from './order-refunds.js';
import { orderReturnsRepository } from './order-returns.repository.js';
import { orderRowToOrder, ordersWithLines } from './order-shape.js';
import {
  allows,
  type NewOrder,
  type OrderRow,
  ordersRepository,
  type Transition,
} from './orders.repository.js';
import type { Order } from './orders.schemas.js';
import { dueDateOf, lastDayToPay } from './shop-days.js';

const DAY_MS = 24 * 60 * 60_000;
const CUSTOMER_LIST_LIMIT = 500;

/** The job a cancellation leaves behind: gives the payment back through the provider, once. */
export const ORDER_VOID_JOB = 'orders.void-payment';

export type OrdersContext = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'outbox' | 'webhookEvents' | 'shop'
>;

const VERBS: Record<Transition, string> = {
  'mark-paid': 'marked paid',
  ship: 'shipped',
  deliver: 'marked delivered',
  cancel: 'cancelled',
};

/** Why a transition does not fit the order, in words that point the admin the right way. */
function refusal(row: OrderRow, transition: Transition): string {
  const pickup = row.shipping_address === null;
  if (pickup && transition === 'ship' && allows('deliver', 'pickup', row.state))
    return `Order ${row.number} is collected at the shop, not shipped: mark it handed over instead.`;
  if (pickup && transition === 'ship')
    return `Order ${row.number} is collected at the shop; it is never shipped.`;
  if (pickup && transition === 'deliver')
    return `Order ${row.number} is ${row.state}; it can be handed over once paid.`;
  return `Order ${row.number} is ${row.state}; it cannot be ${VERBS[transition]}.`;
}

/** What the checkout knows when it records the sale (the tax is reckoned here, from the settings). */
export type PlaceOrder = Omit<
  NewOrder,
  'state' | 'currency' | 'paymentDueAt' | 'taxCents' | 'taxBreakdown'
> & { paid: boolean };

/** How a cancellation treats the buyer and the payment. */
export interface CancelOptions {
  /** Tell the buyer (default); not when they withdrew it themselves or never paid on the page. */
  mail?: boolean;
  /** A payment that arrived for the order anyway (a late hosted payment): refund it in full. */
  refundPayment?: string | null;
  /** Its held items stay in the buyer's cart (until this deadline, or as they are) instead of going back on sale. */
  keepInCart?: { deadline: Date | null };
  /** Ended by its payment (failed, ran out, came too late): the owner is told why. */
  paymentProblem?: PaymentProblem;
}

/** Providers whose money a cancelled paid order gives back through a refund (accept took none). */
const REFUNDED_PROVIDERS: readonly PaymentProviderName[] = ['manual', 'stripe'];

/**
 * Orders (issue 18): placed → paid → shipped → delivered, cancelled from placed
 * or paid. Each change is one guarded UPDATE in a short transaction with what
 * belongs to it (items back on sale, the void job, the buyer's mail in the
 * outbox), so the mail and the void exist iff the change committed.
 */
export function ordersService(ctx: OrdersContext) {
  const notices = ownerNotices(ctx);
  const invoices = invoicesService(ctx);
  // The shop's settings as they are now (the admin edits them): read where they are used.
  async function load(db: Db, id: number): Promise<Order | undefined> {
    const orders = ordersRepository(db);
    const row = await orders.byId(id);
    if (!row) return undefined;
    const [lines, refunds, returns, shop, documents] = await Promise.all([
      orders.linesOf([row.id]),
      orderRefundsRepository(db).ofOrders([row.id]),
      orderReturnsRepository(db).ofOrders([row.id]),
      ctx.shop.current(db),
      documentsOf(db, [row.id]),
    ]);
    return orderRowToOrder(row, lines, shop, refunds, returns, documents);
  }

  /**
   * Queues a mail to the buyer in the caller's transaction; an anonymised order gets
   * none. `invoiceId`: the invoice goes with it as a PDF, drawn when the mail is sent.
   */
  async function queueMail(
    trx: Db,
    kind: Parameters<typeof orderMail>[0],
    order: Order,
    invoiceId: number | null = null,
  ) {
    if (!order.buyer.email) return;
    const shop = await ctx.shop.current(trx);
    const pages = kind === 'confirmation' ? await acceptedPagesOf(trx, order) : null;
    const accepted = [pages?.terms, pages?.withdrawal].filter((page) => page != null);
    // The buyer's own language, else the shop's (issue 37); a guest order has the shop's.
    const chosen =
      order.customer_id === null
        ? null
        : await customersRepository(trx).languageOf(order.customer_id);
    const mail = orderMail(kind, order, {
      publicBaseUrl: ctx.config.publicBaseUrl,
      shop,
      language: chosen ?? ctx.config.shopLanguage,
      accepted,
      returnAddress: shop.address,
    });
    await ctx.outbox.queue(
      trx,
      { ...mail, to: order.buyer.email },
      { customerId: order.customer_id, invoiceId },
    );
  }

  /** The order's webhook event, in the transaction of its change (contract, third round). */
  const announce = (trx: Db, type: OrderEventType, order: Order) =>
    ctx.webhookEvents.record(trx, type, orderEventData(order));

  /** Why a guarded transition matched nothing: 404 for no such order, else 409 naming its state. */
  async function refuse(db: Db, id: number, transition: Transition): Promise<never> {
    const row = await ordersRepository(db).byId(id);
    if (!row) throw notFound('No such order.');
    throw conflict('invalid_transition', refusal(row, transition));
  }

  async function cancelIn(
    trx: Db,
    id: number,
    reason: CancelReason,
    now: Date,
    options: CancelOptions = {},
  ): Promise<Order> {
    const orders = ordersRepository(trx);
    const row = await orders.transition(id, 'cancel', now, {
      cancel_reason: reason.text,
      cancel_reason_code: reason.code,
      cancel_reason_day: reason.day ?? null,
    });
    if (!row) return refuse(trx, id, 'cancel');
    // One transaction: the order is cancelled iff its items are back on sale: sold
    // ones, and those still held for a hosted payment (or back in the buyer's cart).
    const returned = await orders.returnItems(row.id, row.customer_id, now);
    const hosted = hostedOrdersRepository(trx);
    if (options.keepInCart)
      await hosted.returnItemsToCart(row.checkout_key, options.keepInCart.deadline);
    else returned.push(...(await hosted.releaseItemsHeldFor(row.checkout_key, now)));
    const paidFor = options.refundPayment ?? (row.paid_at ? row.payment_intent_id : null);
    // What goes back with this cancel: the total, less what earlier refunds gave back.
    const returns = orderReturnsRepository(trx);
    const before = await returns.refundedSoFar(row.id);
    const givenBack = row.total_cents - before.amount;
    if (
      options.refundPayment ||
      (row.paid_at && REFUNDED_PROVIDERS.includes(row.payment_provider))
    ) {
      // Money came in: what was not paid back yet goes back, once (the key is the
      // order's own), with the lines and shipping not refunded before (issue 34).
      const amount = givenBack;
      if (amount > 0) {
        const refundId = await requestRefundIn(
          trx,
          row,
          {
            amount_cents: amount,
            reason: reason.text,
            idempotency_key: `refund-${row.checkout_key}`,
          },
          now,
          paidFor,
          before.shipping ? 0 : row.shipping_cents,
        );
        const refunded = new Set(
          (await returns.ofOrders([row.id])).refundLines.map((l) => l.order_line_id),
        );
        const lines = (await orders.linesOf([row.id])).filter((line) => !refunded.has(line.id));
        if (refundId !== null)
          await returns.insertRefundLines(
            refundId,
            lines.map((line) => ({ id: line.id, amount_cents: line.price_cents })),
          );
      }
    } else {
      // The keyed job exists iff this cancel committed: the payment is voided once.
      await enqueue(trx, ORDER_VOID_JOB, { order_id: row.id }, { now, key: `order-${row.id}` });
    }
    // An invoiced order cancelled: a credit note offsets what its invoice still stands for.
    if (row.paid_at !== null) await invoices.creditRemainderIn(trx, row.id);
    const order = (await load(trx, row.id))!;
    await announce(trx, 'order.cancelled', order);
    // Money that came in goes back with the cancel (a refund above, or the void job).
    if (row.paid_at !== null || options.refundPayment) {
      const data = orderEventData(order);
      await ctx.webhookEvents.record(trx, 'order.refunded', {
        ...data,
        refund: { amount_cents: givenBack, item_ids: data.item_ids },
      });
    }
    await ctx.webhookEvents.items(trx, 'item.released', returned);
    if (options.mail !== false) await queueMail(trx, 'cancelled', order);
    if (options.paymentProblem) await notices.paymentProblem(trx, order, options.paymentProblem);
    return order;
  }

  return {
    /**
     * Inside the checkout's sale transaction: the order, its lines and the
     * confirmation mail. A manual payment leaves the order placed, due by the end
     * of the day ORDER_PAYMENT_DAYS after today, in the shop's time zone.
     */
    async placeIn(trx: Db, placing: PlaceOrder): Promise<Order> {
      const now = ctx.clock.now();
      const { paid, ...rest } = placing;
      const shop = await ctx.shop.current(trx);
      // Only a payment the buyer makes by hand has a last day to pay; a hosted page has
      // its own deadline (payment_expires_at) and never gets bank-transfer instructions.
      const hosted = placing.paymentProvider === 'stripe';
      // Prices include VAT: the tax is what the lines and shipping contain (issue 34 item 3).
      const tax = taxOf(
        shop.tax,
        placing.shippingAddress?.country ?? null,
        placing.lines.map((line) => line.price_cents),
        placing.shippingCents,
      );
      const id = await ordersRepository(trx).insert(
        {
          ...rest,
          taxCents: tax.taxCents,
          taxBreakdown: storedTaxOf(
            tax,
            placing.lines.map((line) => line.id),
          ),
          state: paid ? 'paid' : 'placed',
          currency: ctx.config.shopCurrency,
          paymentDueAt:
            paid || hosted
              ? null
              : lastDayToPay(now, ctx.config.orderPaymentDays, shop.timeZone).endsAt,
        },
        now,
      );
      // Paid at once: the invoice is issued with the sale (issue 34 item 4).
      const invoiceId = paid ? await invoices.issueInvoiceIn(trx, id) : null;
      const order = (await load(trx, id))!;
      // A hosted payment's buyer (and the owner) is told once the payment has arrived (markPaidIn).
      if (!hosted) {
        await queueMail(trx, 'confirmation', order, invoiceId);
        await notices.newOrder(trx, order);
      }
      await announce(trx, 'order.placed', order);
      if (paid) await announce(trx, 'order.paid', order);
      return order;
    },

    /** Inside the caller's transaction: placed → paid by the provider's word, with its payment; the confirmation mail. */
    async markPaidIn(trx: Db, id: number, paymentIntentId: string | null): Promise<Order> {
      const row = await ordersRepository(trx).transition(id, 'mark-paid', ctx.clock.now(), {
        payment_intent_id: paymentIntentId,
      });
      if (!row) return refuse(trx, id, 'mark-paid');
      const invoiceId = await invoices.issueInvoiceIn(trx, id);
      const order = (await load(trx, id))!;
      await queueMail(trx, 'confirmation', order, invoiceId);
      await notices.newOrder(trx, order);
      await announce(trx, 'order.paid', order);
      return order;
    },

    /** Cancel inside the caller's transaction (a payment event, a withdrawn checkout). */
    cancelWithin(trx: Db, id: number, reason: CancelReason, options: CancelOptions = {}) {
      return cancelIn(trx, id, reason, ctx.clock.now(), options);
    },

    /** Mails the buyer (and the owner) that a payment arriving for an order no longer open was refunded. */
    async tellRefundedIn(trx: Db, id: number): Promise<void> {
      const order = await load(trx, id);
      if (!order) return;
      await queueMail(trx, 'payment-refunded', order);
      await notices.paymentProblem(trx, order, { kind: 'afterEnd' });
    },

    load,

    /** Queues one of the buyer's order mails in the caller's transaction (sent after its commit). */
    mailBuyerIn: queueMail,

    /** The customer's own orders, newest first (a shop of one-offs: a few hundred at most). */
    async listFor(customerId: number): Promise<{ orders: Order[] }> {
      const orders = ordersRepository(ctx.db);
      const rows = await orders.ofCustomer(customerId, CUSTOMER_LIST_LIMIT);
      const ids = rows.map((row) => row.id);
      const [lines, refunds, returns, shop, documents] = await Promise.all([
        orders.linesOf(ids),
        orderRefundsRepository(ctx.db).ofOrders(ids),
        orderReturnsRepository(ctx.db).ofOrders(ids),
        ctx.shop.current(),
        documentsOf(ctx.db, ids),
      ]);
      return { orders: ordersWithLines(rows, lines, shop, refunds, returns, documents) };
    },

    async get(id: number): Promise<Order> {
      const order = await load(ctx.db, id);
      if (!order) throw notFound('No such order.');
      return order;
    },

    /** Another customer's order is as absent as one that does not exist. */
    async getFor(customerId: number, id: number): Promise<Order> {
      const order = await load(ctx.db, id);
      if (!order || order.customer_id !== customerId) throw notFound('No such order.');
      return order;
    },

    async markPaid(id: number): Promise<Order> {
      const current = await ordersRepository(ctx.db).byId(id);
      // A hosted payment is paid by the provider's word (its webhook), never by hand:
      // its items are still held, not sold, until the payment arrives.
      if (current?.payment_provider === 'stripe' && current.state === 'placed')
        throw conflict(
          'invalid_transition',
          `Order ${current.number} is paid through Stripe; it is marked paid when Stripe reports the payment.`,
        );
      return inTransaction(ctx.db, async (trx) => {
        const row = await ordersRepository(trx).transition(id, 'mark-paid', ctx.clock.now());
        if (!row) return refuse(trx, id, 'mark-paid');
        const invoiceId = await invoices.issueInvoiceIn(trx, id);
        const order = (await load(trx, id))!;
        // The buyer learns the money arrived, with the invoice (issue 34 item 4).
        await queueMail(trx, 'payment-received', order, invoiceId);
        await announce(trx, 'order.paid', order);
        return order;
      });
    },

    async ship(id: number, carrier: string, trackingReference: string): Promise<Order> {
      return inTransaction(ctx.db, async (trx) => {
        const row = await ordersRepository(trx).transition(id, 'ship', ctx.clock.now(), {
          carrier: carrier.trim(),
          tracking_reference: trackingReference.trim(),
        });
        if (!row) return refuse(trx, id, 'ship');
        const order = (await load(trx, id))!;
        await queueMail(trx, 'shipped', order);
        await announce(trx, 'order.shipped', order);
        return order;
      });
    },

    /** Shipped → delivered; a pickup order: paid → delivered, handed over at the shop. */
    async deliver(id: number): Promise<Order> {
      return inTransaction(ctx.db, async (trx) => {
        const row = await ordersRepository(trx).transition(id, 'deliver', ctx.clock.now());
        if (!row) return refuse(trx, id, 'deliver');
        const order = (await load(trx, id))!;
        await announce(trx, 'order.delivered', order);
        return order;
      });
    },

    /** Cancel with a reason (told to the buyer); from placed or paid only. */
    cancel(id: number, reason: string): Promise<Order> {
      return inTransaction(ctx.db, (trx) =>
        cancelIn(trx, id, ownerReason(reason.trim()), ctx.clock.now()),
      );
    },

    /**
     * The unpaid-order job: a reminder as the last day to pay begins, then, once that
     * day has ended and at least a day after its reminder, the order is cancelled
     * (issue 30 item 20: never during the day the mail names). Each step
     * is a guarded UPDATE, so an admin marking it paid or cancelling it at the
     * same moment wins or loses cleanly. Returns what it did.
     */
    async settleUnpaid(): Promise<{ reminded: number[]; cancelled: number[] }> {
      const now = ctx.clock.now();
      const shop = await ctx.shop.current();
      const reminded = await inTransaction(ctx.db, async (trx) => {
        const orders = ordersRepository(trx);
        const due = await orders.claimDueReminders(new Date(now.getTime() + DAY_MS), now);
        const lines = await orders.linesOf(due.map((row) => row.id));
        for (const row of due) {
          const order = orderRowToOrder(
            row,
            lines.filter((line) => line.order_id === row.id),
            shop,
          );
          await queueMail(trx, 'payment-reminder', order);
        }
        return due.map((row) => row.id);
      });
      const cancelled: number[] = [];
      const candidates = await ordersRepository(ctx.db).dueForCancellation(
        now,
        new Date(now.getTime() - DAY_MS),
      );
      for (const { id, payment_due_at } of candidates) {
        const lastDay = dueDateOf(payment_due_at, shop.timeZone);
        try {
          await inTransaction(ctx.db, (trx) =>
            cancelIn(trx, id, notPaidBy(lastDay), now, {
              paymentProblem: { kind: 'unpaid', lastDay },
            }),
          );
          cancelled.push(id);
        } catch (error) {
          // Paid or cancelled meanwhile: that change won.
          if ((error as { code?: string }).code !== 'invalid_transition') throw error;
        }
      }
      return { reminded, cancelled };
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;

/**
 * An address as stored: trimmed, blanks as null, the country a real country's code in
 * upper case (400 invalid_country naming `countryField` otherwise).
 */
export function normaliseAddress(
  input: {
    name: string;
    line1: string;
    line2?: string | null | undefined;
    postal_code: string;
    city: string;
    country: string;
    phone?: string | null | undefined;
  },
  countryField = 'country',
): PostalAddress {
  const optional = (value: string | null | undefined) => value?.trim() || null;
  return {
    name: input.name.trim(),
    line1: input.line1.trim(),
    line2: optional(input.line2),
    postal_code: input.postal_code.trim(),
    city: input.city.trim(),
    country: countryCodeOf(input.country, countryField),
    phone: optional(input.phone),
  };
}
