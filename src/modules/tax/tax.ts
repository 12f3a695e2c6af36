import type { TaxMode } from '../../db/schema.js';

/** The shop's tax settings as the code uses them (shop settings, `tax`). */
export interface TaxSettings {
  readonly mode: TaxMode;
  /** The shop country's rate in basis points (1900 = 19 %). */
  readonly rateBp: number;
  /** Rates by destination country (OSS), in basis points; others pay `rateBp`. */
  readonly ratesBp: Readonly<Record<string, number>>;
  /** The owner's wording for `none` (small business exemption). */
  readonly note: string | null;
}

/** The words the margin scheme requires on the invoice, exactly (issue 34 item 3). */
export const MARGIN_SCHEME_WORDING = 'Margin scheme – second-hand goods';

/** One taxed amount: what the buyer pays for it (gross) and the VAT it contains. */
export interface TaxedAmount {
  grossCents: number;
  taxCents: number;
}

/** What an order's prices contain, line by line (docs/decisions.md, "Tax"). */
export interface TaxBreakdown {
  mode: TaxMode;
  /** The rate applied (0 unless `included`). */
  rateBp: number;
  lines: TaxedAmount[];
  shipping: TaxedAmount;
  /** The VAT the gross total contains: the sum of the lines' and shipping's, never added on top. */
  taxCents: number;
  /** What the invoice says instead of VAT lines: the margin wording, the owner's note, or null. */
  wording: string | null;
}

/**
 * The VAT contained in a gross amount at a rate: gross × rate / (10000 + rate),
 * rounded to the cent half away from zero, in integers only (no float ever meets
 * money). 1.19 at 19 % → 0.19; 0.01 at 19 % → 0.0016 → 0.00; 999.99 at 19 % →
 * 159.662… → 159.66.
 */
export function containedTaxCents(grossCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(grossCents) || !Number.isInteger(rateBp) || rateBp < 0)
    throw new RangeError('containedTaxCents takes integer cents and a non-negative rate');
  if (rateBp === 0 || grossCents === 0) return 0;
  const sign = grossCents < 0 ? -1 : 1;
  const magnitude = BigInt(Math.abs(grossCents));
  const rate = BigInt(rateBp);
  const divisor = 10000n + rate;
  // round(a / b) half up for a, b > 0: floor((2a + b) / 2b).
  const rounded = (2n * magnitude * rate + divisor) / (2n * divisor);
  return sign * Number(rounded);
}

/** The rate a parcel to `country` (null: picked up at the shop) is taxed at. */
export function rateFor(tax: TaxSettings, country: string | null): number {
  if (tax.mode !== 'included') return 0;
  return (country !== null ? tax.ratesBp[country] : undefined) ?? tax.rateBp;
}

/**
 * Tax per line (issue 34 item 3). Prices include VAT in every mode: the buyer pays
 * the lines and shipping and nothing more. `included`: each line and the shipping
 * line contain VAT at the destination's rate (or the shop's), rounded per line;
 * `margin` and `none`: no VAT is shown (0), the invoice carries their wording.
 */
export function taxOf(
  tax: TaxSettings,
  country: string | null,
  linePricesCents: readonly number[],
  shippingCents: number,
): TaxBreakdown {
  const rateBp = rateFor(tax, country);
  const taxed = (grossCents: number): TaxedAmount => ({
    grossCents,
    taxCents: containedTaxCents(grossCents, rateBp),
  });
  const lines = linePricesCents.map(taxed);
  const shipping = taxed(shippingCents);
  return {
    mode: tax.mode,
    rateBp,
    lines,
    shipping,
    taxCents: lines.reduce((sum, line) => sum + line.taxCents, shipping.taxCents),
    wording: tax.mode === 'margin' ? MARGIN_SCHEME_WORDING : tax.mode === 'none' ? tax.note : null,
  };
}

/** "19%", "7.5%": a rate in basis points as an invoice writes it. */
export function formatRate(rateBp: number): string {
  return `${Number.parseFloat((rateBp / 100).toFixed(2))}%`;
}
