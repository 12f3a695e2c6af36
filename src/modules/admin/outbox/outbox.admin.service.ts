import type { AppContext } from '../../../context.js';
import { conflict, notFound } from '../../../http/errors.js';
import { enqueue } from '../../../jobs/job-queue.js';
import { MAIL_SEND } from '../../../mail/outbox.js';
import { type OutboxState, outboxRepository } from '../../../mail/outbox.repository.js';

/** The admin's view of outgoing mail: what failed, and sending it again. */
export function adminOutboxService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  return {
    async list(query: { state?: OutboxState; limit?: number; cursor?: string }) {
      const limit = query.limit ?? 50;
      const beforeId = query.cursor === undefined ? undefined : Number(query.cursor);
      const mails = await outboxRepository(ctx.db).list({
        limit: limit + 1,
        ...(query.state ? { state: query.state } : {}),
        ...(beforeId !== undefined ? { beforeId } : {}),
      });
      const page = mails.slice(0, limit);
      const next = mails.length > limit ? String(page.at(-1)!.id) : null;
      return { mails: page, next_cursor: next };
    },

    /** A failed mail gets a fresh send job (its attempts start again); other states are refused. */
    async resend(id: number) {
      const now = ctx.clock.now();
      await ctx.db.transaction().execute(async (trx) => {
        // The row lock makes two resends of one row queue one job.
        const row = await trx
          .selectFrom('mail_outbox')
          .select(['id', 'job_id', 'sent_at'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound('No such mail.');
        const view = await outboxRepository(trx).find(id);
        if (view?.state !== 'failed')
          throw conflict(
            'invalid_transition',
            view?.state === 'sent'
              ? 'This mail was sent; its body is gone.'
              : 'This mail is still being tried; it can be resent once it has failed.',
          );
        const jobId = await enqueue(trx, MAIL_SEND, { outbox_id: id }, { now });
        await outboxRepository(trx).setJob(id, jobId!);
      });
      return (await outboxRepository(ctx.db).find(id))!;
    },
  };
}
