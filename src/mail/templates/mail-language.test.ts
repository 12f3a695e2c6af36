import { describe, expect, it } from 'vitest';
import { cartReminderMail } from './cart-reminder.js';
import { favoriteSoldMail } from './favorite-sold.js';
import { itemQuestionMail } from './item-question.js';
import { passwordResetMail } from './password-reset.js';
import { renderMail } from './template.js';
import { uploadLinkMail } from './upload-link.js';
import { verificationMail } from './verification.js';

// Issue 37: every account mail comes from the mail catalogue, in the recipient's language.
const URL = 'https://shop.example/x';
const cases = [
  ['verification', () => [verificationMail, { verifyUrl: URL, firstName: 'Ann' }] as const],
  ['password reset', () => [passwordResetMail, { resetUrl: URL, firstName: 'Ann' }] as const],
  ['upload link', () => [uploadLinkMail, { submitUrl: URL, label: 'Stuhl' }] as const],
  [
    'cart reminder',
    () =>
      [
        cartReminderMail,
        {
          itemList: 'Stuhl\nTisch',
          holdUntil: '2026-01-01 10:00 UTC',
          cartUrl: URL,
          firstName: 'Ann',
        },
      ] as const,
  ],
  ['favorite sold', () => [favoriteSoldMail, { itemTitle: 'Stuhl', itemUrl: URL }] as const],
  [
    'item question',
    () =>
      [
        itemQuestionMail,
        {
          itemTitle: 'Stuhl',
          itemUrl: URL,
          itemId: '7',
          customerEmail: 'a@b.example',
          message: 'Maße?',
        },
      ] as const,
  ],
] as const;

const ENGLISH = /\b(Hello|the|your|please|item|cart|password|email|hours?)\b/i;

describe('account mails in German', () => {
  it.each(cases)('%s: German subject, text and HTML, lang="de", no English words', (_, make) => {
    const [template, values] = make();
    // biome-ignore lint/suspicious/noExplicitAny: one loop over templates of different value types
    const de = renderMail(template as any, values as any, 'de');
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const en = renderMail(template as any, values as any, 'en');
    expect(de.subject).not.toBe(en.subject);
    expect(de.html).toContain('<html lang="de">');
    expect(en.html).toContain('<html lang="en">');
    for (const part of [de.subject, de.text, de.html.replace(/<[^>]*>/g, ' ')])
      expect(part.replaceAll(URL, '')).not.toMatch(ENGLISH);
    expect(de.text).toContain(URL);
  });

  it('keeps the link label and the greeting in German', () => {
    const mail = renderMail(uploadLinkMail, { submitUrl: URL, label: 'Eichenstuhl' }, 'de');
    expect(mail.text).toMatch(/^Guten Tag,\n\nhier ist Ihr persönlicher Link.*\(Eichenstuhl\)/);
    const plain = renderMail(uploadLinkMail, { submitUrl: URL }, 'de');
    expect(plain.text).not.toContain('()');
  });
});
