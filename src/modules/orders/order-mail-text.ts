import type { ShopLanguage, ShopSettings } from '../../config.js';
import { type MailT, mailT } from '../../i18n/mail.js';
import { escapeHtml, type RenderedMail, renderMail } from '../../mail/templates/template.js';
import { pageText } from '../shop/page-markdown.js';
import type { CancelReasonCode } from './cancel-reasons.js';
import { formatShopMoment, orderMoney } from './mail-formats.js';
import {
  orderCancelledMail,
  orderConfirmationMail,
  orderPaymentReceivedMail,
  orderPaymentRefundedMail,
  orderPaymentReminderMail,
  orderRefundedMail,
  orderShippedMail,
  orderWithdrawalReceivedMail,
} from './order-mails.js';
import type { Order } from './orders.schemas.js';
import { postalLines } from './postal-lines.js';
import { formatShopDay } from './shop-days.js';

/**
 * The words of the buyer's order mails (order-mails.ts holds the templates), every
 * sentence from the mail catalogue in the buyer's language: their stored choice,
 * else the shop's (issue 37). Money, days and moments through Intl in that language.
 */

/** The shop's own cancel reasons (0098's codes): the key under `order.` or `owner.cancelReason`. */
const CANCEL_REASONS: Record<CancelReasonCode, string> = {
  payment_failed: 'paymentFailed',
  not_completed: 'notCompleted',
  no_longer_held: 'noLongerHeld',
  withdrawn_unpaid: 'withdrewUnpaid',
  replaced: 'replaced',
  page_not_opened: 'pageNotOpened',
  not_paid_by: 'notPaidBy',
};

/**
 * Why the order was cancelled: the shop's own reason in the mail's language, told to
 * the buyer (a sentence) or the owner (a clause, in a notice); the owner's own words as
 * written (they are in the shop's language).
 */
export function cancelReason(
  order: Order,
  t: MailT,
  reader: 'buyer' | 'owner' = 'buyer',
): string | null {
  if (order.cancel_reason_code === null) return order.cancel_reason;
  const day = order.cancel_reason_day && formatShopDay(order.cancel_reason_day, t.language);
  const prefix = reader === 'buyer' ? 'order' : 'owner';
  return t(`${prefix}.cancelReason.${CANCEL_REASONS[order.cancel_reason_code]}`, { day });
}

const line = (title: string, cents: number, order: Order, t: MailT) =>
  t('order.line', { title, price: orderMoney(cents, order, t) });

/** The lines of the order that are these items, each with its price. */
function itemLines(order: Order, itemIds: number[], t: MailT): string {
  return order.lines
    .filter((l) => l.item_id !== null && itemIds.includes(l.item_id))
    .map((l) => line(l.title, l.price_cents, order, t))
    .join('\n');
}

/**
 * What happens after a withdrawal, by where the order was when it arrived (issue 34
 * item 5): an unpaid order is cancelled; a paid one not yet sent is not sent; a sent one
 * comes back to the shop.
 */
function afterWithdrawal(order: Order, returnAddress: string | null | undefined, t: MailT) {
  if (order.state === 'cancelled') return t('order.withdrawal.cancelled');
  if (order.state === 'paid' && order.fulfilment === 'shipping')
    return t('order.withdrawal.notSent');
  if (order.state === 'paid') return t('order.withdrawal.notCollected');
  const sendBack = returnAddress
    ? `${t('order.withdrawal.sendBackTo')}\n${returnAddress}`
    : t('order.withdrawal.sendBack');
  return `${sendBack}\n\n${t('order.withdrawal.payBack')}`;
}

function linesAndTotal(order: Order, t: MailT): string {
  const lines = order.lines.map((l) => line(l.title, l.price_cents, order, t));
  // Shipping said apart, so the lines and shipping add up to the total (issue 34).
  if (order.fulfilment === 'shipping')
    lines.push(
      t('order.shipping', {
        amount:
          order.shipping_cents === 0 ? t('order.free') : orderMoney(order.shipping_cents, order, t),
      }),
    );
  // Prices include VAT: the total contains it, said beside it, never added (issue 34 item 3).
  const total = orderMoney(order.total_cents, order, t);
  const totalLine =
    order.tax_cents > 0
      ? t('order.totalWithVat', { total, vat: orderMoney(order.tax_cents, order, t) })
      : t('order.total', { total });
  return `${lines.join('\n')}\n${totalLine}`;
}

