import type { Clock } from '../../auth/clock.js';
import type { Db } from '../../db/database.js';
import type { DraftCutout } from '../../db/schema.js';
import {
  type ClaimedJob,
  DeferJobError,
  exponentialBackoff,
  type JobHandler,
  PermanentJobError,
  runQueuedNow,
} from '../../jobs/job-queue.js';
import { loadSharp } from '../../media/sharp.js';
import type { MediaStorage } from '../../media/storage.js';
import { attachFreshVariants } from '../../media/variants.service.js';
import type { Metrics } from '../../observability/metrics.js';
import type { CutoutProvider } from './cutout.js';
import { DRAFT_JOB, type DraftJobPayload } from './draft-jobs.js';
import {
  type DraftProvider,
  DraftProviderError,
  type DraftRequest,
  isOutage,
} from './draft-provider.js';
import { type DraftImage, draftingRepository } from './drafting.repository.js';
import { providerGate } from './provider-gate.js';
import type { PauseTiming } from './provider-pause.js';
import { type ModelAnswer, toSuggestions } from './suggestions.js';

export interface DraftWorkerDeps {
  db: Db;
  clock: Clock;
  storage: MediaStorage;
  provider: DraftProvider;
  cutout: CutoutProvider;
  /** Drafts this process works on at once (DRAFT_WORKERS). */
  concurrency: number;
  /** The model call's timeout; the lease is sized from it. */
  modelTimeoutMs: number;
  /** Where drafting says that it paused and resumed. */
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  /** Runs counted by outcome and timed (shop_drafts_total, shop_draft_duration_seconds). */
  metrics?: Pick<Metrics, 'drafts' | 'draftDuration'>;
}

/** Photos go to the model at most this wide: enough to judge an item, a fraction of the bytes. */
const MODEL_PHOTO_SIZE = 1024;
const MAX_ATTEMPTS = 5;
// Cut-outs of six 12 MP photos take seconds; the model call up to its timeout.
const CUTOUT_ALLOWANCE_MS = 3 * 60_000;

/**
 * While the model server is away: the first probe after 30 s, then twice as long
 * each time, at most every 5 minutes (a 429's Retry-After, if longer, up to 15).
 */
const FIRST_PROBE_MS = 30_000;
const MAX_PROBE_MS = 5 * 60_000;
const MAX_RETRY_AFTER_MS = 15 * 60_000;

