import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

/** Sent after a favorite is sold, by checkout or by the admin (spec 6); requires the item's title and page. */
export const favoriteSoldMail = defineTemplate<'itemTitle' | 'itemUrl', 'firstName'>({
  name: 'favorite-sold',
  required: ['itemTitle', 'itemUrl'],
  subject: (v, t) => t('favoriteSold.subject', { title: v.itemTitle }),
  text: (v, t) =>
    textBody(
      greeting(v.firstName, t),
      t('favoriteSold.sold', { title: v.itemTitle }),
      v.itemUrl,
      t('favoriteSold.why'),
    ),
  html: (v, t) =>
    htmlBody(
      t('favoriteSold.subject', { title: v.itemTitle }),
      greeting(v.firstName, t),
      t('favoriteSold.sold', { title: `<strong>${v.itemTitle}</strong>` }),
      htmlButton(v.itemUrl, t('favoriteSold.button')),
      t('favoriteSold.why'),
    ),
});
