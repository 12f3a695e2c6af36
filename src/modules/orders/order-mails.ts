import type { ShopSettings } from '../../config.js';
import { greeting, htmlBody, htmlButton, textBody } from '../../mail/templates/layout.js';
import {
  defineTemplate,
  escapeHtml,
  type RenderedMail,
  renderMail,
} from '../../mail/templates/template.js';
import { pageText } from '../shop/page-markdown.js';
import type { Order } from './orders.schemas.js';
import { postalLines } from './postal-lines.js';
import { formatShopDay } from './shop-days.js';

/** "€12.50": the shop's currency, one locale for all mail (the reader's is unknown). */
export const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);

const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((part) => part.replace(/\n/g, '<br>'))
    .join('</p><p>');

/** Each order mail: a subject line, a body of plain paragraphs and a link to the order. */
const orderTemplate = (name: string) =>
  defineTemplate<'subject' | 'body' | 'orderUrl', 'firstName'>({
    name,
    required: ['subject', 'body', 'orderUrl'],
    subject: (v) => v.subject,
    text: (v) => textBody(greeting(v.firstName), v.body, v.orderUrl),
    html: (v) =>
      htmlBody(
        v.subject,
        greeting(v.firstName),
        paragraphs(v.body),
        htmlButton(v.orderUrl, 'See your order'),
      ),
  });

export const orderConfirmationMail = orderTemplate('order-confirmation');
export const orderShippedMail = orderTemplate('order-shipped');
export const orderCancelledMail = orderTemplate('order-cancelled');
export const orderPaymentReminderMail = orderTemplate('order-payment-reminder');
export const orderPaymentRefundedMail = orderTemplate('order-payment-refunded');
export const orderWithdrawalReceivedMail = orderTemplate('order-withdrawal-received');
export const orderRefundedMail = orderTemplate('order-refunded');

/** "Thursday, 26 November 2026 at 16:05 (Europe/Berlin time)": a moment as the shop tells it. */
export function formatShopMoment(at: Date | string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(at));
  return `${text} (${timeZone} time)`;
}

/** The lines of the order that are these items, each with its price. */
function itemLines(order: Order, itemIds: number[]): string {
  return order.lines
    .filter((line) => line.item_id !== null && itemIds.includes(line.item_id))
    .map((line) => `- ${line.title}: ${formatMoney(line.price_cents, order.currency)}`)
    .join('\n');
}

/**
 * What happens after a withdrawal, by where the order was when it arrived (issue 34
 * item 5): an unpaid order is cancelled; a paid one not yet sent is not sent; a sent one
 * comes back to the shop.
 */
function afterWithdrawal(order: Order, returnAddress: string | null | undefined): string {
  if (order.state === 'cancelled')
    return 'The order is cancelled: there is nothing to pay, and nothing will be sent.';
  if (order.state === 'paid' && order.fulfilment === 'shipping')
    return 'We will not send these pieces. We pay back what you paid for them within 14 days of today, the way you paid.';
  if (order.state === 'paid')
    return 'Please do not collect these pieces. We pay back what you paid for them within 14 days of today, the way you paid.';
  const where = returnAddress ? ` to:\n${returnAddress}` : '.';
  return `Please send the pieces back within 14 days${where}\n\nWe pay back what you paid for them within 14 days of today, the way you paid (the standard shipping too when you withdraw from the whole order). We may wait until the pieces are back with us or you have shown us that you sent them.`;
}
export const orderPaymentReceivedMail = orderTemplate('order-payment-received');

function linesAndTotal(order: Order): string {
  const lines = order.lines.map(
    (line) => `- ${line.title}: ${formatMoney(line.price_cents, order.currency)}`,
  );
  // Shipping said apart, so the lines and shipping add up to the total (issue 34).
  if (order.fulfilment === 'shipping')
    lines.push(
      `Shipping: ${order.shipping_cents === 0 ? 'free' : formatMoney(order.shipping_cents, order.currency)}`,
    );
  // Prices include VAT: the total contains it, said beside it, never added (issue 34 item 3).
  const vat =
    order.tax_cents > 0 ? ` (includes VAT ${formatMoney(order.tax_cents, order.currency)})` : '';
  return `${lines.join('\n')}\nTotal: ${formatMoney(order.total_cents, order.currency)}${vat}`;
}

/** Where a pickup order is collected, from the shop's settings as the order carries them. */
function collection(order: Order): string {
  const pickup = order.pickup;
  const where = pickup?.address
    ? `Collect it at the shop:\n${pickup.address}`
    : 'Collect it at the shop.';
  const when = pickup?.hours ? `\nOpening hours: ${pickup.hours}` : '';
  return `${where}${when}\n\nBring your order number, ${order.number}, when you come.`;
}

function destination(order: Order): string {
  const a = order.shipping_address;
  if (order.fulfilment === 'pickup') return collection(order);
  if (!a) return 'We send it by post.';
  return ['We send it to:', ...postalLines(a)].join('\n');
}

/** The last day to pay in the shop's words, naming the zone it is counted in. */
function lastDay(order: Order, timeZone: string): string {
  const day = order.payment_due_date ? formatShopDay(order.payment_due_date) : 'the due date';
  return `${day} (${timeZone} time)`;
}

