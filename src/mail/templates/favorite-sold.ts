import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

const WHY =
  'You get this email because you asked to hear when an item on your favorites list is sold. You can turn these emails off in your account at any time.';

/** Sent after a favorite is sold, by checkout or by the admin (spec 6); requires the item's title and page. */
export const favoriteSoldMail = defineTemplate<'itemTitle' | 'itemUrl', 'firstName'>({
  name: 'favorite-sold',
  required: ['itemTitle', 'itemUrl'],
  subject: (v) => `Sold: ${v.itemTitle}`,
  text: (v) =>
    textBody(
      greeting(v.firstName),
      `An item on your favorites list has just been sold: ${v.itemTitle}.`,
      v.itemUrl,
      WHY,
    ),
  html: (v) =>
    htmlBody(
      `Sold: ${v.itemTitle}`,
      greeting(v.firstName),
      `An item on your favorites list has just been sold: <strong>${v.itemTitle}</strong>.`,
      htmlButton(v.itemUrl, 'See the item'),
      WHY,
    ),
});
