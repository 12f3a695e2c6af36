import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatShopDay, lastDayToPay, shopDateOf } from './shop-days.js';

/** A calendar date `days` after `date` (plain calendar arithmetic, no zone). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'Europe/London',
  'America/New_York',
  'America/Santiago', // summer time starts at midnight: some days have no 00:00
  'Pacific/Auckland',
  'Pacific/Kiritimati', // UTC+14
  'Pacific/Pago_Pago', // UTC-11
  'Asia/Kolkata',
  'Australia/Lord_Howe', // half-hour summer time
];

describe('lastDayToPay', () => {
  it('is `days` calendar days after today in the zone, and ends when the next day there begins', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 365 }),
        fc.constantFrom(...ZONES),
        (now, days, zone) => {
          const { date, endsAt } = lastDayToPay(now, days, zone);
          expect(date).toBe(plusDays(shopDateOf(now, zone), days));
          // The last millisecond still belongs to the day; the end is the next day's first.
          expect(shopDateOf(new Date(endsAt.getTime() - 1), zone)).toBe(date);
          expect(shopDateOf(endsAt, zone)).toBe(plusDays(date, 1));
          expect(endsAt.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('across the start of summer time in Berlin the day still ends at local midnight', () => {
    const { date, endsAt } = lastDayToPay(new Date('2025-03-28T15:00:00Z'), 3, 'Europe/Berlin');
    expect(date).toBe('2025-03-31');
    expect(endsAt.toISOString()).toBe('2025-03-31T22:00:00.000Z');
  });
});

describe('formatShopDay', () => {
  it('writes the day with its weekday, whatever the zone of the process', () => {
    expect(formatShopDay('2026-01-18')).toBe('Sunday, 18 January 2026');
  });
});
