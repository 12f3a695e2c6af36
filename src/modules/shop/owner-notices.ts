import { htmlBody, htmlButton, textBody } from '../../mail/templates/layout.js';
import { defineTemplate } from '../../mail/templates/template.js';

/**
 * The notices to the shop's owner (issue 33 item 4), in the shop's language
 * (SHOP_LANGUAGE): their words are written from the event by owner-notices.service.ts.
 */
const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((part) => part.replace(/\n/g, '<br>'))
    .join('</p><p>');

/** Every notice to the owner: a subject, plain paragraphs, a link into the admin, maybe a photo. */
export const ownerNoticeMail = (template: { name: string }) =>
  defineTemplate<'subject' | 'body' | 'url' | 'label', 'photoUrl'>({
    name: template.name,
    required: ['subject', 'body', 'url', 'label'],
    subject: (v) => v.subject,
    text: (v) => textBody(v.body, `${v.label}: ${v.url}`),
    html: (v, t) =>
      htmlBody(
        v.subject,
        paragraphs(v.body),
        ...(v.photoUrl
          ? [
              `<img src="${v.photoUrl}" alt="${t('owner.photoAlt')}" width="320" style="max-width: 100%">`,
            ]
          : []),
        htmlButton(v.url, v.label),
      ),
  });

export const newOrderMail = ownerNoticeMail({ name: 'owner-new-order' });
export const newSubmissionMail = ownerNoticeMail({ name: 'owner-new-submission' });
export const paymentProblemMail = ownerNoticeMail({ name: 'owner-payment-problem' });
export const withdrawalMail = ownerNoticeMail({ name: 'owner-withdrawal' });
