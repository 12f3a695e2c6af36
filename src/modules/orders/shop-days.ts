import { TZDate } from '@date-fns/tz';

/**
 * Calendar days as the shop counts them, in its time zone (SHOP_TIME_ZONE). The zone's
 * rules (summer time, a midnight that does not exist) are @date-fns/tz's, read from Intl.
 */

/** "2026-01-18": the day `instant` falls on in `timeZone`. */
export function shopDateOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The last day to pay and the instant it ends: `days` calendar days after the day of
 * `now`, ending at the next midnight in `timeZone` (issue 30 item 20: an order is never
 * cancelled during the day its mail names).
 */
export function lastDayToPay(
  now: Date,
  days: number,
  timeZone: string,
): { date: string; endsAt: Date } {
  const today = new TZDate(now.getTime(), timeZone);
  const end = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + days + 1,
    timeZone,
  );
  const endsAt = new Date(end.getTime());
  return { date: dueDateOf(endsAt, timeZone), endsAt };
}

/** The day a due instant (the end of a day) closes: the day of its last millisecond. */
export const dueDateOf = (endsAt: Date, timeZone: string): string =>
  shopDateOf(new Date(endsAt.getTime() - 1), timeZone);

/** Intl's locale for a mail's language: British English's dates ("18 January 2026"). */
export const dateLocaleOf = (language: string): string => (language === 'en' ? 'en-GB' : language);

/** "Sunday, 18 January 2026" ("Sonntag, 18. Januar 2026"): a shop day in the words of the shop's mails. */
export function formatShopDay(date: string, language = 'en'): string {
  // A calendar date has no zone: formatted as the UTC day it names.
  return new Intl.DateTimeFormat(dateLocaleOf(language), {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
