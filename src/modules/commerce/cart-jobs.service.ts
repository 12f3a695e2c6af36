import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import type { JobRun } from '../../jobs/job-queue.js';
import { cartReminderMail } from '../../mail/templates/cart-reminder.js';
import { renderMail } from '../../mail/templates/template.js';
import { cartRepository, RELEASE_EXPIRED_BATCH } from './cart.repository.js';

const MINUTE_MS = 60_000;

/** A reminder goes out this long before the hold ends, or half the hold window when that is shorter. */
const REMINDER_LEAD_MS = 10 * MINUTE_MS;

/** How often each job runs (recurring jobs on the queue: once per interval across all instances). */
export const JOB_INTERVALS_MS = {
  releaseExpiredHolds: 30_000,
  sendCartReminders: 60_000,
} as const;

/** "2026-01-15 10:30 UTC": the mail cannot know the reader's time zone, so it says which one. */
const asUtcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The cart's scheduled work, run as recurring jobs on the queue (one run per
 * interval across instances). Each is also safe to run on several instances at
 * once: a single guarded UPDATE decides which instance does a piece of work.
 */
export function cartJobs(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'outbox' | 'metrics' | 'webhookEvents'>,
  log: FastifyBaseLogger,
) {
  const leadMs = Math.min(REMINDER_LEAD_MS, (ctx.config.cartHoldMinutes * MINUTE_MS) / 2);

  return {
    /**
     * Spec 3: an expired reservation is released to available. Returns the released item ids.
     * In batches, each committed with its webhook events: a commit naming more
     * ids than the catalogue triggers' bound is announced as a change of
     * everything (RELEASE_EXPIRED_BATCH). A failing batch leaves earlier ones done.
     */
    async releaseExpiredHolds(): Promise<number[]> {
      const now = ctx.clock.now();
      const released: number[] = [];
      let batch: number[];
      do {
        batch = await inTransaction(ctx.db, async (trx) => {
          const ids = await cartRepository(trx).releaseExpired(now, RELEASE_EXPIRED_BATCH);
          await ctx.webhookEvents.items(trx, 'item.released', ids);
          return ids;
        });
        ctx.metrics.holdsEnded.inc({ reason: 'expired' }, batch.length);
        if (batch.length > 0) log.info({ items: batch }, 'expired cart holds released');
        released.push(...batch);
      } while (batch.length === RELEASE_EXPIRED_BATCH);
      return released;
    },

    /**
     * Spec 6 cart reminder: once per hold, shortly before it ends, to customers
     * who are not disabled; greets by first name and lists the items. The claim
     * commits before any mail is sent. Returns how many reminders were claimed.
     * The job passes `run.complete`: claim, mails and the job's done mark commit together.
     */
    async sendCartReminders(
      commit: JobRun['complete'] = (work) => inTransaction(ctx.db, work),
    ): Promise<number> {
      const now = ctx.clock.now();
      const cartUrl = new URL('/cart', ctx.config.publicBaseUrl).href;
      // The claim and the mails commit together: a reminder is queued iff its hold was claimed.
      return commit(async (trx) => {
        const due = await cartRepository(trx).claimDueReminders(
          now,
          new Date(now.getTime() + leadMs),
        );
        for (const customer of due) {
          let mail: ReturnType<typeof renderMail>;
          try {
            mail = renderMail(
              cartReminderMail,
              {
                firstName: customer.first_name,
                itemList: customer.items.map((item) => item.title).join('\n'),
                holdUntil: asUtcMinute(new Date(customer.hold_until)),
                cartUrl,
              },
              customer.language ?? ctx.config.shopLanguage,
            );
          } catch (error) {
            log.error(
              { err: error, mail: { customer_id: customer.id } },
              'mail not rendered; the other recipients still get theirs',
            );
            continue;
          }
          await ctx.outbox.queue(trx, { ...mail, to: customer.email }, { customerId: customer.id });
        }
        return due.length;
      });
    },
  };
}

export type CartJobs = ReturnType<typeof cartJobs>;
