import type { App, AppContext } from '../../context.js';
import type { MediaStorage } from '../../media/storage.js';
import { DRAFT_JOB } from './draft-jobs.js';
import { draftReviewService } from './draft-review.service.js';
import { type DraftWorkerDeps, draftWorker } from './draft-worker.js';
import { draftRoutes } from './drafts.routes.js';
import { cutoutProviderFrom, draftProviderFrom } from './providers.js';

export { queueDraft } from './draft-jobs.js';

/**
 * Makes this instance a drafting worker, unless DRAFT_WORKERS=0: the handler
 * joins the jobs queue, which `server.ts` (or `npm run worker`) starts.
 */
export function installDrafting(
  ctx: AppContext,
  storage: MediaStorage,
  log: DraftWorkerDeps['log'],
): void {
  const config = ctx.config.drafting;
  if (config.workers === 0) return;
  ctx.jobs.register(
    DRAFT_JOB,
    draftWorker({
      db: ctx.db,
      clock: ctx.clock,
      storage,
      provider: draftProviderFrom(config),
      cutout: cutoutProviderFrom(config),
      concurrency: config.workers,
      modelTimeoutMs: config.timeoutMs,
      log,
      metrics: ctx.metrics,
    }),
  );
}

/** The admin's review API under /api/admin (inside the admin guard). */
export function draftAdminRoutes(app: App, ctx: AppContext): void {
  draftRoutes(app, draftReviewService(ctx));
}
