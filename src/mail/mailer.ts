import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer, { type Transport, type Transporter } from 'nodemailer';
import type { Clock } from '../auth/clock.js';
import type { Config } from '../config.js';
import type { RenderedMail } from './templates/template.js';

/** A rendered message and its one recipient. */
export interface OutgoingMail extends RenderedMail {
  to: string;
}

export interface Mailer {
  /**
   * Sends one message, retrying a failed attempt a few times. Resolves true when
   * delivered, false when it gave up (already logged). Never rejects: a mail
   * failure must not undo what the caller has committed (spec 6).
   */
  send(mail: OutgoingMail): Promise<boolean>;
  /**
   * Sends without making the caller wait, for after a commit: the response does
   * not depend on the network, and answers take the same time whether or not a
   * mail went out (password-reset request). `idle()` waits for these.
   */
  sendInBackground(mail: OutgoingMail): void;
  /** Resolves once every background send has finished (shutdown, tests). */
  idle(): Promise<void>;
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
  /** Waits before the 2nd, 3rd, … attempt; its length + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer (tests wait on `app.mailer.idle()`). */
    mailer: Mailer;
  }
}

/** Three attempts within about a second and a half: enough for a blip, short enough to be done at shutdown. */
export const DEFAULT_RETRY_DELAYS_MS = [250, 1_000] as const;

/**
 * What may be logged about a failure: never the message, which carries the
 * link and its token. SMTP errors name the command and the server's reply code.
 */
function failureDetails(error: unknown) {
  const e = error as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    message?: unknown;
  };
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    command: typeof e.command === 'string' ? e.command : undefined,
    message: typeof e.message === 'string' ? e.message : String(error),
  };
}

/**
 * Mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is
 * written to DATA_DIR/mail as an .eml file and a log line names the file, so a
 * developer can open the verification link without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { config, log, clock } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  // Without a transport or SMTP_URL, messages become .eml files.
  const writesFiles = !options.transport && !config.smtpUrl;
  const transporter: Transporter = options.transport
    ? nodemailer.createTransport(options.transport)
    : config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = path.join(config.dataDir, 'mail');
  const pending = new Set<Promise<unknown>>();

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

  async function attempt(mail: OutgoingMail): Promise<void> {
    const info = await transporter.sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    if (writesFiles) {
      const file = await writeFile(mail, info.message as Buffer);
      log.info({ mail: { template: mail.template, file } }, `mail written to ${file}`);
    } else {
      log.info({ mail: { template: mail.template, messageId: info.messageId } }, 'mail sent');
    }
  }

  async function send(mail: OutgoingMail): Promise<boolean> {
    for (let tried = 0; ; tried++) {
      try {
        await attempt(mail);
        return true;
      } catch (error) {
        const details = {
          mail: { template: mail.template, attempt: tried + 1 },
          error: failureDetails(error),
        };
        const delay = retryDelays[tried];
        if (delay === undefined) {
          log.error(details, 'mail not sent: giving up');
          return false;
        }
        log.warn(details, 'mail not sent: retrying');
        await sleep(delay);
      }
    }
  }

  async function idle(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  return {
    send,

    sendInBackground(mail) {
      const sending = send(mail).finally(() => pending.delete(sending));
      pending.add(sending);
    },

    idle,

    async close() {
      await idle();
      transporter.close();
    },
  };
}
