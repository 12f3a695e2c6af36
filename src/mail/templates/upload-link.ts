import { htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

/** Sent to the contact address when an admin creates an upload link (spec 6); requires submitUrl. */
export const uploadLinkMail = defineTemplate<'submitUrl', 'label'>({
  name: 'upload-link',
  required: ['submitUrl'],
  subject: () => 'Your link for sending us photos',
  text: (v) =>
    textBody(
      'Hello,',
      `Here is your personal link for sending photos of an item${v.label ? ` (${v.label})` : ''} to the shop:`,
      v.submitUrl,
      'Open it on your phone or computer, add up to 6 photos and a short note, and send. No account is needed. Please keep the link to yourself.',
    ),
  html: (v) =>
    htmlBody(
      'Send us your photos',
      'Hello,',
      `Here is your personal link for sending photos of an item${v.label ? ` (${v.label})` : ''} to the shop.`,
      htmlButton(v.submitUrl, 'Send photos'),
      'Add up to 6 photos and a short note. No account is needed. Please keep the link to yourself.',
    ),
});
