import type { ShopSettings } from '../../config.js';
import type { PostalAddress } from '../../db/schema.js';
import { NO_DOCUMENTS, type OrderDocuments } from '../invoices/documents-of.js';
import type { OrderRefundRow } from './order-refunds.js';
import { NO_RETURNS, type OrderReturns } from './order-returns.repository.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';
import type { Order, PaymentStatus } from './orders.schemas.js';
import { dueDateOf, lastDayToPay } from './shop-days.js';

/** Days the buyer may withdraw after delivery (Directive 2011/83/EU Art. 9). */
export const WITHDRAWAL_DAYS = 14;

/**
 * The end of the withdrawal period: the end of the 14th day after the day of delivery
 * (or hand-over), in the shop's time zone; null before delivery (it has not begun).
 */
export const withdrawalPeriodEndsAt = (
  row: Pick<OrderRow, 'delivered_at'>,
  timeZone: string,
): Date | null =>
  row.delivered_at ? lastDayToPay(row.delivered_at, WITHDRAWAL_DAYS, timeZone).endsAt : null;

/** The withdrawal and the item refunds of one order, as the API shows them. */
function returnsOf(
  lines: OrderLineRow[],
  refunds: OrderRefundRow[],
  returns: OrderReturns,
): Pick<Order, 'withdrawal' | 'refunds'> {
  const itemOf = new Map(lines.map((line) => [line.id, line.item_id]));
  const itemIds = (lineIds: number[]) =>
    lineIds.map((id) => itemOf.get(id)).filter((id): id is number => id != null);
  const requests = returns.withdrawals.map((w) => ({
    requested_at: w.requested_at,
    item_ids: itemIds(w.line_ids),
    reason: w.reason,
  }));
  return {
    withdrawal:
      requests.length === 0
        ? null
        : {
            requested_at: requests[0]!.requested_at,
            item_ids: requests.flatMap((request) => request.item_ids),
            requests,
          },
    refunds: refunds.map((refund) => ({
      amount_cents: refund.amount_cents,
      item_ids: itemIds(
        returns.refundLines
          .filter((line) => line.refund_id === refund.id)
          .map((line) => line.order_line_id),
      ),
      shipping_cents: refund.shipping_cents,
      at: refund.requested_at,
    })),
  };
}

const mediaUrl = (path: string) => `/media/${path}`;

/**
 * Whether the order waits for a payment the buyer makes themselves (PAYMENT_PROVIDER
 * manual): only those get a due date when they are placed.
 */
export const awaitsManualPayment = (row: Pick<OrderRow, 'state' | 'payment_due_at'>) =>
  row.state === 'placed' && row.payment_due_at !== null;

/** Where the order's money stands, for the buyer and the owner (issue 32). */
export function paymentStatusOf(row: OrderRow, refunds: OrderRefundRow[]): PaymentStatus {
  if (refunds.some((refund) => refund.state === 'failed')) return 'refund_failed';
  if (refunds.some((refund) => refund.state === 'pending')) return 'refund_pending';
  if (refunds.some((refund) => refund.state === 'to_pay_by_hand')) return 'refund_by_hand';
  if (refunds.length > 0) return 'refunded';
  if (row.state === 'placed') return row.payment_processing_at ? 'processing' : 'awaiting_payment';
  if (row.state === 'cancelled') return 'cancelled';
  return 'paid';
}

/**
 * The API shape of an order row and its lines (contract additions: Order). What the
 * shop tells about paying and collecting comes from its settings as they are now, so
 * a changed bank account or opening hours reach every open order (docs/decisions.md).
 */
