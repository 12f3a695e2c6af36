/**
 * The one durable mechanism for background work (mail outbox, drafting, sweeps),
 * on the `jobs` table (migration 0016), on PostgreSQL and PGlite alike.
 *
 *   enqueue(trx, kind, payload, { now, runAt?, key? })   → the job id, or null when an
 *       unfinished job of this kind already has this key. Call it inside the
 *       transaction of the event that causes the work: the job exists iff the
 *       event committed. Workers hear of it at commit (NOTIFY jobs_queued).
 *       `now` is the app's clock (ctx.clock.now()), so tests can move time.
 *
 *   const worker = jobWorker({ db, clock, log, notifications })
 *   worker.register(kind, { handle, leaseMs?, maxAttempts?, backoffMs?, concurrency?,
 *                           everyMs?, onGiveUp? })
 *   worker.start() / worker.stop() / worker.drain()
 *
 * A handler runs at least once per job and should be idempotent: a worker that
 * dies mid-job leaves its lease to lapse, then another claims the job again.
 * A handler whose effects are writes (mail in the outbox, a minted token) puts
 * them in `run.complete(trx => …)`: they commit in the transaction that marks
 * the job done, fenced on its attempt, so a crash before that commit leaves
 * neither, and a re-run after the lease writes them once (exactly once). A
 * handler that throws is retried after `backoffMs(attempt)` until `maxAttempts`;
 * then the job is `failed` with its last error (never a secret: handlers throw
 * errors whose message is safe to store and log). `PermanentJobError` fails at once;
 * `DeferJobError(message, delayMs)` puts the job back without spending an attempt.
 * `everyMs` makes a kind recurring: one job per kind across all instances, the
 * next run enqueued in the transaction that finishes the current one.
 */
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../auth/clock.js';
import { CHANNELS, type Notifications } from '../db/notifications.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';

type AnyDb = Kysely<Database>;

export interface EnqueueOptions {
  /** The app's clock: the job is due from `runAt ?? now`. */
  now: Date;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one unfinished job of this kind with this key; a second enqueue is a no-op. */
  key?: string;
}

