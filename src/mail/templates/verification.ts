import { greeting, htmlBody, htmlButton, textBody } from './layout.js';
import { defineTemplate } from './template.js';

/** Sent at registration, email change and resend-verification (spec 6); requires verifyUrl. */
export const verificationMail = defineTemplate<'verifyUrl', 'firstName'>({
  name: 'verification',
  required: ['verifyUrl'],
  subject: () => 'Confirm your email address',
  text: (v) =>
    textBody(
      greeting(v.firstName),
      'Please confirm the email address of your shop account by opening this link:',
      v.verifyUrl,
      'The link works for 24 hours and only once. If you did not ask for this, you can ignore this email.',
    ),
  html: (v) =>
    htmlBody(
      'Confirm your email address',
      greeting(v.firstName),
      'Please confirm the email address of your shop account:',
      htmlButton(v.verifyUrl, 'Confirm my address'),
      'The link works for 24 hours and only once. If you did not ask for this, you can ignore this email.',
    ),
});