export function orderRowToOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  shop: ShopSettings,
  refunds: OrderRefundRow[] = [],
  returns: OrderReturns = NO_RETURNS,
  documents: OrderDocuments = NO_DOCUMENTS,
): Order {
  const address = row.shipping_address as PostalAddress | null;
  const manual = awaitsManualPayment(row);
  const invoice = documents.invoices.find((candidate) => candidate.order_id === row.id);
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    customer_id: row.customer_id,
    buyer: { name: row.buyer_name, email: row.buyer_email },
    fulfilment: address ? 'shipping' : 'pickup',
    // An anonymised order keeps only the country, which is no address to show.
    shipping_address:
      address && row.buyer_anonymised_at === null
        ? {
            name: address.name,
            line1: address.line1,
            line2: address.line2 ?? null,
            postal_code: address.postal_code,
            city: address.city,
            country: address.country,
            phone: address.phone ?? null,
          }
        : null,
    note: row.note,
    lines: lines.map((line) => ({
      item_id: line.item_id,
      title: line.title,
      price_cents: line.price_cents,
      image: line.image_path ? mediaUrl(line.image_path) : null,
    })),
    shipping_cents: row.shipping_cents,
    tax_cents: row.tax_cents,
    total_cents: row.total_cents,
    currency: row.currency,
    payment_reference: row.payment_reference,
    payment_due_at: row.payment_due_at,
    payment_due_date:
      manual && row.payment_due_at ? dueDateOf(row.payment_due_at, shop.timeZone) : null,
    payment_instructions: manual ? shop.paymentInstructions : null,
    pickup: address ? null : { address: shop.pickup.address, hours: shop.pickup.hours },
    carrier: row.carrier,
    tracking_reference: row.tracking_reference,
    cancel_reason: row.cancel_reason,
    cancel_reason_code: row.cancel_reason_code,
    cancel_reason_day: row.cancel_reason_day,
    payment: {
      provider: row.payment_provider,
      status: paymentStatusOf(row, refunds),
      // Only while the buyer can still pay there.
      payment_url: row.state === 'placed' && !row.payment_processing_at ? row.payment_url : null,
      payment_expires_at: row.state === 'placed' ? row.payment_expires_at : null,
      payment_intent_id: row.payment_intent_id,
      refunds: refunds.map((refund) => ({
        amount_cents: refund.amount_cents,
        reason: refund.reason,
        state: refund.state,
        reference: refund.provider_reference,
        error: refund.last_error,
        requested_at: refund.requested_at,
        settled_at: refund.settled_at,
      })),
    },
    placed_at: row.placed_at,
    paid_at: row.paid_at,
    shipped_at: row.shipped_at,
    delivered_at: row.delivered_at,
    cancelled_at: row.cancelled_at,
    terms_version: row.terms_version,
    withdrawal_version: row.withdrawal_version,
    checkout_wording: row.checkout_wording,
    ...returnsOf(lines, refunds, returns),
    withdrawal_period_ends_at: withdrawalPeriodEndsAt(row, shop.timeZone),
    refunded_at: row.refunded_at,
    invoice: invoice ? { number: invoice.number, issued_at: invoice.issued_at } : null,
    credit_notes: documents.creditNotes
      .filter((note) => note.order_id === row.id)
      .map((note) => ({
        number: note.number,
        issued_at: note.issued_at,
        amount_cents: note.amount_cents,
      })),
  };
}

/** Rows with their lines, in the rows' order. */
export function ordersWithLines(
  rows: OrderRow[],
  lines: OrderLineRow[],
  shop: ShopSettings,
  refunds: OrderRefundRow[] = [],
  returns: OrderReturns = NO_RETURNS,
  documents: OrderDocuments = NO_DOCUMENTS,
): Order[] {
  const byOrder = new Map<number, OrderLineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id) ?? [];
    list.push(line);
    byOrder.set(line.order_id, list);
  }
  return rows.map((row) =>
    orderRowToOrder(
      row,
      byOrder.get(row.id) ?? [],
      shop,
      refunds.filter((refund) => refund.order_id === row.id),
      {
        withdrawals: returns.withdrawals.filter((w) => w.order_id === row.id),
        refundLines: returns.refundLines,
      },
      documents,
    ),
  );
}
