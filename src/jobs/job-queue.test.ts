import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../test/support/fake-clock.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  type ClaimedJob,
  DeferJobError,
  enqueue,
  exponentialBackoff,
  jobWakeupsFrom,
  jobWorker,
  PermanentJobError,
  runQueuedNow,
} from './job-queue.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let database: TestDatabase;
const clock = new FakeClock();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(async () => database.drop());
beforeEach(async () => {
  await sql`DELETE FROM jobs`.execute(database.handle.db);
});

const db = () => database.handle.db;
const worker = (extra: Partial<Parameters<typeof jobWorker>[0]> = {}) =>
  jobWorker({ db: db(), clock, log: quiet, pollMs: 60_000, ...extra });

async function jobRows() {
  const { rows } = await sql<{
    id: number;
    kind: string;
    state: string;
    attempts: number;
    last_error: string | null;
    run_at: Date;
  }>`SELECT id, kind, state, attempts, last_error, run_at FROM jobs ORDER BY id`.execute(db());
  return rows;
}

describe('enqueue', () => {
  it('a job enqueued in a rolled-back transaction never exists; a committed one runs once', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'test.echo', { n: 1 }, { now: clock.now() });
        throw new Error('the event failed');
      })
      .catch(() => {});
    await db()
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'test.echo', { n: 2 }, { now: clock.now() });
      });
    const seen: unknown[] = [];
    const w = worker();
    w.register<{ n: number }>('test.echo', { handle: async (job) => void seen.push(job.payload) });
    await w.drain();
    await w.drain();
    expect(seen).toEqual([{ n: 2 }]);
    expect((await jobRows()).map((r) => r.state)).toEqual(['done']);
  });

  it('a key allows one unfinished job of a kind; after it finished, a new one may be queued', async () => {
    expect(
      await enqueue(db(), 'test.keyed', {}, { key: 'draft-1', now: clock.now() }),
    ).not.toBeNull();
    expect(await enqueue(db(), 'test.keyed', {}, { key: 'draft-1', now: clock.now() })).toBeNull();
    const w = worker();
    let runs = 0;
    w.register('test.keyed', { handle: async () => void runs++ });
    await w.drain();
    expect(
      await enqueue(db(), 'test.keyed', {}, { key: 'draft-1', now: clock.now() }),
    ).not.toBeNull();
    await w.drain();
    expect(runs).toBe(2);
  });

  it('a job is not run before its run_at', async () => {
    await enqueue(
      db(),
      'test.later',
      {},
      {
        now: clock.now(),
        runAt: new Date(clock.now().getTime() + 60_000),
      },
    );
    let runs = 0;
    const w = worker();
    w.register('test.later', { handle: async () => void runs++ });
    await w.drain();
    expect(runs).toBe(0);
    clock.advance(60_000);
    await w.drain();
    expect(runs).toBe(1);
  });
});

describe('failures', () => {
  it('a failing job is retried after its backoff, keeps its last error, and ends failed after its attempts', async () => {
    await enqueue(db(), 'test.flaky', {}, { now: clock.now() });
    const gaveUp: string[] = [];
    const w = worker();
    w.register('test.flaky', {
      maxAttempts: 3,
      backoffMs: exponentialBackoff(1_000, 10_000),
      handle: async (job) => {
        throw new Error(`refused on attempt ${job.attempt}`);
      },
      onGiveUp: (_job, error) => void gaveUp.push(error),
    });
    await w.drain();
    let [row] = await jobRows();
    expect(row).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: 'refused on attempt 1',
    });
    expect(new Date(row!.run_at).getTime()).toBe(clock.now().getTime() + 1_000);
    await w.drain(); // not due yet
    expect((await jobRows())[0]!.attempts).toBe(1);
    clock.advance(1_000);
    await w.drain();
    clock.advance(2_000);
    await w.drain();
    [row] = await jobRows();
    expect(row).toMatchObject({
      state: 'failed',
      attempts: 3,
      last_error: 'refused on attempt 3',
    });
    expect(gaveUp).toEqual(['refused on attempt 3']);
  });

  it('a permanent error fails the job at once', async () => {
    await enqueue(db(), 'test.permanent', {}, { now: clock.now() });
    const w = worker();
    w.register('test.permanent', {
      handle: async () => {
        throw new PermanentJobError('no such mailbox');
      },
    });
    await w.drain();
    expect(await jobRows()).toMatchObject([{ state: 'failed', attempts: 1 }]);
  });
});

describe('deferral: a job put back because something it needs is away', () => {
  it('runs again after the delay it asked for, and the runs put back never count as attempts', async () => {
    await enqueue(db(), 'test.deferred', {}, { now: clock.now() });
    let away = true;
    const runs: number[] = [];
    const gaveUp: string[] = [];
    const w = worker();
    w.register('test.deferred', {
      maxAttempts: 2,
      handle: async (job) => {
        runs.push(job.attempt);
        if (away) throw new DeferJobError('the model server is away', 60_000);
      },
      onGiveUp: (_job, error) => void gaveUp.push(error),
    });
    // Far more runs than its attempts allow: none of them is spent.
    for (let i = 0; i < 5; i++) {
      await w.drain();
      const [row] = await jobRows();
      expect(row).toMatchObject({
        state: 'queued',
        attempts: 0,
        last_error: 'the model server is away',
      });
      expect(new Date(row!.run_at).getTime()).toBe(clock.now().getTime() + 60_000);
      await w.drain(); // not due before its delay
      clock.advance(60_000);
    }
    away = false;
    await w.drain();
    expect(runs).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await jobRows()).toMatchObject([{ state: 'done', attempts: 1 }]);
    expect(gaveUp).toEqual([]);
  });

  it('runQueuedNow brings a kind’s waiting jobs forward, and only that kind’s', async () => {
    const later = new Date(clock.now().getTime() + 60 * 60_000);
    await enqueue(db(), 'test.waiting', {}, { now: clock.now(), runAt: later });
    await enqueue(db(), 'test.other', {}, { now: clock.now(), runAt: later });
    expect(await runQueuedNow(db(), 'test.waiting', clock.now())).toBe(1);
    const rows = await jobRows();
    expect(rows.map((row) => [row.kind, new Date(row.run_at).getTime()])).toEqual([
      ['test.waiting', clock.now().getTime()],
      ['test.other', later.getTime()],
    ]);
  });
});

