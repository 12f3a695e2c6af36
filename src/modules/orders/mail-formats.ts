import type { ShopLanguage } from '../../config.js';
import type { MailT } from '../../i18n/mail.js';
import { dateLocaleOf } from './shop-days.js';

/**
 * Money and moments in a mail's language (issue 37): "€12.50" and "12,50 €", each
 * through Intl. English keeps the bare `en` locale the mails always used ("€12.50",
 * "$12.50"); the invoice PDF, a legal document drawn from a snapshot, stays English.
 */
export const formatMoney = (cents: number, currency: string, language: ShopLanguage = 'en') =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);

/** An amount of an order in its currency, in the mail's language. */
export const orderMoney = (cents: number, order: { currency: string }, t: MailT) =>
  formatMoney(cents, order.currency, t.language);

/**
 * "Thursday, 26 November 2026 at 16:05 (Europe/Berlin time)": a moment as the shop
 * tells it, in the mail's language, naming the zone it is told in.
 */
export function formatShopMoment(at: Date | string, timeZone: string, t: MailT): string {
  const when = new Intl.DateTimeFormat(dateLocaleOf(t.language), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(at));
  return t('inZone', { when, zone: timeZone });
}