/** Where a pickup order is collected, from the shop's settings as the order carries them. */
function collection(order: Order, t: MailT): string {
  const pickup = order.pickup;
  const where = pickup?.address ? `${t('order.collectAt')}\n${pickup.address}` : t('order.collect');
  const when = pickup?.hours ? `\n${t('order.hours', { hours: pickup.hours })}` : '';
  return `${where}${when}\n\n${t('order.bringNumber', { number: order.number })}`;
}

function destination(order: Order, t: MailT): string {
  const a = order.shipping_address;
  if (order.fulfilment === 'pickup') return collection(order, t);
  if (!a) return t('order.byPost');
  return [t('order.sendTo'), ...postalLines(a, t.language)].join('\n');
}

/** The last day to pay in the shop's words, naming the zone it is counted in. */
function lastDay(order: Order, timeZone: string, t: MailT): string {
  const day = order.payment_due_date
    ? formatShopDay(order.payment_due_date, t.language)
    : t('order.theDueDate');
  return t('inZone', { when: day, zone: timeZone });
}

/** How to pay a manual payment: the shop's own instructions (SHOP_PAYMENT_INSTRUCTIONS). */
const howToPay = (order: Order, t: MailT) =>
  order.payment_instructions ? `\n\n${t('order.howToPay')}\n${order.payment_instructions}` : '';

/** The invoice travels with the mail as a PDF (the outbox attaches it when sending). */
const invoiceAttached = (order: Order, t: MailT) =>
  order.invoice ? `\n\n${t('order.invoiceAttached', { number: order.invoice.number })}` : '';

const firstNameOf = (order: Order) => order.buyer.name?.split(' ')[0] ?? null;

/** What an order mail needs besides the order: where links point, the shop's settings. */
export interface OrderMailContext {
  publicBaseUrl: URL;
  shop: Pick<ShopSettings, 'timeZone'>;
  /** The buyer's language: their stored choice, else the shop's (SHOP_LANGUAGE). */
  language?: ShopLanguage;
  /** The confirmation's copy of the terms and withdrawal policy as accepted (a durable medium). */
  accepted?: Array<{ title: string; version: number; body_html: string }>;
  /** Where withdrawn pieces are sent back: the shop's address. */
  returnAddress?: string | null;
}

/**
 * The pages the buyer accepted, in full under the confirmation (issue 33 item 3):
 * their HTML was sanitised when saved, so it goes in as it is; the text part gets
 * the same words as plain text.
 */
function withAcceptedPages(
  mail: RenderedMail,
  pages: OrderMailContext['accepted'],
  t: MailT,
): RenderedMail {
  if (!pages?.length) return mail;
  const heading = (page: { title: string; version: number }) =>
    t('order.acceptedHeading', { title: page.title, version: String(page.version) });
  const text = pages
    .map((page) => `---\n${heading(page)}\n\n${pageText(page.body_html)}`)
    .join('\n\n');
  const html = pages
    .map(
      (page) =>
        `<hr><section><h2 style="font-size: 1.1em">${escapeHtml(heading(page))}</h2>\n${page.body_html}</section>`,
    )
    .join('\n');
  return {
    ...mail,
    text: `${mail.text.trimEnd()}\n\n${text}\n`,
    html: mail.html.replace(/<\/body>/i, () => `  ${html}\n  </body>`),
  };
}

