import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  CancelReasonCode,
  OrderState,
  PaymentProviderName,
  PostalAddress,
} from '../../db/schema.js';
import type { StoredTaxBreakdown } from '../invoices/invoice-snapshot.js';

export interface NewOrder {
  customerId: number;
  state: 'placed' | 'paid';
  buyerName: string;
  buyerEmail: string;
  shippingAddress: PostalAddress | null;
  note: string | null;
  currency: string;
  paymentReference: string;
  checkoutKey: string;
  paymentDueAt: Date | null;
  paymentProvider: PaymentProviderName;
  /** A hosted payment page: when it stops taking payment. */
  paymentExpiresAt?: Date | null;
  /** Sold items with the price charged for each. */
  lines: Array<{ id: number; price_cents: number }>;
  /** What the buyer accepted at checkout (issue 33 item 3). */
  termsVersion?: number | null;
  withdrawalVersion?: number | null;
  checkoutWording?: string | null;
  /** Charged for shipping (issue 34); 0 for pickup or where shipping is free. */
  shippingCents: number;
  /** The VAT the lines and shipping contain (issue 34 item 3), and how it was reckoned. */
  taxCents: number;
  taxBreakdown: StoredTaxBreakdown | null;
}

/** LIKE's own wildcards in a search term are matched literally. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** "SO-000042": short enough to read out on the phone. */
export const orderNumberFor = (id: number) => `SO-${String(id).padStart(6, '0')}`;

/** How an order reaches its buyer: a pickup order has no shipping address. */
export type Fulfilment = 'shipping' | 'pickup';

/**
 * Where a transition may start (issue 18), by fulfilment: a pickup order is never
 * shipped, it is handed over once paid (issue 30 item 11). A pickup order shipped
 * before that rule keeps its way to delivered.
 */
export const TRANSITIONS = {
  'mark-paid': { from: { shipping: ['placed'], pickup: ['placed'] }, to: 'paid' },
  ship: { from: { shipping: ['paid'], pickup: [] }, to: 'shipped' },
  deliver: { from: { shipping: ['shipped'], pickup: ['paid', 'shipped'] }, to: 'delivered' },
  cancel: { from: { shipping: ['placed', 'paid'], pickup: ['placed', 'paid'] }, to: 'cancelled' },
} as const satisfies Record<
  string,
  { from: Record<Fulfilment, readonly OrderState[]>; to: OrderState }
>;
export type Transition = keyof typeof TRANSITIONS;

/** Whether `transition` may start from this state for this fulfilment. */
export const allows = (transition: Transition, fulfilment: Fulfilment, state: OrderState) =>
  (TRANSITIONS[transition].from[fulfilment] as readonly OrderState[]).includes(state);

/**
 * All SQL of orders. Every state change is one guarded UPDATE on the order row
 * (`WHERE state IN (…)`), so two admins, or an admin and the unpaid-order job,
 * racing on one order are decided by the database: the loser matches nothing.
 */
