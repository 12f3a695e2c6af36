import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostAndPort } from '../../test/faults/proxied-instance.js';
import { currentDatabaseUrl } from '../../test/support/row-lock-barrier.js';
import { startTcpProxy } from '../../test/support/tcp-proxy.js';
import {
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../test/support/test-database.js';
import { migrateToLatest } from './migrate.js';
import {
  CHANNELS,
  FEED_FRESH_MS,
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
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        if (text.startsWith('SELECT pg_notify')) probeSent = true;
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

  it('a process busy past the echo timeout while its echo is answered resets nothing and drops nothing', async () => {
    const notifications = postgresNotifications(url, quiet, NAME);
    let resets = 0;
    notifications.subscribe(CHANNELS.catalogue, { message() {}, reset: () => resets++ });
    try {
      await notifications.start();
      expect(notifications.live).toBe(true);
      const resetsWhileLive = resets;
      // An echo is sent, then (before its answer is read) the process works past
      // PROBE_OVERDUE_MS: the answer waits on the socket, unread, while every timer
      // comes due, and timers run before the socket is read.
      let busied = false;
      const query = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        const sent = (query as (...a: unknown[]) => unknown).apply(this, args) as Promise<unknown>;
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        if (!busied && text.startsWith('SELECT pg_notify')) {
          let answered = false;
          sent.then(
            () => {
              answered = true;
            },
            () => {},
          );
          setImmediate(() => {
            if (answered || busied) return; // read already: try the next one
            busied = true;
            const busyUntil = performance.now() + PROBE_OVERDUE_MS + 200;
            while (performance.now() < busyUntil);
          });
        }
        return sent;
      } as never);
      try {
        const until = Date.now() + 5_000;
        while (!busied && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(busied).toBe(true);
        expect(notifications.live).toBe(false); // nothing heard for over a second
        // The answer was read before the echo was judged lost: the same connection, live again.
        await expect.poll(() => notifications.live, { timeout: 5_000, interval: 5 }).toBe(true);
        expect(notifications.listening).toBe(true);
        expect(resets).toBe(resetsWhileLive);
      } finally {
        spy.mockRestore();
      }
    } finally {
      await notifications.close();
    }
  }, 30_000);

  it('stops being live within FEED_FRESH_MS of its feed stalling, and is live again with what was sent meanwhile once it heals', async () => {
    const proxy = await startTcpProxy(hostAndPort(url));
    const notifications = postgresNotifications(proxy.url(url), quiet, NAME);
    const heard: string[] = [];
    let resets = 0;
    notifications.subscribe(CHANNELS.jobs, {
      message: (payload) => heard.push(payload),
      reset: () => resets++,
    });
    try {
      await notifications.start();
      expect(notifications.live).toBe(true);
      // Live for longer than the bound while the feed flows: the echoes keep it so
      // (polled: on a loaded machine an echo may be heard late for a moment).
      await new Promise((resolve) => setTimeout(resolve, FEED_FRESH_MS * 2));
      await expect.poll(() => notifications.live, { timeout: 5_000, interval: 5 }).toBe(true);
      const resetsWhileLive = resets;

      await proxy.stall();
      const stalledAt = performance.now();
      await sql`SELECT pg_notify(${CHANNELS.jobs}, 'while stalled')`.execute(database.handle.db);
      // Every echo heard was sent before the stall: from a second after it, not live.
      const left = FEED_FRESH_MS - (performance.now() - stalledAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, left)));
      expect(notifications.live).toBe(false);
      // Behind, not broken: nothing was missed, so what was kept may still be kept.
      expect(notifications.listening).toBe(true);
      expect(heard).toEqual([]);

      await proxy.forward();
      const until = Date.now() + 5_000;
      while (!notifications.live && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(notifications.live).toBe(true);
      // Delivered in order before the echo that made it live again: nothing was lost.
      expect(heard).toEqual(['while stalled']);
      expect(resets).toBe(resetsWhileLive);
    } finally {
      await notifications.close();
      await proxy.close();
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
