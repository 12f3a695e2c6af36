import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Usable means: not revoked and under its cap (null cap: no limit). The lookup
// and the guarded increment share this one condition (spec 4.3 submit rule 4).
const USABLE = sql<SqlBool>`revoked_at IS NULL AND (max_submissions IS NULL OR submission_count < max_submissions)`;

const LINK_COLUMNS = [
  'id',
  'label',
  'contact_email',
  'max_submissions',
  'submission_count',
  'revoked_at',
  'created_at',
] as const;

export function uploadLinksRepository(db: Db) {
  return {
    async create(values: {
      tokenDigest: string;
      contactEmail: string;
      maxSubmissions: number | null;
      label: string | null;
    }) {
      return db
        .insertInto('upload_links')
        .values({
          token_digest: values.tokenDigest,
          contact_email: values.contactEmail,
          max_submissions: values.maxSubmissions,
          label: values.label,
        })
        .returning(LINK_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    list() {
      return db.selectFrom('upload_links').select(LINK_COLUMNS).orderBy('id', 'desc').execute();
    },

    revoke(id: number, now: Date) {
      return db
        .updateTable('upload_links')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${now})` })
        .where('id', '=', id)
        .returning(LINK_COLUMNS)
        .executeTakeFirst();
    },

    /** The id of a usable link with this digest; unknown, revoked and used-up alike give undefined. */
    async findUsable(tokenDigest: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('upload_links')
        .select('id')
        .where('token_digest', '=', tokenDigest)
        .where(USABLE as Expression<SqlBool>)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Counts one accepted submission, guarded by the same condition as the
     * lookup. Under concurrency the row lock makes the second of two last-slot
     * submissions re-check the condition and update nothing.
     */
    async claimSubmission(trx: Db, linkId: number): Promise<boolean> {
      const row = await trx
        .updateTable('upload_links')
        .set({ submission_count: sql<number>`submission_count + 1` })
        .where('id', '=', linkId)
        .where(USABLE as Expression<SqlBool>)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
