import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

/**
 * Sent once per cart hold, shortly before it runs out (spec 6: greets by first
 * name). `itemList` holds one item title per line.
 */
export const cartReminderMail = defineTemplate<'itemList' | 'holdUntil' | 'cartUrl', 'firstName'>({
  name: 'cart-reminder',
  required: ['itemList', 'holdUntil', 'cartUrl'],
  subject: (_, t) => t('cartReminder.subject'),
  text: (v, t) =>
    textBody(
      greeting(v.firstName, t),
      t('cartReminder.heldUntil', { until: v.holdUntil }),
      v.itemList
        .split('\n')
        .map((title) => `- ${title}`)
        .join('\n'),
      t('cartReminder.after'),
      v.cartUrl,
    ),
  html: (v, t) =>
    htmlBody(
      t('cartReminder.subject'),
      greeting(v.firstName, t),
      t('cartReminder.heldUntil', { until: v.holdUntil }),
      v.itemList
        .split('\n')
        .map((title) => `&bull; ${title}`)
        .join('<br>'),
      t('cartReminder.after'),
      htmlButton(v.cartUrl, t('cartReminder.button')),
    ),
});