function pausedMessage(reason: string): string {
  return `Paused: ${reason} Drafting resumes by itself when the model server answers again; waiting spends none of the draft's attempts.`;
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** A photo as the model sees it: downscaled, flattened, JPEG. */
async function forModel(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes)
    .resize({
      width: MODEL_PHOTO_SIZE,
      height: MODEL_PHOTO_SIZE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * The drafting step as a handler of the jobs queue: one job drafts one draft.
 * The queue claims (SKIP LOCKED, lease), retries with backoff and gives up;
 * this mirrors each step onto the draft, where the admin sees it, and writes
 * the result fenced on the attempt so it takes effect once.
 */
export function draftWorker(deps: DraftWorkerDeps): JobHandler<DraftJobPayload> {
  const drafts = draftingRepository(deps.db);
  const leaseMs = deps.modelTimeoutMs + CUTOUT_ALLOWANCE_MS;
  const timing: PauseTiming = {
    firstProbeMs: FIRST_PROBE_MS,
    maxProbeMs: MAX_PROBE_MS,
    // A probe is a whole run: its cut-outs and its model call.
    probeLeaseMs: leaseMs,
    maxRetryAfterMs: MAX_RETRY_AFTER_MS,
  };
  const gate = providerGate({
    clock: deps.clock,
    timing,
    log: deps.log,
    // What waited for the server runs now, not at its own next probe time.
    onResume: async (now) => void (await runQueuedNow(deps.db, DRAFT_JOB, now)),
  });

  /**
   * The model's answer. An outage reports to the gate and puts the draft back
   * (DeferJobError: no attempt spent); anything the server said, right or wrong,
   * tells the gate it is there.
   */
  async function askModel(request: DraftRequest): Promise<ModelAnswer | null> {
    try {
      const answer = await deps.provider.suggest(request);
      await gate.answered();
      return answer;
    } catch (error) {
      if (!isOutage(error)) {
        await gate.answered();
        throw error;
      }
      const waitMs = await gate.unreachable(error.message, error.retryAfterMs);
      throw new DeferJobError(pausedMessage(error.message), waitMs);
    }
  }

  /** Cuts out each photo not cut before; the originals stay (spec 2, item_images). */
  async function cutOut(images: DraftImage[]): Promise<DraftCutout[]> {
    const report: DraftCutout[] = [];
    for (const image of images) {
      if (image.original_image_path !== null) {
        // Cut out on an earlier attempt: done already.
        report.push({ image_id: image.id, applied: true, reason: null });
        continue;
      }
      const outcome = await deps.cutout.cut(await deps.storage.read(image.path));
      if (!outcome.applied) {
        report.push({ image_id: image.id, applied: false, reason: outcome.reason });
        continue;
      }
      const stored = await deps.storage.put('items', outcome.extension, outcome.bytes);
      // A cut-out the database did not take is referenced by nothing: it goes at once.
      const applied = await drafts
        .applyCutout(image.id, image.path, stored)
        .catch(async (error) => {
          await deps.storage.remove([stored]).catch(() => {});
          throw error;
        });
      if (applied) {
        // The original's smaller copies showed the background: they go, the cut-out gets its own.
        await deps.storage.remove(applied.replacedVariants.map((variant) => variant.path));
        await attachFreshVariants(deps.db, deps.storage, {
          id: image.id,
          path: stored,
          width: applied.width,
        });
        report.push({ image_id: image.id, applied: true, reason: null });
      } else {
        await deps.storage.remove([stored]);
        report.push({
          image_id: image.id,
          applied: false,
          reason:
            'The photo was changed or removed, or the item published, while it was being cut out.',
        });
      }
    }
    return report;
  }

  async function run(job: ClaimedJob<DraftJobPayload>): Promise<void> {
    const draftId = job.payload.draft_id;
    const usesModel = deps.provider.model !== null;
    // Paused: the draft waits, saying why, and comes back when the next probe is due.
    const permit = usesModel ? gate.ask() : null;
    if (permit?.kind === 'wait') {
      const message = pausedMessage(permit.reason);
      await drafts.noteWaiting(draftId, message, deps.clock.now());
      throw new DeferJobError(message, permit.until - deps.clock.now().getTime());
    }
    let asked = false;
    try {
      const now = deps.clock.now();
      const work = await drafts.startRun(
        draftId,
        job.attempt,
        now,
        new Date(now.getTime() + leaseMs),
      );
      if (!work) {
        // Published before its turn: said on the draft. Dismissed, accepted or drafted
        // meanwhile (or deleted): nothing to do.
        await drafts.endLeftPending(draftId, job.attempt);
        return;
      }
      await runDraft(job, work, () => {
        asked = true;
      });
    } finally {
      // Permitted, but the server was never asked: a probe that did not happen.
      if (permit && !asked) await gate.abandoned();
    }
  }

  /** One run's work, from cut-outs to the result; `asking` marks that the model is called. */
  async function runDraft(
    job: ClaimedJob<DraftJobPayload>,
    work: { item_id: number; note: string; remove_background: boolean },
    asking: () => void,
  ): Promise<void> {
    const draftId = job.payload.draft_id;
    const started = performance.now();
    const count = (outcome: 'drafted' | 'retry' | 'paused' | 'failed') => {
      deps.metrics?.drafts.inc({ outcome });
      deps.metrics?.draftDuration.observe({ outcome }, (performance.now() - started) / 1000);
    };
    try {
      const images = await drafts.images(work.item_id);
      const cutouts = work.remove_background ? await cutOut(images) : [];
      let suggestions = null;
      if (deps.provider.model !== null) {
        const [choices, photos] = await Promise.all([
          drafts.choices(),
          // The model sees the photos as taken, not the cut-outs.
          Promise.all(
            images.map(async (image) =>
              forModel(await deps.storage.read(image.original_image_path ?? image.path)),
            ),
          ),
        ]);
        asking();
        const answer = await askModel({ photos, note: work.note, ...choices });
        if (answer) suggestions = toSuggestions(answer, choices.categories, choices.tags);
      }
      const finishedAt = deps.clock.now();
      await deps.db.transaction().execute(async (trx) => {
        const won = await drafts.finishDrafted(trx, draftId, job.attempt, {
          suggestions,
          model: deps.provider.model,
          cutouts,
          now: finishedAt,
        });
        if (won && suggestions)
          await drafts.writeModelPrice(trx, work.item_id, suggestions.price_cents, finishedAt);
      });
      count('drafted');
    } catch (error) {
      const permanent = error instanceof DraftProviderError && !error.retryable;
      count(
        error instanceof DeferJobError
          ? 'paused'
          : permanent || job.attempt >= MAX_ATTEMPTS
            ? 'failed'
            : 'retry',
      );
      const message = errorMessage(error);
      if (permanent) throw new PermanentJobError(message);
      // The queue retries after its backoff (or, paused, when the next probe is due);
      // until then the draft waits, showing why.
      await drafts.endRun(
        draftId,
        job.attempt,
        'queued',
        message,
        error instanceof DeferJobError ? 'paused' : 'run_failed',
      );
      throw error;
    }
  }

  return {
    handle: run,
    leaseMs,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: exponentialBackoff(30_000, 30 * 60_000),
    concurrency: deps.concurrency,
    onGiveUp: async (job, error) => {
      // The queue's error text is "Name: message"; the admin reads the message.
      await drafts.endRun(
        job.payload.draft_id,
        job.attempt,
        'failed',
        error.replace(/^\w*Error: /, ''),
      );
    },
  };
}
