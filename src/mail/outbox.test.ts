import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { register, uniqueEmail } from '../../test/support/customer-factories.js';
import { dbFingerprint } from '../../test/support/db-fingerprint.js';
import { enqueue } from '../jobs/job-queue.js';
import { MAIL_MAX_ATTEMPTS, MAIL_PRUNE, mailBackoff, SENT_RETENTION_MS } from './outbox.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.mail.clear();
  admin = await adminClient(t.app); // the tests move the clock past a session's life
});

async function outboxRow(recipient: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .executeTakeFirstOrThrow();
}

async function listed(state?: string) {
  const res = await admin('GET', `/api/admin/outbox${state ? `?state=${state}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json().mails as Array<Record<string, unknown>>;
}

describe('every mail is a row written with its event, sent after the commit', () => {
  it('registration writes the verification mail to the outbox; the worker sends it and drops the body', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);
    const queued = await outboxRow(email);
    expect(queued).toMatchObject({ template: 'verification', sent_at: null });
    expect(queued.body_text).toContain('/account/verify#token=');
    expect(t.mail.to(email)).toEqual([]); // nothing is sent before the worker runs

    await t.mail.settle();
    expect(t.mail.to(email)).toHaveLength(1);
    expect(t.mail.lastTo(email).messageId).toBe(queued.message_id);
    const sent = await outboxRow(email);
    expect(sent.sent_at).not.toBeNull();
    expect([sent.body_text, sent.body_html]).toEqual([null, null]);
  });

  it('a refused event writes no mail (409 email_taken, nothing written)', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    await t.mail.settle();
    const before = await dbFingerprint(t.db);
    const res = await register(t, { email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('a mail queued by one instance is sent by another (nothing lives in a process memory)', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const other = await t.sibling();
    await other.jobs.drain();
    expect(t.mail.to(email)).toHaveLength(1);
    await t.mail.settle();
    expect(t.mail.to(email)).toHaveLength(1); // sent once, not again by the first instance
  });
});

describe('an SMTP outage loses nothing', () => {
  it('a failing mail is retried with backoff over hours, then ends failed; the admin sees it and resends it', async () => {
    const email = uniqueEmail();
    t.mail.failFor(email);
    await register(t, { email });
    await t.mail.settle();
    let [row] = (await listed()).filter((m) => m.recipient === email);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, template: 'verification' });
    expect(row!.last_error).toBe('EENVELOPE, command RCPT, reply 451');
    expect(String(row!.last_error)).not.toContain(email);

    // The whole backoff: about 14 hours of attempts.
    let waited = 0;
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      t.clock.advance(mailBackoff(attempt));
      waited += mailBackoff(attempt);
      await t.mail.settle();
    }
    expect(waited).toBeGreaterThan(10 * 60 * 60_000);
    admin = await adminClient(t.app); // the admin session ended during those hours
    expect(t.mail.failures.filter((to) => to === email)).toHaveLength(MAIL_MAX_ATTEMPTS);
    [row] = (await listed('failed')).filter((m) => m.recipient === email);
    expect(row).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    const giveUp = t.logs.entries().find((e) => e.msg?.startsWith('mail not sent: giving up'));
    expect(giveUp?.mail).toMatchObject({ outbox_id: row!.id, template: 'verification' });
    expect(JSON.stringify(t.logs.entries())).not.toContain(email);

    t.mail.clear(); // the server is back
    const resent = await admin('POST', `/api/admin/outbox/${row!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: row!.id, state: 'pending', attempts: 0 });
    await t.mail.settle();
    expect(t.mail.to(email)).toHaveLength(1);
    expect((await listed('sent')).some((m) => m.id === row!.id)).toBe(true);
  });

  it('a 5xx refusal fails the mail at once', async () => {
    const email = uniqueEmail();
    t.mail.rejectFor(email);
    await register(t, { email });
    await t.mail.settle();
    const [row] = (await listed('failed')).filter((m) => m.recipient === email);
    expect(row).toMatchObject({ attempts: 1, last_error: 'EENVELOPE, command RCPT, reply 550' });
  });
});

describe('admin outbox routes', () => {
  it('resending a sent or pending mail is 409 invalid_transition, an unknown id 404, and neither writes', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const pending = await outboxRow(email);
    const before = await dbFingerprint(t.db);
    const early = await admin('POST', `/api/admin/outbox/${pending.id}/resend`);
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'invalid_transition']);
    const unknown = await admin('POST', '/api/admin/outbox/999999/resend');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
    expect(await dbFingerprint(t.db)).toEqual(before);
    await t.mail.settle();
    const late = await admin('POST', `/api/admin/outbox/${pending.id}/resend`);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'invalid_transition']);
  });

  it('is for admins only: 401 without the admin cookie, and nothing written', async () => {
    const before = await dbFingerprint(t.db);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox' });
    const resend = await t.app.inject({ method: 'POST', url: '/api/admin/outbox/1/resend' });
    expect([list.statusCode, resend.statusCode]).toEqual([401, 401]);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('lists newest first, in pages, and never shows a body', async () => {
    for (let i = 0; i < 3; i++) await register(t);
    const first = await admin('GET', '/api/admin/outbox?limit=2');
    const page = first.json();
    expect(page.mails).toHaveLength(2);
    expect(page.mails[0].id).toBeGreaterThan(page.mails[1].id);
    expect(JSON.stringify(page)).not.toContain('token=');
    const second = await admin('GET', `/api/admin/outbox?limit=2&cursor=${page.next_cursor}`);
    expect(second.json().mails[0].id).toBeLessThan(page.mails[1].id);
  });
});

describe('pruning', () => {
  it('sent mail and finished jobs go after the retention; failed mail stays', async () => {
    await t.mail.settle(); // earlier tests' mail
    await register(t);
    await t.mail.settle();
    const failing = uniqueEmail();
    t.mail.rejectFor(failing);
    await register(t, { email: failing });
    await t.mail.settle();
    t.clock.advance(SENT_RETENTION_MS + 60 * 60_000);
    // The hourly prune's run, as the worker's schedule would queue it.
    await enqueue(t.db, MAIL_PRUNE, {}, { now: t.clock.now(), key: 'recurring' });
    await t.mail.settle();
    const { rows } = await sql<{
      sent: number;
      failed: number;
      done: number;
    }>`SELECT (SELECT count(*)::int FROM mail_outbox WHERE sent_at IS NOT NULL) AS sent,
              (SELECT count(*)::int FROM mail_outbox WHERE recipient = ${failing}) AS failed,
              (SELECT count(*)::int FROM jobs WHERE state = 'done' AND kind = 'mail.send') AS done`.execute(
      t.db,
    );
    expect(rows[0]).toEqual({ sent: 0, failed: 1, done: 0 });
  });
});
