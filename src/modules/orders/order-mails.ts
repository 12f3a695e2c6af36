import { greeting, htmlBody, htmlButton, textBody } from '../../mail/templates/layout.js';
import { defineTemplate, type RenderedMail, renderMail } from '../../mail/templates/template.js';
import type { Order } from './orders.schemas.js';

/** "€12.50": the shop's currency, one locale for all mail (the reader's is unknown). */
export const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);

const asUtcDay = (date: Date | string) => `${new Date(date).toISOString().slice(0, 10)} (UTC)`;

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

function linesAndTotal(order: Order): string {
  const lines = order.lines.map(
    (line) => `- ${line.title}: ${formatMoney(line.price_cents, order.currency)}`,
  );
  return `${lines.join('\n')}\nTotal: ${formatMoney(order.total_cents, order.currency)}`;
}

function destination(order: Order): string {
  const a = order.shipping_address;
  if (!a) return 'You collect your order at the shop.';
  return [
    'We send it to:',
    a.name,
    a.line1,
    ...(a.line2 ? [a.line2] : []),
    `${a.postal_code} ${a.city}`,
    a.country,
  ].join('\n');
}

const firstNameOf = (order: Order) => order.buyer.name?.split(' ')[0] ?? null;

/** The mails an order sends its buyer, rendered from the order as committed. */
export function orderMail(
  kind: 'confirmation' | 'shipped' | 'cancelled' | 'payment-reminder',
  order: Order,
  publicBaseUrl: URL,
): RenderedMail {
  const orderUrl = new URL(`/account/orders/${order.id}`, publicBaseUrl).href;
  const values = { firstName: firstNameOf(order), orderUrl };
  const total = formatMoney(order.total_cents, order.currency);
  switch (kind) {
    case 'confirmation': {
      const payment =
        order.state === 'placed' && order.payment_due_at
          ? `Please pay ${total}, quoting ${order.number}, by ${asUtcDay(order.payment_due_at)}; unpaid orders are cancelled after that day.`
          : 'Your payment has been received.';
      return renderMail(orderConfirmationMail, {
        ...values,
        subject: `Your order ${order.number}`,
        body: `Thank you for your order ${order.number}.\n\n${linesAndTotal(order)}\n\n${destination(order)}\n\n${payment}`,
      });
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
    case 'payment-reminder':
      return renderMail(orderPaymentReminderMail, {
        ...values,
        subject: `Payment for your order ${order.number}`,
        body: `We have not yet received ${total} for your order ${order.number}. Please pay by ${asUtcDay(order.payment_due_at ?? new Date())}, quoting the order number; after that day the order is cancelled and the items go back on sale.\n\n${linesAndTotal(order)}`,
      });
  }
}
