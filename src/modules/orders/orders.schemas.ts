import { type Static, Type } from '@sinclair/typebox';
import {
  DateTime,
  Id,
  MAX_INTEGER_COLUMN,
  Nullable,
  RequiredText,
  StrictObject,
} from '../../http/schemas.js';
import { CANCEL_REASON_CODES } from './cancel-reasons.js';

/**
 * Order states (issue 18): placed → paid → shipped → delivered; cancelled from placed or
 * paid; refunded (issue 34) once every line is paid back, from paid, shipped or delivered.
 */
export const ORDER_STATES = [
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export const OrderStateSchema = Type.Unsafe<(typeof ORDER_STATES)[number]>(
  Type.String({ enum: [...ORDER_STATES] }),
);

/** A shipping address as a customer sends it; every field bounded. */
export const AddressInput = StrictObject({
  name: RequiredText(120, { description: 'Who receives the parcel' }),
  line1: RequiredText(200),
  line2: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  postal_code: RequiredText(20),
  city: RequiredText(100),
  country: Type.String({
    pattern: '^[A-Za-z]{2}$',
    description:
      'ISO 3166-1 alpha-2 code of a real country, e.g. DE or GB (stored upper case); any other code is 400 invalid_country',
  }),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 40, pattern: '^[0-9+()\\-. /]*$' }))),
});
export type AddressInput = Static<typeof AddressInput>;

/** An address as answered: line2 and phone are null when not given. */
export const Address = Type.Object({
  name: Type.String(),
  line1: Type.String(),
  line2: Nullable(Type.String()),
  postal_code: Type.String(),
  city: Type.String(),
  country: Type.String(),
  phone: Nullable(Type.String()),
});

/** POST /api/cart/checkout: optional; no body (or no address) means pickup at the shop. */
export const CheckoutBody = StrictObject({
  shipping_address: Type.Optional(AddressInput),
  address_id: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_INTEGER_COLUMN,
      description: 'A saved address of the caller, instead of shipping_address',
    }),
  ),
  note: Type.Optional(Type.String({ maxLength: 1000, description: 'A note for the shop' })),
  accept_terms: Type.Optional(
    Type.Boolean({
      description:
        'The buyer ticked "I accept the terms"; required true once a terms page exists (400 terms_not_accepted)',
    }),
  ),
  checkout_wording: Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        'The exact words the checkout showed with its button and the terms box; stored with the order (the shop’s own wording when absent)',
    }),
  ),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

export const OrderLine = Type.Object({
  item_id: Nullable(Type.Integer()),
  title: Type.String(),
  price_cents: Type.Integer(),
  image: Nullable(Type.String({ description: 'URL of the first image at the sale' })),
});

