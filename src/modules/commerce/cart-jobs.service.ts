import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { cartReminderMail } from '../../mail/templates/cart-reminder.js';
import { renderMail } from '../../mail/templates/template.js';
import { cartRepository } from './cart.repository.js';
import { sendEach } from './send-each.js';

const MINUTE_MS = 60_000;

/** A reminder goes out this long before the hold ends, or half the hold window when that is shorter. */
const REMINDER_LEAD_MS = 10 * MINUTE_MS;

/** How often each job runs when the server schedules them. */
export const JOB_INTERVALS_MS = {
  releaseExpiredHolds: 30_000,
  sendCartReminders: 60_000,
} as const;

/** "2026-01-15 10:30 UTC": the mail cannot know the reader's time zone, so it says which one. */
const asUtcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The cart's scheduled work. Both are safe to run on several app instances at
 * once against one PostgreSQL: each is a single guarded UPDATE that decides
 * which instance (if any) does a given piece of work.
 */
export function cartJobs(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  log: FastifyBaseLogger,
) {
  const carts = cartRepository(ctx.db);
  const leadMs = Math.min(REMINDER_LEAD_MS, (ctx.config.cartHoldMinutes * MINUTE_MS) / 2);

  return {
    /** Spec 3: an expired reservation is released to available. Returns the released item ids. */
    async releaseExpiredHolds(): Promise<number[]> {
      const released = await carts.releaseExpired(ctx.clock.now());
      if (released.length > 0) log.info({ items: released }, 'expired cart holds released');
      return released;
    },

    /**
     * Spec 6 cart reminder: once per hold, shortly before it ends, to customers
     * who are not disabled; greets by first name and lists the items. The claim
     * commits before any mail is sent. Returns how many reminders were claimed.
     */
    async sendCartReminders(): Promise<number> {
      const now = ctx.clock.now();
      const due = await carts.claimDueReminders(now, new Date(now.getTime() + leadMs));
      const cartUrl = new URL('/cart', ctx.config.publicBaseUrl).href;
      sendEach(ctx.mailer, log, due, (customer) => ({
        to: customer.email,
        ...renderMail(cartReminderMail, {
          firstName: customer.first_name,
          itemList: customer.items.map((item) => item.title).join('\n'),
          holdUntil: asUtcMinute(new Date(customer.hold_until)),
          cartUrl,
        }),
      }));
      return due.length;
    },
  };
}

export type CartJobs = ReturnType<typeof cartJobs>;
