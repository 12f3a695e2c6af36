import type { SentMessageInfo, Transport } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message.js';

export interface CapturedMail {
  to: string;
  from: string;
  /** The From header's display name; null when the address stands alone. */
  fromName: string | null;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The Reply-To address, empty when the message has none. */
  replyTo: string;
  /** Files sent with it (an invoice's PDF). */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

function addressText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(addressText).join(', ');
  if (value && typeof value === 'object' && 'address' in value) return String(value.address);
  return '';
}

/**
 * A nodemailer transport that keeps what the app sends, for `buildApp`'s
 * `mailTransport`. It can also make one address fail (conventions: the only fake
 * besides the clock).
 */
export class CaptureMail implements Transport {
  readonly name = 'capture';
  readonly version = '1';
  readonly messages: CapturedMail[] = [];
  /** Failed attempts, per address. */
  readonly failures: string[] = [];
  private readonly failing = new Map<string, number>();
  private readonly rejecting = new Set<string>();
  /** Waits until mail sent in the background has gone out; wired by buildTestApp. */
  settle: () => Promise<void> = async () => {};

  send(mail: MailMessage, callback: (err: Error | null, info?: SentMessageInfo) => void): void {
    const data = mail.data;
    const to = addressText(data.to);
    const left = this.failing.get(to) ?? 0;
    if (left > 0) {
      this.failing.set(to, left - 1);
      this.failures.push(to);
      // The server's reply text repeats the address, as real servers do.
      const code = this.rejecting.has(to) ? 550 : 451;
      callback(
        Object.assign(new Error(`${code} <${to}>: mailbox unavailable`), {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: code,
        }),
      );
      return;
    }
    this.messages.push({
      to,
      from: addressText(data.from),
      fromName:
        data.from && typeof data.from === 'object' && 'name' in data.from
          ? String(data.from.name)
          : null,
      subject: String(data.subject ?? ''),
      text: String(data.text ?? ''),
      html: String(data.html ?? ''),
      messageId: mail.message.messageId(),
      replyTo: addressText(data.replyTo),
      attachments: (data.attachments ?? []).map((file) => ({
        filename: String(file.filename ?? ''),
        contentType: String(file.contentType ?? ''),
        content: Buffer.isBuffer(file.content) ? file.content : Buffer.from(String(file.content)),
      })),
    });
    callback(null, {
      messageId: mail.message.messageId(),
      envelope: { from: addressText(data.from), to: [to] },
    });
  }

  /** Makes the next `times` sends to this address fail for now (451: try again later). */
  failFor(address: string, times = Number.POSITIVE_INFINITY): void {
    this.failing.set(address, times);
  }

  /** Refuses every send to this address for good (550: no such mailbox). */
  rejectFor(address: string): void {
    this.rejecting.add(address);
    this.failing.set(address, Number.POSITIVE_INFINITY);
  }

  /** Every message to an address, oldest first. */
  to(address: string): CapturedMail[] {
    return this.messages.filter((m) => m.to === address);
  }

  /** The newest message to an address; throws when there is none. */
  lastTo(address: string): CapturedMail {
    const message = this.to(address).at(-1);
    if (!message) throw new Error(`no mail to ${address}`);
    return message;
  }

  /**
   * The message to an address with this subject; throws when there is none. Mail
   * queued together (a confirmation and a cancellation) may go out in either order.
   */
  titled(address: string, subject: string): CapturedMail {
    const message = this.to(address).find((m) => m.subject === subject);
    if (!message) throw new Error(`no mail to ${address} titled "${subject}"`);
    return message;
  }

  clear(): void {
    this.messages.length = 0;
    this.failures.length = 0;
    this.failing.clear();
    this.rejecting.clear();
  }
}

/** The token of an account link in a message (`/account/verify#token=…`). */
export function tokenInMail(message: Pick<CapturedMail, 'text'>, page: 'verify' | 'reset'): string {
  const match = message.text.match(new RegExp(`/account/${page}#token=([A-Za-z0-9_-]{43})`));
  if (!match?.[1]) throw new Error(`no ${page} link in the mail`);
  return match[1];
}
