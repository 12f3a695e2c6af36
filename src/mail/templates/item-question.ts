import { htmlBody, htmlButton } from './layout.js';
import { defineTemplate } from './template.js';

/**
 * A customer's question about a piece, to the shop's contact address (issue 33
 * item 6). Sent with the customer's address as Reply-To: the owner answers from
 * their mail. The message is shown as written, line breaks kept.
 */
export const itemQuestionMail = defineTemplate<
  'itemTitle' | 'itemUrl' | 'itemId' | 'customerEmail' | 'message',
  'customerName'
>({
  name: 'item-question',
  required: ['itemTitle', 'itemUrl', 'itemId', 'customerEmail', 'message'],
  // One line, however the title is written: a subject is a header.
  subject: (v) => `Question about “${v.itemTitle.replace(/\s+/g, ' ').trim()}” (item ${v.itemId})`,
  text: (v) =>
    `${[
      `${asker(v.customerName, v.customerEmail)} asks about “${v.itemTitle}” (item ${v.itemId}):`,
      v.itemUrl,
      v.message,
      'Reply to this mail to answer them: your answer goes to their address.',
    ].join('\n\n')}\n`,
  html: (v) =>
    htmlBody(
      `Question about ${v.itemTitle}`,
      `${asker(v.customerName, v.customerEmail)} asks about “${v.itemTitle}” (item ${v.itemId}):`,
      `<blockquote style="margin: 0; padding: 8px 14px; border-left: 3px solid #2f7d6d; white-space: pre-line">${v.message}</blockquote>`,
      htmlButton(v.itemUrl, 'See the piece'),
      'Reply to this mail to answer them: your answer goes to their address.',
    ),
});

function asker(name: string | null | undefined, email: string): string {
  return name?.trim() ? `${name.trim()} <${email}>` : email;
}