/** Adds a job in the caller's transaction (or outside one, for work with no event). */
export async function enqueue(
  db: AnyDb,
  kind: string,
  payload: unknown,
  options: EnqueueOptions,
): Promise<number | null> {
  const { now } = options;
  const runAt = options.runAt ?? now;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO jobs (kind, payload, key, run_at, created_at)
    VALUES (${kind}, ${JSON.stringify(payload ?? {})}::jsonb, ${options.key ?? null}, ${runAt}, ${now})
    ON CONFLICT (kind, key) WHERE key IS NOT NULL AND state IN ('queued', 'running') DO NOTHING
    RETURNING id`.execute(db);
  return rows[0] ? Number(rows[0].id) : null;
}

/** A job as its handler sees it. */
export interface ClaimedJob<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  key: string | null;
  /** 1 on the first run. */
  attempt: number;
}

/** Thrown by a handler when retrying cannot help (a mailbox that does not exist). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Thrown by a handler when the job is not at fault: a service it needs is away
 * (the drafting step's model server). The job runs again after `delayMs`, and
 * this run does not count as one of its attempts, however long the outage.
 */
export class DeferJobError extends Error {
  override name = 'DeferJobError';
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/**
 * Makes every queued job of a kind due now (the service they waited for is back);
 * how many. Workers claim them at their next wake-up or poll.
 */
export async function runQueuedNow(db: AnyDb, kind: string, now: Date): Promise<number> {
  const { rows } = await sql`
    UPDATE jobs SET run_at = ${now}
    WHERE kind = ${kind} AND state = 'queued' AND run_at > ${now}
    RETURNING id`.execute(db);
  return rows.length;
}

/**
 * What a handler gets besides its job: the one way to commit its writes together
 * with the job's completion (docs/decisions.md, "Jobs: effects commit with completion").
 */
export interface JobRun {
  /**
   * Runs `work` in one transaction that also marks the job done, fenced on this
   * attempt: either both commit or neither (a crash, a lost connection, or a lease
   * another worker took over all roll `work` back). `work` may run more than once
   * (a deadlock is retried), so it only touches the database. Call it at most once,
   * last; after it the job is done whatever the handler does next.
   */
  complete<T>(work: (trx: AnyDb) => Promise<T>): Promise<T>;
}

/** The job was finished or taken over by another worker: this attempt's writes were rolled back. */
export class JobAttemptFenced extends Error {
  override name = 'JobAttemptFenced';
}

export interface JobHandler<P = unknown> {
  handle(job: ClaimedJob<P>, run: JobRun): Promise<void>;
  /** How long a claim lasts before another worker may take the job (default 60 s). */
  leaseMs?: number;
  /** Runs in all, the first included (default 10). */
  maxAttempts?: number;
  /** Wait before the next run after a failed `attempt` (default: 30 s doubling, at most 1 h). */
  backoffMs?: (attempt: number) => number;
  /** Jobs of this kind run at once in this process (default 1). */
  concurrency?: number;
  /** Recurring: runs again this long after each run finishes. */
  everyMs?: number;
  /** Called once when the job ends `failed` (after its last attempt). */
  onGiveUp?: (job: ClaimedJob<P>, error: string) => Promise<void> | void;
}

interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the worker listens to for "new work committed" (src/db/notifications.ts). */
export interface JobWakeups {
  subscribeJobs(listener: () => void): () => void;
}

export interface JobWorkerOptions {
  db: AnyDb;
  clock: Clock;
  log: JobLog;
  wakeups?: JobWakeups;
  /** Fallback poll for missed notifications, due retries and lapsed leases (default 5 s). */
  pollMs?: number;
  /** `stop()` waits at most this long for running handlers (default 5 s); their leases lapse. */
  stopTimeoutMs?: number;
  /**
   * Wraps every run of a handler (metrics, a trace span per job): calls `run`
   * once and passes on what it throws.
   */
  around?: (job: ClaimedJob, run: () => Promise<void>) => Promise<void>;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 10;
const MAX_ERROR_LENGTH = 1_000;

export function exponentialBackoff(firstMs: number, maxMs: number) {
  return (attempt: number) => Math.min(firstMs * 2 ** Math.max(0, attempt - 1), maxMs);
}
const defaultBackoff = exponentialBackoff(30_000, 60 * 60_000);

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

export function jobWorker(options: JobWorkerOptions) {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  const handlers = new Map<
    string,
    Required<Omit<JobHandler, 'everyMs' | 'onGiveUp'>> & JobHandler
  >();
  const running = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let pumping: Promise<void> | null = null;
  let again = false;

  async function claim(kind: string, leaseMs: number): Promise<ClaimedJob | null> {
    const now = clock.now();
    const { rows } = await sql<{
      id: number;
      kind: string;
      payload: unknown;
      key: string | null;
      attempts: number;
    }>`
      UPDATE jobs SET state = 'running', attempts = attempts + 1, claimed_at = ${now},
        lease_until = ${new Date(now.getTime() + leaseMs)}
      WHERE id = (
        SELECT id FROM jobs
        WHERE kind = ${kind}
          AND ((state = 'queued' AND run_at <= ${now}) OR (state = 'running' AND lease_until <= ${now}))
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, key, attempts`.execute(db);
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      kind: row.kind,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      key: row.key,
      attempt: row.attempts,
    };
  }

  /** The next run of a recurring kind, in the transaction that ends this one. */
  async function scheduleNext(trx: AnyDb, job: ClaimedJob, everyMs: number | undefined) {
    if (everyMs === undefined) return;
    const now = clock.now();
    await enqueue(trx, job.kind, job.payload, {
      key: job.key ?? 'recurring',
      now,
      runAt: new Date(now.getTime() + everyMs),
    });
  }

  // A finished job keeps no payload (it may name a person: a reset request's address).
  // Every finishing statement is fenced on (state, attempts): a worker whose
  // lease lapsed and whose job was claimed again cannot finish it twice.
  async function markDone(trx: AnyDb, job: ClaimedJob, everyMs: number | undefined) {
    const { rows } = await sql`
      UPDATE jobs SET state = 'done', finished_at = ${clock.now()}, lease_until = NULL, last_error = NULL,
        payload = '{}'::jsonb
      WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempt}
      RETURNING id`.execute(trx);
    if (rows.length === 0) return false;
    await scheduleNext(trx, job, everyMs);
    return true;
  }

  async function finishDone(job: ClaimedJob, everyMs: number | undefined): Promise<void> {
    await db.transaction().execute((trx) => markDone(trx, job, everyMs));
  }

  /** `run.complete` of one attempt: its writes and its done mark, one commit. */
  function runOf(job: ClaimedJob, everyMs: number | undefined) {
    let completed = false;
    const run: JobRun = {
      async complete(work) {
        const result = await inTransaction(db, async (trx) => {
          const value = await work(trx);
          // Last, so the job row is locked only for the commit.
          if (!(await markDone(trx, job, everyMs)))
            throw new JobAttemptFenced(`job ${job.id} attempt ${job.attempt} no longer holds it`);
          return value;
        });
        completed = true;
        return result;
      },
    };
    return { run, completed: () => completed };
  }

  async function finishFailed(
    job: ClaimedJob,
    handler: JobHandler & { maxAttempts: number; backoffMs: (a: number) => number },
    error: string,
    permanent: boolean,
  ): Promise<void> {
    const now = clock.now();
    const giveUp = permanent || job.attempt >= handler.maxAttempts;
    const ended = await db.transaction().execute(async (trx) => {
      const { rows } = giveUp
        ? await sql`
            UPDATE jobs SET state = 'failed', finished_at = ${now}, lease_until = NULL, last_error = ${error}
            WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempt}
            RETURNING id`.execute(trx)
        : await sql`
            UPDATE jobs SET state = 'queued', lease_until = NULL, last_error = ${error},
              run_at = ${new Date(now.getTime() + handler.backoffMs(job.attempt))}
            WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempt}
            RETURNING id`.execute(trx);
      const changed = rows.length > 0;
      if (changed && giveUp) await scheduleNext(trx, job, handler.everyMs);
      return changed;
    });
    if (!ended) return;
    if (giveUp) {
      log.error(
        { job: { id: job.id, kind: job.kind, attempts: job.attempt } },
        'job failed: giving up',
      );
      await handler.onGiveUp?.(job, error);
    } else {
      log.warn(
        { job: { id: job.id, kind: job.kind, attempt: job.attempt } },
        'job failed: will retry',
      );
    }
  }

  /** Back to queued after `delayMs`, the attempt given back (fenced like every finish). */
  async function finishDeferred(job: ClaimedJob, deferral: DeferJobError): Promise<void> {
    const now = clock.now();
    await sql`
      UPDATE jobs SET state = 'queued', attempts = attempts - 1, lease_until = NULL,
        last_error = ${errorText(deferral)},
        run_at = ${new Date(now.getTime() + Math.max(0, deferral.delayMs))}
      WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempt}`.execute(db);
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind)!;
    // A job that outlived its attempts by crashing its workers is not run again.
    if (job.attempt > handler.maxAttempts) {
      await finishFailed(job, handler, 'lease lapsed on the last attempt', true);
      return;
    }
    let failure: unknown = null;
    const attempt = runOf(job, handler.everyMs);
    try {
      const handle = () => handler.handle(job, attempt.run);
      await (options.around ? options.around(job, handle) : handle());
    } catch (error) {
      failure = error ?? new Error('failed');
    }
    // Completed with its writes: done already (a later throw changes nothing, fenced).
    if (attempt.completed()) return;
    if (failure === null) await finishDone(job, handler.everyMs);
    else if (failure instanceof DeferJobError) await finishDeferred(job, failure);
    else await finishFailed(job, handler, errorText(failure), failure instanceof PermanentJobError);
  }

  /** Claims and starts what is due, until nothing is or every kind is at its concurrency. */
  async function claimDue(draining = false): Promise<number> {
    let claimed = 0;
    for (const [kind, handler] of handlers) {
      while ((draining || !stopping) && (running.get(kind) ?? 0) < handler.concurrency) {
        const job = await claim(kind, handler.leaseMs);
        if (!job) break;
        claimed++;
        running.set(kind, (running.get(kind) ?? 0) + 1);
        const done = run(job)
          .catch((error: unknown) =>
            log.error({ err: error, job: { id: job.id, kind } }, 'job bookkeeping failed'),
          )
          .finally(() => {
            running.set(kind, (running.get(kind) ?? 1) - 1);
            inFlight.delete(done);
            if (started && !stopping) wake();
          });
        inFlight.add(done);
      }
    }
    return claimed;
  }

  function wake(): void {
    if (stopping) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        try {
          await claimDue();
        } catch (error) {
          // The database is away: the next poll tries again.
          log.warn({ err: error }, 'jobs not claimed; retrying at the next poll');
        }
      } while (again && !stopping);
    })().finally(() => {
      pumping = null;
    });
  }

  async function seedRecurring(): Promise<void> {
    for (const [kind, handler] of handlers) {
      if (handler.everyMs === undefined) continue;
      await enqueue(db, kind, {}, { key: 'recurring', now: clock.now() });
    }
  }

  return {
    register<P>(kind: string, handler: JobHandler<P>): void {
      if (started) throw new Error(`job kind ${kind} registered after start`);
      handlers.set(kind, {
        leaseMs: DEFAULT_LEASE_MS,
        maxAttempts: DEFAULT_MAX_ATTEMPTS,
        backoffMs: defaultBackoff,
        concurrency: 1,
        ...(handler as JobHandler),
      });
    },

    /** Seeds recurring kinds, then runs jobs as they come (notification) or fall due (poll). */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      stopping = false;
      try {
        await seedRecurring();
      } catch (error) {
        log.warn({ err: error }, 'recurring jobs not seeded; retrying at the next poll');
      }
      unsubscribe = options.wakeups?.subscribeJobs(wake) ?? null;
      timer = setInterval(() => {
        seedRecurring().catch(() => {});
        wake();
      }, pollMs);
      timer.unref();
      wake();
    },

    /** Stops claiming and waits (bounded) for handlers in progress. */
    async stop(): Promise<void> {
      stopping = true;
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      const settled = Promise.allSettled([pumping, ...inFlight]);
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        settled,
        new Promise<void>((resolve) => {
          bound = setTimeout(resolve, stopTimeoutMs);
          bound.unref();
        }),
      ]);
      clearTimeout(bound);
    },

    /**
     * Runs every job that is due now, and what those enqueue, until none is left;
     * for tests (with a fake clock) and one-off tools. Jobs waiting on a backoff stay.
     */
    async drain(): Promise<void> {
      for (;;) {
        await pumping;
        await Promise.allSettled([...inFlight]);
        const claimed = await claimDue(true);
        if (claimed === 0 && inFlight.size === 0 && !pumping) return;
      }
    },
  };
}

export type JobWorker = ReturnType<typeof jobWorker>;

/** Wakes a worker when the database announces a committed enqueue (CHANNELS.jobs). */
export function jobWakeupsFrom(notifications: Pick<Notifications, 'subscribe'>): JobWakeups {
  return {
    subscribeJobs: (listener) =>
      // A reset (delivery restarted, or this process committed) is no new work by
      // itself; the poll covers anything missed while not listening.
      notifications.subscribe(CHANNELS.jobs, { message: listener, reset: () => {} }),
  };
}
