import type { MailT } from '../../i18n/mail.js';
import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

const intro = (label: string | null | undefined, t: MailT) =>
  label ? t('uploadLink.introLabelled', { label }) : t('uploadLink.intro');

/** Sent to the contact address when an admin creates an upload link (spec 6); requires submitUrl. */
export const uploadLinkMail = defineTemplate<'submitUrl', 'label'>({
  name: 'upload-link',
  required: ['submitUrl'],
  subject: (_, t) => t('uploadLink.subject'),
  text: (v, t) =>
    textBody(greeting(null, t), intro(v.label, t), v.submitUrl, t('uploadLink.howWithLink')),
  html: (v, t) =>
    htmlBody(
      t('uploadLink.title'),
      greeting(null, t),
      intro(v.label, t),
      htmlButton(v.submitUrl, t('uploadLink.button')),
      t('uploadLink.how'),
    ),
});
