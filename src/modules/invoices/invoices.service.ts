import { TZDate } from '@date-fns/tz';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { PostalAddress } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { MailAttachments } from '../../mail/outbox.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { shopDateOf } from '../orders/shop-days.js';
import { containedTaxCents, taxOf } from '../tax/tax.js';
import { renderDocumentPdf } from './invoice-pdf.js';
import {
  type DocumentSnapshot,
  type StoredTaxBreakdown,
  sellerOf,
  storedTaxOf,
} from './invoice-snapshot.js';
import { type DocumentKind, invoicesRepository } from './invoices.repository.js';

export type InvoicesContext = Pick<AppContext, 'clock' | 'shop'>;

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** "INV-2026-00042": the kind, the year of issue in the shop's time zone, five digits. */
export const documentNumber = (kind: DocumentKind, year: number, sequence: number) =>
  `${PREFIX[kind]}-${year}-${String(sequence).padStart(5, '0')}`;

/** The calendar year `instant` falls in, in the shop's time zone. */
export const shopYearOf = (instant: Date, timeZone: string) =>
  new TZDate(instant.getTime(), timeZone).getFullYear();

/** What a refund credits: items of the invoice, and its shipping or not. */
export interface CreditNoteInput {
  orderId: number;
  itemIds: number[];
  includeShipping: boolean;
  /** The amount given back; by default the credited lines (and shipping) in full. */
  amountCents?: number;
}

/**
 * Invoices and credit notes (issue 34 item 4). Both are issued inside the caller's
 * transaction, numbered by the database (invoicesRepository.nextNumber), and stored
 * with a snapshot of all they show, never changed after.
 */