/** The mails an order sends its buyer, rendered from the order as committed. */
export function orderMail(
  kind:
    | 'confirmation'
    | 'shipped'
    | 'cancelled'
    | 'payment-reminder'
    | 'payment-refunded'
    | 'withdrawal-received'
    | 'refunded'
    | 'payment-received',
  order: Order,
  { publicBaseUrl, shop, language = 'en', accepted, returnAddress }: OrderMailContext,
): RenderedMail {
  const t = mailT(language);
  const render = (template: typeof orderConfirmationMail, subject: string, body: string) =>
    renderMail(template, { firstName: firstNameOf(order), orderUrl, subject, body }, language);
  const orderUrl = new URL(`/account/orders/${order.id}`, publicBaseUrl).href;
  const number = order.number;
  const total = orderMoney(order.total_cents, order, t);
  switch (kind) {
    case 'confirmation': {
      const payment =
        order.state === 'placed' && order.payment_due_date
          ? `${t('order.confirmation.payBy', { total, lastDay: lastDay(order, shop.timeZone, t), number })}${howToPay(order, t)}`
          : `${t('order.confirmation.paid')}${invoiceAttached(order, t)}`;
      return withAcceptedPages(
        render(
          orderConfirmationMail,
          t('order.confirmation.subject', { number }),
          [
            t('order.confirmation.thanks', { number }),
            linesAndTotal(order, t),
            payment,
            destination(order, t),
          ].join('\n\n'),
        ),
        accepted,
        t,
      );
    }
    case 'shipped':
      return render(
        orderShippedMail,
        t('order.shipped.subject', { number }),
        [
          t('order.shipped.sent', { number, carrier: order.carrier }),
          t('order.shipped.tracking', { reference: order.tracking_reference }),
          destination(order, t),
        ].join('\n\n'),
      );
    case 'cancelled':
      return render(
        orderCancelledMail,
        t('order.cancelled.subject', { number }),
        [
          t('order.cancelled.why', { number, reason: cancelReason(order, t) }),
          linesAndTotal(order, t),
          t('order.cancelled.givenBack'),
        ].join('\n\n'),
      );
    case 'payment-refunded': {
      const reason = cancelReason(order, t)?.replace(/[.!]+$/, '');
      return render(
        orderPaymentRefundedMail,
        t('order.paymentRefunded.subject', { number }),
        `${
          reason
            ? t('order.paymentRefunded.bodyWithReason', { total, number, reason })
            : t('order.paymentRefunded.body', { total, number })
        }\n\n${linesAndTotal(order, t)}`,
      );
    }
    case 'withdrawal-received': {
      // The acknowledgment on a durable medium (Directive 2023/2673, Art. 11a): what was
      // withdrawn from, when it was received, what happens next.
      const request = order.withdrawal!.requests.at(-1)!;
      return render(
        orderWithdrawalReceivedMail,
        t('order.withdrawal.subject', { number }),
        [
          t('order.withdrawal.received', {
            number,
            when: formatShopMoment(request.requested_at, shop.timeZone, t),
          }),
          `${t('order.withdrawal.from')}\n${itemLines(order, request.item_ids, t)}`,
          ...(request.reason ? [t('order.withdrawal.reason', { reason: request.reason })] : []),
          afterWithdrawal(order, returnAddress, t),
          t('order.withdrawal.keep'),
        ].join('\n\n'),
      );
    }
    case 'refunded': {
      const refund = order.refunds.at(-1)!;
      const shipping =
        refund.shipping_cents > 0
          ? `\n- ${t('order.shipping', { amount: orderMoney(refund.shipping_cents, order, t) })}`
          : '';
      return render(
        orderRefundedMail,
        t('order.refunded.subject', { number }),
        `${t('order.refunded.amount', { amount: orderMoney(refund.amount_cents, order, t), number })}\n${itemLines(order, refund.item_ids, t)}${shipping}\n\n${order.payment.provider === 'manual' ? t('order.refunded.byTransfer') : t('order.refunded.asPaid')}`,
      );
    }
    case 'payment-received':
      return render(
        orderPaymentReceivedMail,
        t('order.paymentReceived.subject', { number }),
        [
          `${t('order.paymentReceived.thanks', { total, number })}${invoiceAttached(order, t)}`,
          linesAndTotal(order, t),
          destination(order, t),
        ].join('\n\n'),
      );
    case 'payment-reminder':
      return render(
        orderPaymentReminderMail,
        t('order.paymentReminder.subject', { number }),
        `${t('order.paymentReminder.notYet', { total, number, lastDay: lastDay(order, shop.timeZone, t) })}${howToPay(order, t)}\n\n${linesAndTotal(order, t)}`,
      );
  }
}
