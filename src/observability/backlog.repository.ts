import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const ageSeconds = (now: Date, since: Date | string | null) =>
  since === null ? 0 : Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000);

/**
 * What /metrics reads from the database at scrape time: the same for every
 * instance, so any one's scrape tells the truth. Each is one statement over
 * partial indexes (jobs_claimable, jobs_failed, mail_outbox_unsent).
 */
export function backlogRepository(db: Db) {
  return {
    async jobs(now: Date) {
      const { rows } = await sql<{
        kind: string;
        ready: number;
        running: number;
        failed: number;
        oldest: Date | null;
      }>`
        SELECT kind,
          count(*) FILTER (WHERE state = 'queued' AND run_at <= ${now}) AS ready,
          count(*) FILTER (WHERE state = 'running') AS running,
          count(*) FILTER (WHERE state = 'failed') AS failed,
          min(run_at) FILTER (WHERE state = 'queued' AND run_at <= ${now}) AS oldest
        FROM jobs
        WHERE state IN ('queued', 'running', 'failed')
        GROUP BY kind
        ORDER BY kind`.execute(db);
      return rows.map((row) => ({
        kind: row.kind,
        ready: Number(row.ready),
        running: Number(row.running),
        failed: Number(row.failed),
        oldest_ready_age_seconds: ageSeconds(now, row.oldest),
      }));
    },

    async outbox(now: Date) {
      const { rows } = await sql<{ waiting: number; failed: number; oldest: Date | null }>`
        SELECT
          count(*) FILTER (WHERE j.state IS DISTINCT FROM 'failed') AS waiting,
          count(*) FILTER (WHERE j.state = 'failed') AS failed,
          min(o.created_at) FILTER (WHERE j.state IS DISTINCT FROM 'failed') AS oldest
        FROM mail_outbox o
        LEFT JOIN jobs j ON j.id = o.job_id
        WHERE o.sent_at IS NULL`.execute(db);
      const row = rows[0]!;
      return {
        waiting: Number(row.waiting),
        failed: Number(row.failed),
        oldest_age_seconds: ageSeconds(now, row.oldest),
      };
    },
  };
}
