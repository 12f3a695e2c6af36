import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transport, type Transporter } from 'nodemailer';
import type { Clock } from '../auth/clock.js';
import type { Config } from '../config.js';
import type { RenderedMail } from './templates/template.js';

/** A file sent with a message (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A rendered message and its one recipient. */
export interface OutgoingMail extends RenderedMail {
  to: string;
  /** Where the recipient's answer goes (a customer's question to the shop). */
  replyTo?: string | null;
  /** The From header's display name (the shop's sender name); the address alone when absent. */
  fromName?: string | null;
  attachments?: MailAttachment[];
}

/** MAIL_FROM's address, also when it is written `Name <address>`. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

export interface Mailer {
  /**
   * One attempt to send one message under the given Message-ID; rejects on
   * failure. Retries, backoff and giving up belong to the outbox (src/mail/outbox.ts),
   * which calls this from its worker after the commit.
   */
  deliver(mail: OutgoingMail, messageId: string): Promise<void>;
  close(): Promise<void>;
}

interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailerOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  log: MailLog;
  clock: Clock;
  /** A nodemailer transport to use instead of SMTP or files (tests capture mail this way). */
  transport?: Transport;
}

/**
 * Every wait on an SMTP server is bounded, so a server that accepts and never
 * answers costs a send seconds, not minutes (nodemailer's defaults are 2 min
 * to connect and 10 min of socket silence).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 15_000,
} as const;

/**
 * What may be stored and logged about a failed send: the error code, the SMTP
 * command and reply code — never the server's reply text (it usually repeats the
 * address) nor the message, which carries the link and its token.
 */
export function describeMailFailure(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  const parts = [
    typeof e.code === 'string' ? e.code : 'ESEND',
    typeof e.command === 'string' ? `command ${e.command.split(' ')[0]}` : null,
    typeof e.responseCode === 'number' ? `reply ${e.responseCode}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

/** A 5xx reply: the server refused for good (no such mailbox); retrying cannot help. */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is
 * written to DATA_DIR/mail as an .eml file and a log line names the file, so a
 * developer can open the verification link without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { config, log, clock } = options;
  // Without a transport or SMTP_URL, messages become .eml files.
  const writesFiles = !options.transport && !config.smtpUrl;
  const transporter: Transporter = options.transport
    ? nodemailer.createTransport(options.transport)
    : config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = path.join(config.dataDir, 'mail');

  async function writeFile(mail: OutgoingMail, message: Buffer): Promise<string> {
    await fs.mkdir(mailDir, { recursive: true });
    const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
    const file = path.join(
      mailDir,
      `${stamp}-${mail.template}-${randomBytes(4).toString('hex')}.eml`,
    );
    // The file holds a live link; keep it readable by the shop's user only.
    await fs.writeFile(file, message, { mode: 0o600 });
    return file;
  }

  return {
    async deliver(mail, messageId) {
      const info = await transporter.sendMail({
        // The shop's current name from its settings, at the address MAIL_FROM gives.
        from: mail.fromName
          ? { name: mail.fromName, address: addressOf(config.mailFrom) }
          : config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
        // Stable across retries: a receiver (or a person) can tell a resend after
        // an ambiguous answer from a new message.
        messageId,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      if (writesFiles) {
        const file = await writeFile(mail, info.message as Buffer);
        log.info({ mail: { template: mail.template, file } }, `mail written to ${file}`);
      }
    },

    async close() {
      transporter.close();
    },
  };
}
