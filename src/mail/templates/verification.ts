import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

/** Sent at registration, email change and resend-verification (spec 6); requires verifyUrl. */
export const verificationMail = defineTemplate<'verifyUrl', 'firstName'>({
  name: 'verification',
  required: ['verifyUrl'],
  subject: (_, t) => t('verification.subject'),
  text: (v, t) =>
    textBody(
      greeting(v.firstName, t),
      t('verification.askWithLink'),
      v.verifyUrl,
      t('verification.validity'),
    ),
  html: (v, t) =>
    htmlBody(
      t('verification.subject'),
      greeting(v.firstName, t),
      t('verification.ask'),
      htmlButton(v.verifyUrl, t('verification.button')),
      t('verification.validity'),
    ),
});
