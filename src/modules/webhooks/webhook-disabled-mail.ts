import { htmlBody, htmlButton, textBody } from '../../mail/templates/layout.js';
import { defineTemplate } from '../../mail/templates/template.js';

/** To the shop's admins when a webhook endpoint is disabled after a day of failed deliveries. */
export const webhookDisabledMail = defineTemplate<'url' | 'lastError' | 'adminUrl'>({
  name: 'webhook-disabled',
  required: ['url', 'lastError', 'adminUrl'],
  subject: () => 'A webhook endpoint was disabled',
  text: (v) =>
    textBody(
      'Hello,',
      `Deliveries to ${v.url} have failed for a day, so the shop stopped sending to it. The last attempt failed with: ${v.lastError}.`,
      'Events since then are kept. Once the receiver works again, enable the endpoint in the admin and they are delivered in order:',
      v.adminUrl,
    ),
  html: (v) =>
    htmlBody(
      'A webhook endpoint was disabled',
      'Hello,',
      `Deliveries to <strong>${v.url}</strong> have failed for a day, so the shop stopped sending to it. The last attempt failed with: ${v.lastError}.`,
      'Events since then are kept. Once the receiver works again, enable the endpoint in the admin and they are delivered in order.',
      htmlButton(v.adminUrl, 'Open webhooks'),
    ),
});
