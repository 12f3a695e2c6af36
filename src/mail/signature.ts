import type { OutgoingMail } from './mailer.js';
import { escapeHtml } from './templates/template.js';

/** Who a mail is from, as the shop's settings say when it is written (issue 33 item 1). */
export interface Sender {
  /** The display name of the From header; null: the address alone. */
  fromName: string | null;
  /** The sign-off under every mail: the shop's name, address and contact. */
  signature: string;
}

/** The sign-off a shop without settings uses. */
export const PLAIN_SENDER: Sender = { fromName: null, signature: 'The shop' };

/**
 * The mail with the shop's signature under it: every mail goes through the outbox,
 * so every mail is signed alike and with the settings of the moment it was written.
 */
export function signed(mail: OutgoingMail, sender: Sender): OutgoingMail {
  const text = `${mail.text.trimEnd()}\n\n${sender.signature}\n`;
  const block = `<p>${escapeHtml(sender.signature).replace(/\n/g, '<br>')}</p>`;
  const html = /<\/body>/i.test(mail.html)
    ? mail.html.replace(/<\/body>/i, () => `  ${block}\n  </body>`)
    : `${mail.html}${block}`;
  return { ...mail, text, html };
}

/** A sender name fit for a From header: one line, no quotes or angle brackets to escape. */
export function headerSafeName(name: string): string {
  return (
    name
      // Control characters (a header break among them) and what a display name would quote.
      .replace(/\p{Cc}|["<>\\]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100)
  );
}
