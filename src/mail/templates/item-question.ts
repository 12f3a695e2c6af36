import { htmlBody, htmlButton } from './layout.js';
import { defineTemplate } from './template.js';

/**
 * A customer's question about a piece, to the shop's contact address (issue 33
 * item 6), in the shop's language (SHOP_LANGUAGE: the owner reads it). Sent with the
 * customer's address as Reply-To: the owner answers from their mail. The message is
 * shown as written, line breaks kept.
 */
export const itemQuestionMail = defineTemplate<
  'itemTitle' | 'itemUrl' | 'itemId' | 'customerEmail' | 'message',
  'customerName'
>({
  name: 'item-question',
  required: ['itemTitle', 'itemUrl', 'itemId', 'customerEmail', 'message'],
  // One line, however the title is written: a subject is a header.
  subject: (v, t) =>
    t('itemQuestion.subject', { title: v.itemTitle.replace(/\s+/g, ' ').trim(), id: v.itemId }),
  text: (v, t) =>
    `${[
      t('itemQuestion.asks', {
        asker: asker(v.customerName, v.customerEmail),
        title: v.itemTitle,
        id: v.itemId,
      }),
      v.itemUrl,
      v.message,
      t('itemQuestion.reply'),
    ].join('\n\n')}\n`,
  html: (v, t) =>
    htmlBody(
      t('itemQuestion.title', { title: v.itemTitle }),
      t('itemQuestion.asks', {
        asker: asker(v.customerName, v.customerEmail),
        title: v.itemTitle,
        id: v.itemId,
      }),
      `<blockquote style="margin: 0; padding: 8px 14px; border-left: 3px solid #2f7d6d; white-space: pre-line">${v.message}</blockquote>`,
      htmlButton(v.itemUrl, t('itemQuestion.button')),
      t('itemQuestion.reply'),
    ),
});

function asker(name: string | null | undefined, email: string): string {
  return name?.trim() ? `${name.trim()} <${email}>` : email;
}
