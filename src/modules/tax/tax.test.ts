import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containedTaxCents,
  formatRate,
  MARGIN_SCHEME_WORDING,
  rateFor,
  type TaxSettings,
  taxOf,
} from './tax.js';

const included = (rateBp: number, ratesBp: Record<string, number> = {}): TaxSettings => ({
  mode: 'included',
  rateBp,
  ratesBp,
  note: null,
});

/**
 * The model: t is the VAT in a gross g at rate r when t × (10000 + r) is the nearest
 * multiple to g × r, a half going up: -d < 2 (t d − g r) ≤ d with d = 10000 + r.
 */
function isNearestHalfUp(gross: number, rateBp: number, tax: number): boolean {
  const d = BigInt(10000 + rateBp);
  const error = 2n * (BigInt(tax) * d - BigInt(gross) * BigInt(rateBp));
  return -d < error && error <= d;
}

describe('containedTaxCents: the VAT a gross price contains, rounded per line half up', () => {
  it.each([
    // gross, rate, tax: 0.01, 1.19 and 999.99 at 19 %, 7 %, 20 % and 0 %
    [1, 1900, 0],
    [119, 1900, 19],
    [99999, 1900, 15966],
    [1, 700, 0],
    [119, 700, 8],
    [99999, 700, 6542],
    [1, 2000, 0],
    [119, 2000, 20],
    // 999.99 at 20 % holds 166.665 exactly: half a cent, rounded up
    [99999, 2000, 16667],
    [1, 0, 0],
    [119, 0, 0],
    [99999, 0, 0],
    // amounts whose VAT is whole cents exactly
    [1070, 700, 70],
    [63, 2600, 13],
  ])('%i cents at %i bp contain %i cents', (gross, rate, tax) => {
    expect(containedTaxCents(gross, rate)).toBe(tax);
    expect(isNearestHalfUp(gross, rate, tax)).toBe(true);
  });

  it('a tie goes up: 0.5 cent of VAT is 1 cent', () => {
    // 0.33 at 100 % holds 0.165; a negative amount (a credit) mirrors it.
    expect(containedTaxCents(33, 10000)).toBe(17);
    expect(containedTaxCents(-33, 10000)).toBe(-17);
  });

  it('matches the model for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 10000 }),
        (gross, rate) => {
          const tax = containedTaxCents(gross, rate);
          expect(isNearestHalfUp(gross, rate, tax)).toBe(true);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(tax).toBeLessThanOrEqual(gross);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses fractions of a cent', () => {
    expect(() => containedTaxCents(1.5, 1900)).toThrow(RangeError);
  });
});

describe('taxOf: an order’s tax line by line', () => {
  it('included: each line and the shipping contain VAT; the sum is the order’s tax, not added on top', () => {
    const breakdown = taxOf(included(1900), 'DE', [1, 119, 99999], 490);
    expect(breakdown.lines).toEqual([
      { grossCents: 1, taxCents: 0 },
      { grossCents: 119, taxCents: 19 },
      { grossCents: 99999, taxCents: 15966 },
    ]);
    expect(breakdown.shipping).toEqual({ grossCents: 490, taxCents: 78 });
    expect(breakdown.taxCents).toBe(0 + 19 + 15966 + 78);
    expect(breakdown).toMatchObject({ mode: 'included', rateBp: 1900, wording: null });
  });

  it('included: a destination with its own rate (OSS) is taxed at it; others and pickup at the shop’s', () => {
    const tax = included(1900, { AT: 2000, FR: 2000 });
    expect(rateFor(tax, 'AT')).toBe(2000);
    expect(rateFor(tax, 'NL')).toBe(1900);
    expect(rateFor(tax, null)).toBe(1900);
    expect(taxOf(tax, 'AT', [12000], 600).taxCents).toBe(2000 + 100);
  });

  it('margin: no VAT anywhere, the invoice wording exactly', () => {
    const breakdown = taxOf(
      { mode: 'margin', rateBp: 1900, ratesBp: { AT: 2000 }, note: 'x' },
      'AT',
      [119],
      490,
    );
    expect(breakdown.taxCents).toBe(0);
    expect(breakdown.rateBp).toBe(0);
    expect(breakdown.lines).toEqual([{ grossCents: 119, taxCents: 0 }]);
    expect(breakdown.wording).toBe('Margin scheme – second-hand goods');
    expect(MARGIN_SCHEME_WORDING).toBe('Margin scheme – second-hand goods');
  });

  it('none: no VAT, the owner’s note as the wording', () => {
    const note = 'Exempt from VAT under § 19 UStG (small business).';
    const breakdown = taxOf({ mode: 'none', rateBp: 1900, ratesBp: {}, note }, 'DE', [119], 0);
    expect(breakdown.taxCents).toBe(0);
    expect(breakdown.wording).toBe(note);
  });

  it('the order’s tax is the sum of the rounded lines, each within half a cent of exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(0, 500, 700, 1900, 2000, 2100, 2500, 2700),
        (lines, shipping, rate) => {
          const breakdown = taxOf(included(rate), 'DE', lines, shipping);
          const all = [...breakdown.lines, breakdown.shipping];
          expect(breakdown.taxCents).toBe(all.reduce((sum, line) => sum + line.taxCents, 0));
          for (const line of all)
            expect(isNearestHalfUp(line.grossCents, rate, line.taxCents)).toBe(true);
          expect(all.map((line) => line.grossCents)).toEqual([...lines, shipping]);
        },
      ),
    );
  });

  it('rates read as people write them', () => {
    expect(formatRate(1900)).toBe('19%');
    expect(formatRate(750)).toBe('7.5%');
    expect(formatRate(0)).toBe('0%');
  });
});
