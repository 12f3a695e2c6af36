import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

/** Sent when an enabled account asks for a password reset (spec 6); requires resetUrl. */
export const passwordResetMail = defineTemplate<'resetUrl', 'firstName'>({
  name: 'password-reset',
  required: ['resetUrl'],
  subject: () => 'Reset your password',
  text: (v) =>
    textBody(
      greeting(v.firstName),
      'Someone, hopefully you, asked to reset the password of your shop account. Choose a new password here:',
      v.resetUrl,
      'The link works for 1 hour and only once. If you did not ask for this, ignore this email: your password stays as it is.',
    ),
  html: (v) =>
    htmlBody(
      'Reset your password',
      greeting(v.firstName),
      'Someone, hopefully you, asked to reset the password of your shop account.',
      htmlButton(v.resetUrl, 'Choose a new password'),
      'The link works for 1 hour and only once. If you did not ask for this, ignore this email: your password stays as it is.',
    ),
});
