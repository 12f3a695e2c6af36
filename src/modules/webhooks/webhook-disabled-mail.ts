import { htmlBody, htmlButton, textBody } from '../../mail/templates/layout.js';
import { defineTemplate } from '../../mail/templates/template.js';

/**
 * To the shop's admins when a webhook endpoint is disabled after a day of failed
 * deliveries, in the shop's language (SHOP_LANGUAGE).
 */
export const webhookDisabledMail = defineTemplate<'url' | 'lastError' | 'adminUrl'>({
  name: 'webhook-disabled',
  required: ['url', 'lastError', 'adminUrl'],
  subject: (_, t) => t('webhookDisabled.subject'),
  text: (v, t) =>
    textBody(
      t('greeting.plain'),
      t('webhookDisabled.failed', { url: v.url, error: v.lastError }),
      t('webhookDisabled.keptLink'),
      v.adminUrl,
    ),
  html: (v, t) =>
    htmlBody(
      t('webhookDisabled.subject'),
      t('greeting.plain'),
      t('webhookDisabled.failed', { url: `<strong>${v.url}</strong>`, error: v.lastError }),
      t('webhookDisabled.kept'),
      htmlButton(v.adminUrl, t('webhookDisabled.button')),
    ),
});
