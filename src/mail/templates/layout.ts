/** Pieces every template shares, so all mail looks and greets alike. */
import { type MailT, mailT, SOURCE_LANGUAGE } from '../../i18n/mail.js';

/** "Hello Ann," when the first name is known, otherwise "Hello," (cart reminders greet by first name, spec 6). */
export function greeting(
  firstName: string | null | undefined,
  t: MailT = mailT(SOURCE_LANGUAGE),
): string {
  const name = firstName?.trim();
  return name ? t('greeting.named', { name }) : t('greeting.plain');
}

/** Plain text: paragraphs separated by blank lines; the outbox adds the shop's signature (signature.ts). */
export function textBody(...paragraphs: string[]): string {
  return `${paragraphs.join('\n\n')}\n`;
}

/**
 * A minimal HTML document. Every argument must already be escaped: templates
 * receive escaped values from `renderMail`.
 */
export function htmlBody(title: string, ...paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${title}</title></head>
  <body style="font-family: sans-serif; line-height: 1.5; color: #222">
    ${body}
  </body>
</html>
`;
}

/** A link shown as a button, with the address spelled out for clients that strip links. */
export function htmlButton(url: string, label: string): string {
  return `<a href="${url}" style="display: inline-block; padding: 10px 18px; background: #2f7d6d; color: #fff; text-decoration: none; border-radius: 4px">${label}</a><br><small>${url}</small>`;
}
