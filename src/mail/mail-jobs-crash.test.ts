import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import {
  crashSwitch,
  jobDoneMark,
  type StatementMatch,
  updateSetting,
} from '../../test/support/crash-switch.js';
import { register, uniqueEmail } from '../../test/support/customer-factories.js';
import { MAIL_JOB_SCENARIOS, PAST_EVERY_LEASE_MS } from '../../test/support/mail-job-scenarios.js';

// Issue 31 item 1: every job that writes mail, with the process dying between the
// job's own writes and the mark that it is done (and, for the sender, between the
// SMTP answer and the mark that the row was sent). After the restart each message
// is in the outbox once and received once; a resend carries the row's Message-ID.
// The crash is injected through the app's database dependency (crash-switch.ts), so
// this runs on PGlite too; test/faults/job-crash.test.ts cuts a real PostgreSQL
// connection at the same points.

const crash = crashSwitch();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      ...ADMIN_ENV,
      PAYMENT_PROVIDER: 'manual',
      SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE00 0000 0000 0000 0000 00',
      ORDER_PAYMENT_DAYS: '3',
    },
    plugins: [crash.plugin],
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  crash.restart();
  await t.app.jobs.drain();
  t.mail.clear();
});

/** Runs what is due with the process dying at `at`, then restarts it once every lease has lapsed. */
async function crashAtThenRestart(at: StatementMatch): Promise<void> {
  const before = crash.crashes;
  crash.arm(at);
  // The crash ends the drain as it ends a process: nothing after it runs. A drain
  // also waits for the work in flight, which must end while the process is "dead"
  // (a second drain, still dead, waits for it: the first may fail while claiming).
  await t.app.jobs.drain().catch(() => {});
  await t.app.jobs.drain().catch(() => {});
  expect(crash.crashes, 'the crash point was reached').toBe(before + 1);
  crash.restart();
  t.clock.advance(PAST_EVERY_LEASE_MS);
  await t.app.jobs.drain();
}

const outboxRowsTo = (email: string) =>
  t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();

describe('a job that writes mail, crashed between its writes and its done mark', () => {
  it.each(MAIL_JOB_SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const check = await scenario.start(t, { app: t.app, mail: t.mail });
    await crashAtThenRestart(jobDoneMark);
    await check();
  });
});

describe('the sender, crashed around a send', () => {
  it('after the server took the message and before the row was marked sent: sent again under the same Message-ID, the row’s', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);

    await crashAtThenRestart(updateSetting('mail_outbox', 'sent_at'));

    const [row] = await outboxRowsTo(email);
    const received = t.mail.to(email);
    expect(received).toHaveLength(2);
    expect(received.map((m) => m.messageId)).toEqual([row!.message_id, row!.message_id]);
    // Made from its row: an operator finds the row from a received mail's headers.
    expect(row!.message_id).toMatch(new RegExp(`^<${row!.id}\\.[\\w-]+@`));
    expect(row!.sent_at).not.toBeNull();
  });

  it('after the row was marked sent and before the job was done: not sent again', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);

    await crashAtThenRestart(jobDoneMark);

    expect(t.mail.to(email)).toHaveLength(1);
  });
});
