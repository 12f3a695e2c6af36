import type { PostalAddress, TaxMode } from '../../db/schema.js';
import type { ShopProfile } from '../shop/shop-settings.js';
import type { TaxBreakdown } from '../tax/tax.js';

/**
 * What an invoice or credit note shows, frozen when it is issued (issue 34 item 4):
 * the PDF is drawn from this alone, so a later change to the shop's settings, the
 * buyer's account or the order never changes a document already issued.
 */
export interface DocumentSnapshot {
  kind: 'invoice' | 'credit_note';
  number: string;
  issued_at: string;
  /** The day of issue in the shop's time zone, as printed (YYYY-MM-DD). */
  issue_date: string;
  /** A credit note: the invoice it corrects. */
  refers_to: string | null;
  order_number: string;
  currency: string;
  seller: { name: string; address: string | null; contact_email: string | null };
  buyer: { name: string | null; email: string | null; address: PostalAddress | null };
  fulfilment: 'shipping' | 'pickup';
  lines: Array<{ item_id: number | null; title: string; gross_cents: number; tax_cents: number }>;
  /** Null for a pickup order (and a credit note without its shipping). */
  shipping: { gross_cents: number; tax_cents: number } | null;
  tax: {
    mode: TaxMode;
    rate_bp: number;
    /** The VAT the total contains (included only; 0 otherwise). */
    tax_cents: number;
    /** Instead of VAT lines: the margin scheme's words, or the owner's note. */
    wording: string | null;
  };
  total_cents: number;
  payment: { provider: string; reference: string; paid_at: string | null };
}

/** The tax as stored with an order at checkout (orders.tax_breakdown). */
export interface StoredTaxBreakdown {
  mode: TaxMode;
  rate_bp: number;
  /** The VAT each line contains, by item. */
  lines: Array<{ item_id: number | null; tax_cents: number }>;
  shipping_tax_cents: number;
  tax_cents: number;
  wording: string | null;
}

/** The breakdown of `taxOf` for lines given in the order of `itemIds`. */
export function storedTaxOf(
  breakdown: TaxBreakdown,
  itemIds: ReadonlyArray<number | null>,
): StoredTaxBreakdown {
  return {
    mode: breakdown.mode,
    rate_bp: breakdown.rateBp,
    lines: breakdown.lines.map((line, index) => ({
      item_id: itemIds[index] ?? null,
      tax_cents: line.taxCents,
    })),
    shipping_tax_cents: breakdown.shipping.taxCents,
    tax_cents: breakdown.taxCents,
    wording: breakdown.wording,
  };
}

export const sellerOf = (shop: ShopProfile): DocumentSnapshot['seller'] => ({
  name: shop.name,
  address: shop.address,
  contact_email: shop.contactEmail,
});