export function ordersRepository(db: Db) {
  const orderRows = () => db.selectFrom('orders').selectAll();

  return {
    /** Inside the checkout's sale transaction: the order and its lines, snapshots taken now. */
    async insert(order: NewOrder, now: Date): Promise<number> {
      const { rows } = await sql<{
        id: number;
      }>`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id`.execute(db);
      const id = Number(rows[0]!.id);
      // The total the buyer pays: the lines and shipping. Prices include VAT, so tax_cents
      // is what the total contains, never added on top (docs/decisions.md, "Tax").
      const total =
        order.lines.reduce((sum, line) => sum + line.price_cents, 0) + order.shippingCents;
      await db
        .insertInto('orders')
        .values({
          id,
          number: orderNumberFor(id),
          customer_id: order.customerId,
          state: order.state,
          buyer_name: order.buyerName,
          buyer_email: order.buyerEmail,
          shipping_address: order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
          note: order.note,
          total_cents: total,
          shipping_cents: order.shippingCents,
          tax_cents: order.taxCents,
          tax_breakdown: order.taxBreakdown ? JSON.stringify(order.taxBreakdown) : null,
          currency: order.currency,
          payment_reference: order.paymentReference,
          checkout_key: order.checkoutKey,
          payment_due_at: order.paymentDueAt,
          payment_provider: order.paymentProvider,
          payment_expires_at: order.paymentExpiresAt ?? null,
          terms_version: order.termsVersion ?? null,
          withdrawal_version: order.withdrawalVersion ?? null,
          checkout_wording: order.checkoutWording ?? null,
          placed_at: now,
          paid_at: order.state === 'paid' ? now : null,
          updated_at: now,
        })
        .execute();
      const prices = new Map(order.lines.map((line) => [line.id, line.price_cents]));
      // Title and first image as they are at the sale, read in the sale's transaction.
      const items = await db
        .selectFrom('items as i')
        .select(['i.id', 'i.title'])
        .select((eb) =>
          eb
            .selectFrom('item_images as im')
            .select('im.path')
            .whereRef('im.item_id', '=', 'i.id')
            .orderBy('im.position')
            .orderBy('im.id')
            .limit(1)
            .as('image_path'),
        )
        .where('i.id', 'in', [...prices.keys()])
        .orderBy('i.id')
        .execute();
      await db
        .insertInto('order_lines')
        .values(
          items.map((item, position) => ({
            order_id: id,
            item_id: item.id,
            title: item.title,
            price_cents: prices.get(item.id)!,
            image_path: item.image_path ?? null,
            position,
          })),
        )
        .execute();
      return id;
    },

    byId(id: number) {
      return orderRows().where('id', '=', id).executeTakeFirst();
    },

    linesOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('position')
        .execute();
    },

    /** The customer's orders, newest first (at most `limit`). */
    ofCustomer(customerId: number, limit: number) {
      return orderRows()
        .where('customer_id', '=', customerId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The admin list: newest first, keyset by id; one row more than asked tells there is a next page. */
    list(filters: { state?: OrderState; q?: string; limit: number; beforeId?: number }) {
      let query = orderRows();
      if (filters.state) query = query.where('state', '=', filters.state);
      if (filters.q) {
        const pattern = likeLiteral(filters.q.trim());
        query = query.where(
          sql<SqlBool>`(number ILIKE ${pattern} OR buyer_email ILIKE ${pattern} OR buyer_name ILIKE ${pattern})`,
        );
      }
      if (filters.beforeId !== undefined) query = query.where('id', '<', filters.beforeId);
      return query
        .orderBy('id', 'desc')
        .limit(filters.limit + 1)
        .execute();
    },

    /** One guarded transition; undefined when the order is absent or not in a state it starts from. */
    transition(
      id: number,
      transition: Transition,
      now: Date,
      details: {
        carrier?: string;
        tracking_reference?: string;
        cancel_reason?: string;
        cancel_reason_code?: CancelReasonCode | null;
        cancel_reason_day?: string | null;
        payment_intent_id?: string | null;
      } = {},
    ) {
      const { from, to } = TRANSITIONS[transition];
      const startsFrom = (states: readonly OrderState[]) =>
        states.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`state IN (${sql.join(states)})`;
      const stamp = {
        paid: { paid_at: now, payment_due_at: null },
        shipped: { shipped_at: now },
        delivered: { delivered_at: now },
        cancelled: { cancelled_at: now, payment_due_at: null },
      }[to];
      return db
        .updateTable('orders')
        .set({ state: to, updated_at: now, ...stamp, ...details })
        .where('id', '=', id)
        .where(
          sql<SqlBool>`CASE WHEN shipping_address IS NULL THEN ${startsFrom(from.pickup)}
            ELSE ${startsFrom(from.shipping)} END`,
        )
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * A cancelled order's items go back on sale: only rows still sold as this
     * order's lines, so an item sold again since (after an admin edit) is left alone.
     */
    async returnItems(orderId: number, customerId: number | null, now: Date): Promise<number[]> {
      let query = db
        .updateTable('items')
        .set({ status: 'available', sold_to: null, sold_at: null, updated_at: now })
        .where('status', '=', 'sold')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('order_lines')
            .select('item_id')
            .where('order_id', '=', orderId)
            .where('item_id', 'is not', null)
            .$narrowType<{ item_id: number }>(),
        );
      query =
        customerId === null
          ? query.where('sold_to', 'is', null)
          : query.where('sold_to', '=', customerId);
      const rows = await query.returning('id').execute();
      return rows.map((row) => row.id);
    },

    /** The order row, locked until the transaction ends (lock order: its buyer's row first). */
    lockById(id: number) {
      return orderRows().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Unpaid orders whose reminder is due and not yet claimed; claimed by this UPDATE. */
    claimDueReminders(remindBy: Date, now: Date) {
      return db
        .updateTable('orders')
        .set({ payment_reminder_sent_at: now })
        .where('state', '=', 'placed')
        .where('payment_reminder_sent_at', 'is', null)
        .where('payment_due_at', '<=', remindBy)
        .returningAll()
        .execute();
    },

    /** Unpaid orders past their due date whose buyer was reminded by `remindedBy`. */
    dueForCancellation(now: Date, remindedBy: Date) {
      return db
        .selectFrom('orders')
        .select(['id', 'payment_due_at'])
        .where('state', '=', 'placed')
        .where('payment_due_at', '<=', now)
        .where('payment_reminder_sent_at', '<=', remindedBy)
        .orderBy('id')
        .$narrowType<{ payment_due_at: Date }>()
        .execute();
    },

    /**
     * Account deletion: the order stays (a legal record) without the person:
     * name, email, note and address go, the country stays (issue 18,
     * docs/decisions.md). customer_id is cleared by the foreign key.
     */
    async anonymiseBuyer(customerId: number, now: Date): Promise<void> {
      await db
        .updateTable('orders')
        .set({
          buyer_name: null,
          buyer_email: null,
          note: null,
          shipping_address: sql`CASE WHEN shipping_address IS NULL THEN NULL
            ELSE jsonb_build_object('country', shipping_address->>'country') END`,
          buyer_anonymised_at: now,
          updated_at: now,
        })
        .where('customer_id', '=', customerId)
        .execute();
    },
  };
}

export type OrderRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof ordersRepository>['byId']>>
>;
export type OrderLineRow = Awaited<
  ReturnType<ReturnType<typeof ordersRepository>['linesOf']>
>[number];
