import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

const AFTER = 'Check out before then to make them yours; after that they go back on sale.';

/**
 * Sent once per cart hold, shortly before it runs out (spec 6: greets by first
 * name). `itemList` holds one item title per line.
 */
export const cartReminderMail = defineTemplate<'itemList' | 'holdUntil' | 'cartUrl', 'firstName'>({
  name: 'cart-reminder',
  required: ['itemList', 'holdUntil', 'cartUrl'],
  subject: () => 'Your cart is held for you a little longer',
  text: (v) =>
    textBody(
      greeting(v.firstName),
      `The items in your cart are held for you until ${v.holdUntil}:`,
      v.itemList
        .split('\n')
        .map((title) => `- ${title}`)
        .join('\n'),
      AFTER,
      v.cartUrl,
    ),
  html: (v) =>
    htmlBody(
      'Your cart is held for you a little longer',
      greeting(v.firstName),
      `The items in your cart are held for you until ${v.holdUntil}:`,
      v.itemList
        .split('\n')
        .map((title) => `&bull; ${title}`)
        .join('<br>'),
      AFTER,
      htmlButton(v.cartUrl, 'Go to my cart'),
    ),
});