/** How to pay a manual payment: the shop's own instructions (SHOP_PAYMENT_INSTRUCTIONS). */
const howToPay = (order: Order) =>
  order.payment_instructions ? `\n\nHow to pay:\n${order.payment_instructions}` : '';

/** The invoice travels with the mail as a PDF (the outbox attaches it when sending). */
const invoiceAttached = (order: Order) =>
  order.invoice ? `\n\nYour invoice ${order.invoice.number} is attached.` : '';

const firstNameOf = (order: Order) => order.buyer.name?.split(' ')[0] ?? null;

/** What an order mail needs besides the order: where links point, the shop's settings. */
export interface OrderMailContext {
  publicBaseUrl: URL;
  shop: Pick<ShopSettings, 'timeZone'>;
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
function withAcceptedPages(mail: RenderedMail, pages: OrderMailContext['accepted']): RenderedMail {
  if (!pages?.length) return mail;
  const heading = (page: { title: string; version: number }) =>
    `${page.title} (version ${page.version}), as you accepted them with this order`;
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
  { publicBaseUrl, shop, accepted, returnAddress }: OrderMailContext,
): RenderedMail {
  const orderUrl = new URL(`/account/orders/${order.id}`, publicBaseUrl).href;
  const values = { firstName: firstNameOf(order), orderUrl };
  const total = formatMoney(order.total_cents, order.currency);
  switch (kind) {
    case 'confirmation': {
      const payment =
        order.state === 'placed' && order.payment_due_date
          ? `Please pay ${total} by ${lastDay(order, shop.timeZone)}, quoting ${order.number} as the reference. Unpaid orders are cancelled after the end of that day.${howToPay(order)}`
          : `Your payment has been received.${invoiceAttached(order)}`;
      return withAcceptedPages(
        renderMail(orderConfirmationMail, {
          ...values,
          subject: `Your order ${order.number}`,
          body: `Thank you for your order ${order.number}.\n\n${linesAndTotal(order)}\n\n${payment}\n\n${destination(order)}`,
        }),
        accepted,
      );
    }
    case 'shipped':
      return renderMail(orderShippedMail, {
        ...values,
        subject: `Your order ${order.number} is on its way`,
        body: `Your order ${order.number} has been sent with ${order.carrier}.\n\nTracking reference: ${order.tracking_reference}\n\n${destination(order)}`,
      });
    case 'cancelled':
      return renderMail(orderCancelledMail, {
        ...values,
        subject: `Your order ${order.number} was cancelled`,
        body: `Your order ${order.number} was cancelled: ${order.cancel_reason}\n\n${linesAndTotal(order)}\n\nAny payment taken is given back.`,
      });
    case 'payment-refunded':
      return renderMail(orderPaymentRefundedMail, {
        ...values,
        subject: `Your payment for order ${order.number} is refunded`,
        body: `A payment of ${total} for your order ${order.number} reached us after the order had ended${order.cancel_reason ? ` (${order.cancel_reason.replace(/[.!]+$/, '')})` : ''}. Nothing was sold for it, so we have refunded it in full; it reaches your account in a few days.\n\n${linesAndTotal(order)}`,
      });
    case 'withdrawal-received': {
      // The acknowledgment on a durable medium (Directive 2023/2673, Art. 11a): what was
      // withdrawn from, when it was received, what happens next.
      const request = order.withdrawal!.requests.at(-1)!;
      return renderMail(orderWithdrawalReceivedMail, {
        ...values,
        subject: `We received your withdrawal from order ${order.number}`,
        body: [
          `We received your withdrawal from your order ${order.number} on ${formatShopMoment(request.requested_at, shop.timeZone)}.`,
          `You withdrew from:\n${itemLines(order, request.item_ids)}`,
          ...(request.reason ? [`Your reason: ${request.reason}`] : []),
          afterWithdrawal(order, returnAddress),
          'Please keep this mail: it is your confirmation of the withdrawal.',
        ].join('\n\n'),
      });
    }
    case 'refunded': {
      const refund = order.refunds.at(-1)!;
      const shipping =
        refund.shipping_cents > 0
          ? `\n- Shipping: ${formatMoney(refund.shipping_cents, order.currency)}`
          : '';
      return renderMail(orderRefundedMail, {
        ...values,
        subject: `Your refund for order ${order.number}`,
        body: `We have refunded ${formatMoney(refund.amount_cents, order.currency)} for your order ${order.number}:\n${itemLines(order, refund.item_ids)}${shipping}\n\n${order.payment.provider === 'manual' ? 'We pay it back to you by bank transfer.' : 'It reaches your account the way you paid, usually within a few days.'}`,
      });
    }
    case 'payment-received':
      return renderMail(orderPaymentReceivedMail, {
        ...values,
        subject: `Payment received for your order ${order.number}`,
        body: `We have received your payment of ${total} for your order ${order.number}. Thank you!${invoiceAttached(order)}\n\n${linesAndTotal(order)}\n\n${destination(order)}`,
      });
    case 'payment-reminder':
      return renderMail(orderPaymentReminderMail, {
        ...values,
        subject: `Payment for your order ${order.number}`,
        body: `We have not yet received ${total} for your order ${order.number}. Please pay by ${lastDay(order, shop.timeZone)}, quoting ${order.number} as the reference; after the end of that day the order is cancelled and the pieces go back on sale.${howToPay(order)}\n\n${linesAndTotal(order)}`,
      });
  }
}