/** Where an order's money stands (issue 32). */
export const PAYMENT_STATUSES = [
  'awaiting_payment',
  'processing',
  'paid',
  'cancelled',
  'refund_pending',
  'refunded',
  'refund_by_hand',
  'refund_failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], ...(description ? { description } : {}) }));

export const OrderPayment = Type.Object(
  {
    provider: literals(
      ['accept', 'manual', 'stripe'] as const,
      'How the order is paid (PAYMENT_PROVIDER at the checkout)',
    ),
    status: literals(
      PAYMENT_STATUSES,
      'awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)',
    ),
    payment_url: Nullable(
      Type.String({
        description: 'Stripe: the page where the buyer pays, while the order awaits payment there',
      }),
    ),
    payment_expires_at: Nullable(
      Type.Unsafe<Date | string>({
        type: 'string',
        format: 'date-time',
        description: 'Stripe: until when the order waits for its payment (its items held as long)',
      }),
    ),
    payment_intent_id: Nullable(
      Type.String({ description: 'Stripe: the Payment Intent, once paid' }),
    ),
    refunds: Type.Array(
      Type.Object({
        amount_cents: Type.Integer(),
        reason: Type.String(),
        state: literals(['pending', 'succeeded', 'failed', 'to_pay_by_hand'] as const),
        reference: Nullable(Type.String({ description: 'The provider’s refund id' })),
        error: Nullable(
          Type.String({ description: 'Why the last attempt failed (it is retried)' }),
        ),
        requested_at: DateTime,
        settled_at: Nullable(DateTime),
      }),
    ),
  },
  { description: 'How the order is paid and what was given back' },
);

/** An order as it was at the sale: later edits to items or the customer never change it. */
export const Order = Type.Object(
  {
    id: Type.Integer(),
    number: Type.String({ description: 'Human-friendly order number, e.g. SO-000042' }),
    state: OrderStateSchema,
    customer_id: Nullable(Type.Integer({ description: 'The account; null once it was deleted' })),
    buyer: Type.Object({
      name: Nullable(Type.String()),
      email: Nullable(Type.String({ description: 'Null once the account was deleted' })),
    }),
    fulfilment: Type.Unsafe<'shipping' | 'pickup'>(Type.String({ enum: ['shipping', 'pickup'] })),
    shipping_address: Nullable(Address),
    note: Nullable(Type.String()),
    lines: Type.Array(OrderLine),
    shipping_cents: Type.Integer({ minimum: 0, description: 'Charged for shipping; 0 for pickup' }),
    tax_cents: Type.Integer({
      minimum: 0,
      description:
        'The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption',
    }),
    total_cents: Type.Integer({
      description: 'What the buyer pays: the lines and shipping (tax included)',
    }),
    currency: Type.String(),
    payment_reference: Type.String(),
    payment_due_at: Nullable(
      Type.Unsafe<Date | string>({
        type: 'string',
        format: 'date-time',
        description:
          'A manual payment: the moment the order may be cancelled unpaid, the end of payment_due_date in the shop’s time zone',
      }),
    ),
    payment_due_date: Nullable(
      Type.String({
        format: 'date',
        description:
          'A manual payment awaited: the last day to pay (YYYY-MM-DD, in the shop’s time zone); null otherwise',
      }),
    ),
    payment_instructions: Nullable(
      Type.String({
        description:
          'A manual payment awaited: how to pay (bank details, what to quote), as the shop words it; null otherwise',
      }),
    ),
    pickup: Nullable(
      Type.Object(
        {
          address: Nullable(
            Type.String({ description: 'Where to collect it; may hold line breaks' }),
          ),
          hours: Nullable(Type.String({ description: 'When the shop hands orders over' })),
        },
        { description: 'A pickup order: where and when to collect it; null for a shipping order' },
      ),
    ),
    carrier: Nullable(Type.String()),
    tracking_reference: Nullable(Type.String()),
    cancel_reason: Nullable(Type.String()),
    cancel_reason_code: Nullable(
      Type.Union(
        CANCEL_REASON_CODES.map((code) => Type.Literal(code)),
        {
          description:
            "Why the shop itself cancelled the order, for a client to word in its reader's language (`cancel_reason` holds its English words); null when the owner cancelled it with their own words, or it is not cancelled",
        },
      ),
    ),
    cancel_reason_day: Nullable(
      Type.String({
        format: 'date',
        description:
          'The last day to pay that a `not_paid_by` cancel names (YYYY-MM-DD, the shop’s time zone); null otherwise',
      }),
    ),
    payment: OrderPayment,
    placed_at: DateTime,
    paid_at: Nullable(DateTime),
    shipped_at: Nullable(DateTime),
    delivered_at: Nullable(DateTime),
    cancelled_at: Nullable(DateTime),
    terms_version: Nullable(
      Type.Integer({
        description:
          'The version of the terms page accepted at checkout (GET /api/customers/me/orders/{id}/legal)',
      }),
    ),
    withdrawal_version: Nullable(
      Type.Integer({ description: 'The version of the withdrawal policy current at checkout' }),
    ),
    checkout_wording: Nullable(
      Type.String({ description: 'The exact words the checkout showed with its order button' }),
    ),
    withdrawal: Nullable(
      Type.Object(
        {
          requested_at: Type.Unsafe<Date | string>({
            type: 'string',
            format: 'date-time',
            description: 'When the first withdrawal was received',
          }),
          item_ids: Type.Array(Type.Integer(), { description: 'Every item withdrawn from' }),
          requests: Type.Array(
            Type.Object({
              requested_at: DateTime,
              item_ids: Type.Array(Type.Integer()),
              reason: Nullable(Type.String()),
            }),
            { description: 'Each withdrawal as received, oldest first' },
          ),
        },
        { description: 'The buyer withdrew from (part of) the purchase; null if never' },
      ),
    ),
    withdrawal_period_ends_at: Nullable(
      Type.Unsafe<Date | string>({
        type: 'string',
        format: 'date-time',
        description:
          'When the 14 days to withdraw after delivery (or hand-over) end, at the end of the day in the shop’s time zone; null before delivery (until then the buyer may withdraw at any time)',
      }),
    ),
    refunds: Type.Array(
      Type.Object({
        amount_cents: Type.Integer({ description: 'Given back, shipping included' }),
        item_ids: Type.Array(Type.Integer(), { description: 'The items paid back' }),
        shipping_cents: Type.Integer({ description: 'The part that gives the shipping back' }),
        at: DateTime,
      }),
      { description: 'Money given back, oldest first (how it went: payment.refunds)' },
    ),
    refunded_at: Nullable(DateTime),
    invoice: Nullable(
      Type.Object(
        {
          number: Type.String({ description: 'INV-YYYY-NNNNN, gapless per year in issue order' }),
          issued_at: DateTime,
        },
        { description: 'Issued when the order is paid; its PDF at …/invoice.pdf' },
      ),
    ),
    credit_notes: Type.Array(
      Type.Object({
        number: Type.String({ description: 'CN-YYYY-NNNNN, referring to the invoice' }),
        issued_at: DateTime,
        amount_cents: Type.Integer(),
      }),
      { description: 'One per refund, oldest first' },
    ),
  },
  { title: 'Order' },
);
export type Order = Static<typeof Order>;

export const OrderList = Type.Object({ orders: Type.Array(Order) });

/** The checkout answer: the sold item ids (spec 6 rule 4) and the order. */
export const CheckoutResponse = Type.Object({
  sold_item_ids: Type.Array(Type.Integer()),
  order: Order,
  payment_url: Type.Optional(
    Type.String({
      description:
        'PAYMENT_PROVIDER=stripe: where the buyer pays (Stripe Checkout). Nothing is sold yet (sold_item_ids is empty): the items stay held until the payment arrives',
    }),
  ),
});

export const AdminOrderList = Type.Object({
  orders: Type.Array(Order),
  next_cursor: Nullable(Type.String()),
});

export const AdminOrderListQuery = StrictObject({
  state: Type.Optional(OrderStateSchema),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Part of the order number, the buyer’s email or name',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});
export type AdminOrderListQuery = Static<typeof AdminOrderListQuery>;

export const ShipBody = StrictObject({
  carrier: RequiredText(60),
  tracking_reference: RequiredText(100),
});

export const WithdrawBody = StrictObject({
  item_ids: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_INTEGER_COLUMN }), {
    minItems: 1,
    maxItems: 100,
    uniqueItems: true,
    description: 'The items of the order to withdraw from',
  }),
  reason: Type.Optional(
    Type.String({ maxLength: 1000, description: 'Why, if the buyer wants to say (optional)' }),
  ),
});
export type WithdrawBody = Static<typeof WithdrawBody>;

export const RefundBody = StrictObject({
  item_ids: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_INTEGER_COLUMN }), {
    maxItems: 100,
    uniqueItems: true,
    description: 'The items received back and paid back now (empty: the shipping alone)',
  }),
  include_shipping: Type.Boolean({
    description: 'Give the order’s shipping back too (once per order)',
  }),
  restock: Type.Unsafe<'available' | 'pending'>(
    Type.String({
      enum: ['available', 'pending'],
      description: 'Each item back on sale, or to pending for a look first',
    }),
  ),
});
export type RefundBody = Static<typeof RefundBody>;

export const CancelBody = StrictObject({
  reason: RequiredText(500, { description: 'Told to the buyer in the cancellation mail' }),
});

export const SavedAddress = Type.Composite([Type.Object({ id: Type.Integer() }), Address]);
export const SavedAddressList = Type.Object({ addresses: Type.Array(SavedAddress) });

export const OrderIdParams = StrictObject({ id: Id });