export function invoicesService(ctx: InvoicesContext) {
  /**
   * The order's invoice, issued in the transaction that makes it paid (every path
   * to paid calls this). Returns the invoice id; an order invoiced already keeps its
   * invoice (no second number is taken).
   */
  async function issueInvoiceIn(trx: Db, orderId: number): Promise<number> {
    const invoices = invoicesRepository(trx);
    const existing = await invoices.invoiceOfOrder(orderId);
    if (existing) return existing.id;
    const orders = ordersRepository(trx);
    const row = await orders.byId(orderId);
    if (!row) throw new Error(`order ${orderId} not found for its invoice`);
    const lines = await orders.linesOf([orderId]);
    const shop = await ctx.shop.current(trx);
    const address = row.shipping_address as PostalAddress | null;
    const tax =
      (row.tax_breakdown as StoredTaxBreakdown | null) ??
      // An order from before tax was kept: the settings of the day it is invoiced.
      storedTaxOf(
        taxOf(
          shop.tax,
          address?.country ?? null,
          lines.map((line) => line.price_cents),
          row.shipping_cents,
        ),
        lines.map((line) => line.item_id),
      );
    const lineTax = new Map(tax.lines.map((line) => [line.item_id, line.tax_cents]));
    const now = ctx.clock.now();
    const year = shopYearOf(now, shop.timeZone);
    const number = documentNumber('invoice', year, await invoices.nextNumber('invoice', year));
    const snapshot: DocumentSnapshot = {
      kind: 'invoice',
      number,
      issued_at: now.toISOString(),
      issue_date: shopDateOf(now, shop.timeZone),
      refers_to: null,
      order_number: row.number,
      currency: row.currency,
      seller: sellerOf(shop),
      buyer: { name: row.buyer_name, email: row.buyer_email, address },
      fulfilment: address ? 'shipping' : 'pickup',
      lines: lines.map((line) => ({
        item_id: line.item_id,
        title: line.title,
        gross_cents: line.price_cents,
        tax_cents: lineTax.get(line.item_id) ?? 0,
      })),
      shipping: address
        ? { gross_cents: row.shipping_cents, tax_cents: tax.shipping_tax_cents }
        : null,
      tax: {
        mode: tax.mode,
        rate_bp: tax.rate_bp,
        tax_cents: tax.tax_cents,
        wording: tax.wording,
      },
      total_cents: row.total_cents,
      payment: {
        provider: row.payment_provider,
        reference: row.payment_reference,
        paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      },
    };
    return invoices.insertInvoice({
      order_id: orderId,
      number,
      issued_at: now,
      total_cents: row.total_cents,
      snapshot,
    });
  }

  /**
   * A credit note for a refund, inside the refund's transaction: it refers to the
   * order's invoice (409 not_invoiced without one), credits the given items of it
   * (400 invalid_body for an item not on it) and the shipping if asked, and never
   * takes the credited total past the invoice's (409 credit_exceeds_invoice).
   * The invoice row is locked, so two refunds of one order are numbered and
   * checked one after the other.
   */
  async function issueCreditNote(
    trx: Db,
    input: CreditNoteInput,
  ): Promise<{ id: number; number: string; amountCents: number }> {
    const invoices = invoicesRepository(trx);
    const invoice = await invoices.lockInvoiceOfOrder(input.orderId);
    if (!invoice) throw conflict('not_invoiced', 'This order has no invoice to credit.');
    const original = invoice.snapshot as DocumentSnapshot;
    const lines = input.itemIds.map((itemId) => {
      const line = original.lines.find((candidate) => candidate.item_id === itemId);
      if (!line)
        throw badRequest('invalid_body', `Item ${itemId} is not on this invoice.`, 'item_ids');
      return line;
    });
    const shipping = input.includeShipping ? original.shipping : null;
    const fullCents =
      lines.reduce((sum, line) => sum + line.gross_cents, 0) + (shipping?.gross_cents ?? 0);
    const amountCents = input.amountCents ?? fullCents;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      throw badRequest('invalid_body', 'A credit note credits a positive amount.', 'amount_cents');
    const credited = (await invoices.creditNotesOf([input.orderId])).reduce(
      (sum, note) => sum + note.amount_cents,
      0,
    );
    if (credited + amountCents > invoice.total_cents)
      throw conflict(
        'credit_exceeds_invoice',
        `Only ${invoice.total_cents - credited} cents of invoice ${invoice.number} are left to credit.`,
      );
    // The VAT credited: the lines' own when they are credited in full, else the
    // amount's share at the invoice's rate.
    const taxCents =
      amountCents === fullCents
        ? lines.reduce((sum, line) => sum + line.tax_cents, 0) + (shipping?.tax_cents ?? 0)
        : containedTaxCents(amountCents, original.tax.rate_bp);
    const shop = await ctx.shop.current(trx);
    const now = ctx.clock.now();
    const year = shopYearOf(now, shop.timeZone);
    const number = documentNumber(
      'credit_note',
      year,
      await invoices.nextNumber('credit_note', year),
    );
    const snapshot: DocumentSnapshot = {
      ...original,
      kind: 'credit_note',
      number,
      issued_at: now.toISOString(),
      issue_date: shopDateOf(now, shop.timeZone),
      refers_to: original.number,
      // The seller as the shop names itself now; the buyer as invoiced.
      seller: sellerOf(shop),
      lines,
      shipping,
      tax: { ...original.tax, tax_cents: original.tax.mode === 'included' ? taxCents : 0 },
      total_cents: amountCents,
    };
    const id = await invoices.insertCreditNote({
      invoice_id: invoice.id,
      order_id: input.orderId,
      number,
      issued_at: now,
      amount_cents: amountCents,
      snapshot,
    });
    return { id, number, amountCents };
  }

  /**
   * A paid order cancelled: whatever of its invoice is not credited yet is credited now,
   * in the cancellation's transaction (all its lines and shipping). Null when the order
   * has no invoice or nothing is left to credit.
   */
  async function creditRemainderIn(trx: Db, orderId: number) {
    const invoices = invoicesRepository(trx);
    const invoice = await invoices.lockInvoiceOfOrder(orderId);
    if (!invoice) return null;
    const credited = (await invoices.creditNotesOf([orderId])).reduce(
      (sum, note) => sum + note.amount_cents,
      0,
    );
    const left = invoice.total_cents - credited;
    if (left <= 0) return null;
    const original = invoice.snapshot as DocumentSnapshot;
    // The note names what earlier notes (item refunds) did not credit yet.
    const earlier = (await invoices.creditNotesOf([orderId])).map(
      (note) => note.snapshot as DocumentSnapshot,
    );
    const creditedItems = new Set(earlier.flatMap((note) => note.lines.map((l) => l.item_id)));
    return issueCreditNote(trx, {
      orderId,
      itemIds: original.lines.flatMap((line) =>
        line.item_id === null || creditedItems.has(line.item_id) ? [] : [line.item_id],
      ),
      includeShipping: original.shipping !== null && !earlier.some((note) => note.shipping),
      amountCents: left,
    });
  }

  /**
   * An item refund's credit note (issue 34 item 5), in the refund's transaction: what it
   * gives back, referring to the invoice. Null for an order paid before invoices were
   * issued (it has none to refer to).
   */
  async function creditRefundIn(trx: Db, input: CreditNoteInput) {
    if (!(await invoicesRepository(trx).invoiceOfOrder(input.orderId))) return null;
    return issueCreditNote(trx, input);
  }

  /**
   * The order's invoice as a PDF, drawn from its snapshot: for its buyer only when
   * `customerId` is given. 404 not_found before the order is paid, for another
   * customer's order, or for none at all (one answer, nothing told).
   */
  async function invoicePdf(
    db: Db,
    orderId: number,
    customerId: number | null,
  ): Promise<{ number: string; pdf: Buffer }> {
    if (customerId !== null) {
      const order = await ordersRepository(db).byId(orderId);
      if (!order || order.customer_id !== customerId) throw notFound('No such invoice.');
    }
    const invoice = await invoicesRepository(db).invoiceOfOrder(orderId);
    if (!invoice) throw notFound('No such invoice.');
    return {
      number: invoice.number,
      pdf: await renderDocumentPdf(invoice.snapshot as DocumentSnapshot),
    };
  }

  return { issueInvoiceIn, issueCreditNote, creditRemainderIn, creditRefundIn, invoicePdf };
}

/** The outbox's attachments: a row's invoice as its PDF, drawn when the mail is sent. */
export function invoiceAttachments(db: Db): MailAttachments {
  return async (row) => {
    if (row.invoice_id === null) return [];
    const invoice = await invoicesRepository(db).invoiceById(row.invoice_id);
    if (!invoice) return [];
    return [
      {
        filename: `${invoice.number}.pdf`,
        contentType: 'application/pdf',
        content: await renderDocumentPdf(invoice.snapshot as DocumentSnapshot),
      },
    ];
  };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
