import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

/** Sent when an enabled account asks for a password reset (spec 6); requires resetUrl. */
export const passwordResetMail = defineTemplate<'resetUrl', 'firstName'>({
  name: 'password-reset',
  required: ['resetUrl'],
  subject: (_, t) => t('passwordReset.subject'),
  text: (v, t) =>
    textBody(
      greeting(v.firstName, t),
      t('passwordReset.askWithLink'),
      v.resetUrl,
      t('passwordReset.validity'),
    ),
  html: (v, t) =>
    htmlBody(
      t('passwordReset.subject'),
      greeting(v.firstName, t),
      t('passwordReset.ask'),
      htmlButton(v.resetUrl, t('passwordReset.button')),
      t('passwordReset.validity'),
    ),
});
