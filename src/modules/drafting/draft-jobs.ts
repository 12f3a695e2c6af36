import type { Db } from '../../db/database.js';
import { enqueue } from '../../jobs/job-queue.js';

/** The jobs-queue kind that drafts one item draft (src/jobs/). */
export const DRAFT_JOB = 'drafting.draft';

export interface DraftJobPayload {
  draft_id: number;
}

/**
 * Queues the drafting of one draft, in the caller's transaction. Keyed by the
 * draft, so a draft has at most one unfinished job: a second queueing while one
 * waits or runs is a no-op.
 */
export function queueDraft(trx: Db, draftId: number, now: Date): Promise<number | null> {
  const payload: DraftJobPayload = { draft_id: draftId };
  return enqueue(trx, DRAFT_JOB, payload, { key: `draft:${draftId}`, now });
}
