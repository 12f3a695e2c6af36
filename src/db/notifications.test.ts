import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentDatabaseUrl } from '../../test/support/row-lock-barrier.js';
import {
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../test/support/test-database.js';
import { migrateToLatest } from './migrate.js';
import {
  CHANNELS,
  type OwnCommit,
  PROBE_OVERDUE_MS,
  postgresNotifications,
} from './notifications.js';

const quiet = { error: () => {}, warn: () => {} };
const NAME = 'shop-service notifications probe';

describe.runIf(onPostgres)('the listening connection (PostgreSQL)', () => {
  let database: TestDatabase;
  // The listening connection's own URL: the server itself, as DATABASE_LISTEN_URL is in
  // production, not a transaction-mode pooler (CI's PgBouncer stage), which would not
  // hold a LISTEN for notifications sent from other connections.
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(process.env.TEST_DATABASE_LISTEN_URL || process.env.TEST_DATABASE_URL!);
    direct.pathname = new URL(await currentDatabaseUrl(database.handle.db)).pathname;
    url = direct.href;
  });
  afterAll(() => database.drop());

  it('stops being live as soon as a probe is overdue, before the probe timer fires', async () => {
    const notifications = postgresNotifications(url, quiet, NAME);
    let resets = 0;
    notifications.subscribe(CHANNELS.catalogue, { message() {}, reset: () => resets++ });
    try {
      expect(notifications.live).toBe(false); // connecting: nothing confirmed yet
      await notifications.start();
      expect(notifications.live).toBe(true);
      const resetsWhileLive = resets;

      const { rows } = await sql<{ pid: number }>`
        SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${NAME}`.execute(
        database.handle.db,
      );
      expect(rows).toHaveLength(1);
      const pid = rows[0]!.pid;
      // Notice the moment the next probe is sent.
      let probeSent = false;
      const query = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        if (args[0] === 'SELECT 1') probeSent = true;
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as never);
      process.kill(pid, 'SIGSTOP'); // the server freezes: the next probe goes unanswered
      try {
        const until = Date.now() + 15_000;
        while (!probeSent && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(probeSent).toBe(true);
        // A busy process: no timer runs while it works, the probe's timeout included.
        const busyUntil = performance.now() + PROBE_OVERDUE_MS + 100;
        while (performance.now() < busyUntil);
        expect(notifications.live).toBe(false);
        // Not yet given up by the probe's own timer (that would reset every listener).
        expect(resets).toBe(resetsWhileLive);
      } finally {
        process.kill(pid, 'SIGCONT');
        spy.mockRestore();
      }
    } finally {
      await notifications.close();
    }
  }, 30_000);

  it('a catalogue commit tells its own session the version it announces; other commits tell nothing', async () => {
    const { db, notifications } = database.handle;
    await migrateToLatest(db);
    await notifications.start();
    const announced: string[] = [];
    const told: OwnCommit[] = [];
    const stop = notifications.subscribe(CHANNELS.catalogue, {
      message: (payload) => announced.push(payload),
      reset() {},
      committedHere: (commit) => told.push(commit),
    });
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('tags').values({ name: 'Told', slug: 'told' }).execute();
      });
      await db
        .insertInto('customers')
        .values({
          email: 'told@example.com',
          password_hash: 'not-a-hash',
          first_name: 'Told',
          last_name: 'Nothing',
          email_verified: true,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      const until = Date.now() + 5_000;
      while (announced.length < 1 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(announced).toHaveLength(1);
      expect(told).toEqual([{ catalogue: announced[0] }, {}]);
    } finally {
      stop();
    }
  });
});
