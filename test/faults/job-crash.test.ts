import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../support/admin.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { favorite, optInToSoldNotifications } from '../support/commerce.js';
import { makeCustomer, register, uniqueEmail } from '../support/customer-factories.js';
import { makeItem } from '../support/factories.js';
import { MAIL_JOB_SCENARIOS, PAST_EVERY_LEASE_MS } from '../support/mail-job-scenarios.js';
import type { CutTrap } from '../support/tcp-proxy.js';
import { onPostgres } from '../support/test-database.js';
import { type ProxiedInstance, proxiedInstance } from './proxied-instance.js';

// Issue 31 item 1, on PostgreSQL: the worker's database connection is killed between
// a job's own writes and the mark that the job is done, at each point of that step,
// for every job that writes mail. The server rolls back what the dead connection had
// open; the job runs again after its lease. Each message is queued and sent once.

const DONE_MARK = /UPDATE jobs SET state = 'done'/;
// The commit of a transaction: Kysely sends `commit` as a statement of its own
// (its text ends in the protocol's NUL, which no other statement's "commit" is followed by).
const COMMIT = new RegExp(`commit${String.fromCharCode(0)}`, 'i');

const CUT_POINTS: Array<[string, CutTrap]> = [
  ['before the done mark reaches the server', { when: DONE_MARK }],
  ['after the done mark, before the commit', { after: DONE_MARK, when: COMMIT }],
  [
    'just after the commit reached the server (its answer lost)',
    { after: DONE_MARK, when: COMMIT, delivered: true },
  ],
];

const ENV = {
  ...ADMIN_ENV,
  PAYMENT_PROVIDER: 'manual',
  SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE00 0000 0000 0000 0000 00',
  ORDER_PAYMENT_DAYS: '3',
};

describe.skipIf(!onPostgres)(
  'a connection killed between a job’s writes and its done mark (PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let worker: ProxiedInstance;

    beforeAll(async () => {
      t = await buildTestApp({ env: ENV });
      // The instance whose worker runs the jobs; every connection it has goes through the proxy.
      worker = await proxiedInstance(t, { env: ENV });
    });
    afterAll(async () => {
      await worker?.close();
      await t?.close();
    });
    beforeEach(async () => {
      await worker.app.jobs.drain();
      worker.mail.clear();
    });

    /** Runs what is due with the connection cut at `trap`, then again once every lease has lapsed. */
    async function cutThenRecover(trap: CutTrap): Promise<void> {
      const cut = worker.proxy.cutAt(trap);
      let wasCut = false;
      void cut.then(() => {
        wasCut = true;
      });
      await worker.app.jobs.drain().catch(() => {});
      await Promise.resolve();
      expect(wasCut, 'the cut point was reached').toBe(true);
      t.clock.advance(PAST_EVERY_LEASE_MS);
      await worker.app.jobs.drain();
    }

    const outboxRowsTo = (email: string) =>
      t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();

    describe.each(CUT_POINTS)('cut %s', (_point, trap) => {
      it.each(MAIL_JOB_SCENARIOS.map((s) => [s.name, s] as const))(
        '%s',
        async (_name, scenario) => {
          const check = await scenario.start(t, worker);
          await cutThenRecover(trap);
          await check();
        },
      );
    });

    describe('the sender', () => {
      it('cut after the server took the message, before the row was marked sent: sent again under the row’s Message-ID', async () => {
        const email = uniqueEmail();
        expect((await register(t, { email })).statusCode).toBe(201);
        await cutThenRecover({ when: /update "mail_outbox" set "sent_at"/ });
        const [row] = await outboxRowsTo(email);
        expect(worker.mail.to(email).map((m) => m.messageId)).toEqual([
          row!.message_id,
          row!.message_id,
        ]);
      });

      it('cut after the row was marked sent, before the job was done: not sent again', async () => {
        const email = uniqueEmail();
        expect((await register(t, { email })).statusCode).toBe(201);
        await cutThenRecover({ when: DONE_MARK });
        expect(worker.mail.to(email)).toHaveLength(1);
      });
    });

    it('28 sales in a row, each with its worker’s connection cut at one of the three points: no mail twice', async () => {
      const admin = await adminClient(t.app);
      const fans = [await makeCustomer(t), await makeCustomer(t), await makeCustomer(t)];
      for (const fan of fans) await optInToSoldNotifications(t, fan.id);
      const CYCLES = 28;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const item = await makeItem(t.db, { title: `Lamp ${cycle}` });
        for (const fan of fans) await favorite(t, fan.cookie, item.id);
        expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
        await cutThenRecover(CUT_POINTS[cycle % CUT_POINTS.length]![1]);
      }
      for (const fan of fans) {
        const subjects = worker.mail.to(fan.email).map((m) => m.subject);
        expect(subjects).toHaveLength(CYCLES);
        expect(new Set(subjects).size).toBe(CYCLES);
      }
      console.info(
        `[job-crash] ${CYCLES} sales, ${CYCLES} connection cuts, ${worker.mail.messages.length} favorite-sold mails, 0 twice`,
      );
    });
  },
);