describe('leases', () => {
  it('a job whose worker died is claimed again once the lease lapses, and the late worker cannot finish it', async () => {
    await enqueue(db(), 'test.slow', {}, { now: clock.now() });
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = worker();
    const runs: ClaimedJob[] = [];
    first.register('test.slow', {
      leaseMs: 10_000,
      handle: async (job) => {
        runs.push(job);
        await hanging; // a worker that stopped answering
        throw new Error('too late');
      },
    });
    const firstDrain = first.drain();
    await expect.poll(() => runs.length).toBe(1);

    const second = worker();
    second.register('test.slow', { leaseMs: 10_000, handle: async (job) => void runs.push(job) });
    await second.drain();
    expect(runs.length).toBe(1); // the lease still holds
    clock.advance(10_000);
    await second.drain();
    expect(runs.map((r) => r.attempt)).toEqual([1, 2]);
    expect(await jobRows()).toMatchObject([{ state: 'done', attempts: 2 }]);

    release();
    await firstDrain;
    // The first worker's failure arrived after its lease: it changes nothing.
    expect(await jobRows()).toMatchObject([{ state: 'done', attempts: 2, last_error: null }]);
  });

  it('run.complete: a late worker whose job was claimed again has its writes rolled back; the new one commits them once', async () => {
    await sql`CREATE TABLE IF NOT EXISTS job_effects (job_id bigint, attempt int)`.execute(db());
    await sql`DELETE FROM job_effects`.execute(db());
    await enqueue(db(), 'test.effects', {}, { now: clock.now() });
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const write = (job: ClaimedJob) => (trx: typeof database.handle.db) =>
      sql`INSERT INTO job_effects VALUES (${job.id}, ${job.attempt})`.execute(trx);
    const outcomes: string[] = [];
    const first = worker();
    first.register('test.effects', {
      leaseMs: 10_000,
      handle: async (job, run) => {
        await hanging; // stopped answering past its lease
        await run.complete(write(job)).then(
          () => outcomes.push('first committed'),
          (error: Error) => outcomes.push(`first: ${error.name}`),
        );
      },
    });
    const firstDrain = first.drain();
    await expect.poll(async () => (await jobRows())[0]?.state).toBe('running');

    clock.advance(10_000);
    const second = worker();
    second.register('test.effects', {
      leaseMs: 10_000,
      handle: async (job, run) => void (await run.complete(write(job))),
    });
    await second.drain();
    release();
    await firstDrain;

    expect(outcomes).toEqual(['first: JobAttemptFenced']);
    const { rows } = await sql<{ attempt: number }>`SELECT attempt FROM job_effects`.execute(db());
    expect(rows).toEqual([{ attempt: 2 }]);
    expect(await jobRows()).toMatchObject([{ state: 'done', attempts: 2, last_error: null }]);
    await sql`DROP TABLE job_effects`.execute(db());
  });

  it('two workers run each of many jobs exactly once', async () => {
    for (let n = 0; n < 30; n++) await enqueue(db(), 'test.count', { n }, { now: clock.now() });
    const seen: number[] = [];
    const handler = {
      concurrency: 3,
      handle: async (job: ClaimedJob<{ n: number }>) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        seen.push(job.payload.n);
      },
    };
    const a = worker();
    const b = worker();
    a.register('test.count', handler);
    b.register('test.count', handler);
    await Promise.all([a.drain(), b.drain()]);
    expect(seen.sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
  });
});

describe('recurring kinds', () => {
  it('one job per recurring kind across workers, the next run queued when one finishes', async () => {
    let runs = 0;
    const workers = [worker(), worker()];
    for (const w of workers)
      w.register('test.sweep', { everyMs: 30_000, handle: async () => void runs++ });
    await Promise.all(workers.map((w) => w.start()));
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(workers.map((w) => w.drain()));
    expect(runs).toBe(1);
    clock.advance(30_000);
    await Promise.all(workers.map((w) => w.drain()));
    expect(runs).toBe(2);
    const rows = await jobRows();
    expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'queued']);
  });
});

describe('wake at commit', () => {
  it('a started worker runs a job as soon as its transaction commits, without waiting for the poll', async () => {
    const handle = database.handle;
    const w = jobWorker({
      db: db(),
      clock,
      log: quiet,
      pollMs: 600_000,
      wakeups: jobWakeupsFrom(handle.notifications),
    });
    const seen: number[] = [];
    w.register<{ n: number }>('test.wake', {
      handle: async (job) => void seen.push(job.payload.n),
    });
    await handle.notifications.start();
    await w.start();
    await db()
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'test.wake', { n: 7 }, { now: clock.now() });
      });
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([7]);
    await w.stop();
  });
});
