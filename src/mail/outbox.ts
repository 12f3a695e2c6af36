import { randomBytes } from 'node:crypto';
import type { Clock } from '../auth/clock.js';
import { DAY_MS } from '../auth/clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import {
  type ClaimedJob,
  enqueue,
  exponentialBackoff,
  type JobWorker,
  PermanentJobError,
} from '../jobs/job-queue.js';
import {
  describeMailFailure,
  isPermanentMailFailure,
  type MailAttachment,
  type Mailer,
  type OutgoingMail,
} from './mailer.js';
import { outboxRepository } from './outbox.repository.js';
import { PLAIN_SENDER, type Sender, signed } from './signature.js';

/**
 * The durable mail outbox (spec 6; one message per row): a mail is written in the
 * same transaction as the event that causes it, and the job queue's worker sends
 * it after the commit, retrying with backoff over hours, surviving restarts.
 * Exactly one send per row: the row is marked sent in the statement that drops
 * its body, and a worker skips a row already sent; a crash between the SMTP
 * answer and that statement can send twice, under the same Message-ID, which is
 * the row's own (`messageIdFor`), so a receiver can tell the resend for what it is.
 * Jobs that write mail queue it with their completion (JobRun.complete), so a
 * job re-run after a crash never writes a second row for one message.
 */

export const MAIL_SEND = 'mail.send';
export const MAIL_PRUNE = 'mail.prune';

/** What a row may name for a person to act on when it fails (never the address or the body). */
export interface MailRefs {
  customerId?: number | null;
  itemId?: number | null;
  /** The invoice the mail carries as a PDF, drawn when it is sent (the row holds only the id). */
  invoiceId?: number | null;
}

/** Draws what a row refers to as attachments, at send time (an invoice's PDF). */
export type MailAttachments = (row: { invoice_id: number | null }) => Promise<MailAttachment[]>;

/**
 * About 14 hours of trying: 1 min doubling to 1 h, 20 attempts. An SMTP outage of
 * an afternoon loses nothing; a mail still failing after that is a case for a person.
 */
export const MAIL_MAX_ATTEMPTS = 20;
export const mailBackoff = exponentialBackoff(60_000, 60 * 60_000);
/** Sent rows (already without body) and finished jobs are kept this long, for the admin's view. */
export const SENT_RETENTION_MS = 7 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60_000;

function messageIdDomain(mailFrom: string): string {
  const domain = mailFrom
    .split('@')
    .at(-1)
    ?.replace(/[<>\s]/g, '');
  return domain || 'localhost';
}

/**
 * A message's Message-ID, fixed with its outbox row: the row id (an operator finds
 * the row from a received mail's headers) and random bytes (two databases, say a
 * restored copy, never give two messages one id). Every send of the row uses it.
 */
export function messageIdFor(outboxId: number, domain: string): string {
  return `<${outboxId}.${randomBytes(9).toString('base64url')}@${domain}>`;
}

export interface MailOutbox {
  /** Writes the mail and its send job; call inside the transaction of the event. Returns the row id. */
  queue(trx: Db, mail: OutgoingMail, refs?: MailRefs): Promise<number>;
}

export function mailOutbox(deps: {
  config: Pick<Config, 'mailFrom'>;
  clock: Clock;
  /** Who the shop is as `trx` sees it: the sender name and signature of every mail. */
  sender?: (trx: Db) => Promise<Sender>;
}): MailOutbox {
  const domain = messageIdDomain(deps.config.mailFrom);
  return {
    async queue(trx, unsigned, refs = {}) {
      const now = deps.clock.now();
      const sender = deps.sender ? await deps.sender(trx) : PLAIN_SENDER;
      const mail = signed(unsigned, sender);
      const rows = outboxRepository(trx);
      const id = await rows.nextId();
      await rows.insert({
        id,
        template: mail.template,
        recipient: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        body_html: mail.html,
        message_id: messageIdFor(id, domain),
        reply_to: mail.replyTo ?? null,
        from_name: sender.fromName,
        customer_id: refs.customerId ?? null,
        item_id: refs.itemId ?? null,
        invoice_id: refs.invoiceId ?? null,
        created_at: now,
      });
      const jobId = await enqueue(trx, MAIL_SEND, { outbox_id: id }, { now });
      await rows.setJob(id, jobId!);
      return id;
    },
  };
}

interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Registers the outbox's sender and its pruning on the worker. */
export function registerMailOutbox(
  jobs: JobWorker,
  deps: {
    db: Db;
    mailer: Mailer;
    clock: Clock;
    log: OutboxLog;
    /** Attachments a row refers to; none when absent. */
    attachments?: MailAttachments;
  },
): void {
  const { db, mailer, clock, log } = deps;
  const rows = outboxRepository(db);

  /** The ids a person needs to act on a row; never its address or body (issue: logs). */
  const about = async (outboxId: number) => {
    const row = await rows.refs(outboxId);
    return {
      outbox_id: outboxId,
      template: row?.template,
      customer_id: row?.customer_id ?? undefined,
      item_id: row?.item_id ?? undefined,
    };
  };

  jobs.register<{ outbox_id: number }>(MAIL_SEND, {
    maxAttempts: MAIL_MAX_ATTEMPTS,
    backoffMs: mailBackoff,
    // Several messages at once, so one slow server answer does not hold the rest.
    concurrency: 4,
    // Longer than the SMTP timeouts together: a lease lapses only if the worker died.
    leaseMs: 2 * 60_000,
    async handle(job: ClaimedJob<{ outbox_id: number }>) {
      const row = await rows.unsent(job.payload.outbox_id);
      if (!row) return; // sent already (a retry after a crash), or pruned
      try {
        const attachments =
          row.invoice_id !== null && deps.attachments ? await deps.attachments(row) : [];
        await mailer.deliver(
          {
            template: row.template,
            to: row.recipient,
            subject: row.subject,
            text: row.body_text ?? '',
            html: row.body_html ?? '',
            replyTo: row.reply_to,
            fromName: row.from_name,
            ...(attachments.length > 0 ? { attachments } : {}),
          },
          row.message_id,
        );
      } catch (error) {
        const reason = describeMailFailure(error);
        log.warn(
          { mail: { ...(await about(row.id)), attempt: job.attempt }, error: reason },
          'mail not sent: will retry',
        );
        throw isPermanentMailFailure(error) ? new PermanentJobError(reason) : new Error(reason);
      }
      await rows.markSent(row.id, clock.now());
      log.info({ mail: { outbox_id: row.id, template: row.template } }, 'mail sent');
    },
    async onGiveUp(job, error) {
      log.error(
        { mail: { ...(await about(job.payload.outbox_id)), attempts: job.attempt }, error },
        'mail not sent: giving up; an admin can resend it',
      );
    },
  });

  jobs.register(MAIL_PRUNE, {
    everyMs: PRUNE_EVERY_MS,
    async handle() {
      const before = new Date(clock.now().getTime() - SENT_RETENTION_MS);
      const pruned = await rows.pruneSentBefore(before);
      if (pruned > 0) log.info({ pruned }, 'sent mail and finished jobs pruned');
    },
  });
}
