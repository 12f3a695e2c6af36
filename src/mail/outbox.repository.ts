import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { MailOutboxTable } from '../db/schema.js';

export type OutboxState = 'pending' | 'sent' | 'failed';

/** A row as the admin sees it: its state comes from its send job. */
export interface OutboxView {
  id: number;
  template: string;
  recipient: string;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  customer_id: number | null;
  item_id: number | null;
  created_at: Date;
  sent_at: Date | null;
}

const STATE = sql<OutboxState>`CASE
  WHEN o.sent_at IS NOT NULL THEN 'sent'
  WHEN j.state = 'failed' THEN 'failed'
  ELSE 'pending' END`;

/** All SQL of the mail outbox (migration 0016). */
export function outboxRepository(db: Db) {
  return {
    /** The id the next row will have: its Message-ID is made from it (outbox.ts). */
    async nextId(): Promise<number> {
      const { rows } = await sql<{
        id: string;
      }>`SELECT nextval(pg_get_serial_sequence('mail_outbox', 'id')) AS id`.execute(db);
      return Number(rows[0]!.id);
    },

    async insert(row: Insertable<MailOutboxTable>): Promise<number> {
      const { id } = await db
        .insertInto('mail_outbox')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async setJob(id: number, jobId: number): Promise<void> {
      await db.updateTable('mail_outbox').set({ job_id: jobId }).where('id', '=', id).execute();
    },

    /** The row to send, or undefined when it was sent already (or pruned). */
    unsent(id: number) {
      return db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
    },

    refs(id: number) {
      return db
        .selectFrom('mail_outbox')
        .select(['template', 'customer_id', 'item_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Marks it sent and drops the body, which holds the link and its token (and the Reply-To). */
    async markSent(id: number, at: Date): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: at, body_text: null, body_html: null, reply_to: null })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    /** Sent rows and finished jobs older than `before`; failed mail stays until resent. */
    async pruneSentBefore(before: Date): Promise<number> {
      const mails = await db
        .deleteFrom('mail_outbox')
        .where('sent_at', '<', before)
        .returning('id')
        .execute();
      await db
        .deleteFrom('jobs')
        .where('state', '=', 'done')
        .where('finished_at', '<', before)
        .execute();
      return mails.length;
    },

    list(filter: { state?: OutboxState; limit: number; beforeId?: number }) {
      let query = db
        .selectFrom('mail_outbox as o')
        .leftJoin('jobs as j', 'j.id', 'o.job_id')
        .select([
          'o.id',
          'o.template',
          'o.recipient',
          STATE.as('state'),
          sql<number>`coalesce(j.attempts, 0)`.as('attempts'),
          'j.last_error',
          sql<Date | null>`CASE WHEN o.sent_at IS NULL AND j.state = 'queued' THEN j.run_at END`.as(
            'next_attempt_at',
          ),
          'o.customer_id',
          'o.item_id',
          'o.created_at',
          'o.sent_at',
        ])
        .orderBy('o.id', 'desc')
        .limit(filter.limit);
      if (filter.state) query = query.where(STATE, '=', filter.state);
      if (filter.beforeId !== undefined) query = query.where('o.id', '<', filter.beforeId);
      return query.execute() as Promise<OutboxView[]>;
    },

    async find(id: number): Promise<OutboxView | undefined> {
      const rows = await this.list({ limit: 1, beforeId: id + 1 });
      return rows[0]?.id === id ? rows[0] : undefined;
    },
  };
}
