import { greeting, htmlBody, htmlButton, textBody } from '../../mail/templates/layout.js';
import { defineTemplate } from '../../mail/templates/template.js';

/**
 * The mails an order sends its buyer. Each is a subject, a body of plain paragraphs
 * (written from the order in the buyer's language by `orderMail`, order-mail-text.ts)
 * and a link to the order; the greeting and the button are the catalogue's.
 */
const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((part) => part.replace(/\n/g, '<br>'))
    .join('</p><p>');

const orderTemplate = (template: { name: string }) =>
  defineTemplate<'subject' | 'body' | 'orderUrl', 'firstName'>({
    name: template.name,
    required: ['subject', 'body', 'orderUrl'],
    subject: (v) => v.subject,
    text: (v, t) => textBody(greeting(v.firstName, t), v.body, v.orderUrl),
    html: (v, t) =>
      htmlBody(
        v.subject,
        greeting(v.firstName, t),
        paragraphs(v.body),
        htmlButton(v.orderUrl, t('order.button')),
      ),
  });

export const orderConfirmationMail = orderTemplate({ name: 'order-confirmation' });
export const orderShippedMail = orderTemplate({ name: 'order-shipped' });
export const orderCancelledMail = orderTemplate({ name: 'order-cancelled' });
export const orderPaymentReminderMail = orderTemplate({ name: 'order-payment-reminder' });
export const orderPaymentRefundedMail = orderTemplate({ name: 'order-payment-refunded' });
export const orderWithdrawalReceivedMail = orderTemplate({ name: 'order-withdrawal-received' });
export const orderRefundedMail = orderTemplate({ name: 'order-refunded' });
export const orderPaymentReceivedMail = orderTemplate({ name: 'order-payment-received' });
