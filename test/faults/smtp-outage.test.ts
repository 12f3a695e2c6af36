import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS, mailBackoff } from '../../src/mail/outbox.js';
import { ADMIN_ENV, adminClient } from '../support/admin.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { register, uniqueEmail } from '../support/customer-factories.js';
import { type SmtpListener, startSmtpListener } from '../support/smtp-listener.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { hostAndPort } from './proxied-instance.js';

// Issue 12 items 3 and 5, over real SMTP: mail caused while the server is down or
// refusing stays in the outbox, is retried with backoff and sent exactly once when
// the server is back; a give-up ends "failed", visible to the admin and re-sendable;
// no log line holds an address or a body.

let t: TestApp;
let smtp: SmtpListener;
let smtpPort: TcpProxy;

beforeAll(async () => {
  smtp = await startSmtpListener();
  // The server's port: refused until the test lets connections through.
  smtpPort = await startTcpProxy(hostAndPort(smtp.url), { mode: 'refuse' });
  t = await buildTestApp({ env: { ...ADMIN_ENV, SMTP_URL: smtpPort.url(smtp.url) } });
});
afterAll(async () => {
  await t?.close();
  await smtpPort?.close();
  await smtp?.close();
});

async function outboxRow(recipient: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .executeTakeFirstOrThrow();
}

async function jobOf(recipient: string) {
  const row = await outboxRow(recipient);
  return t.db
    .selectFrom('jobs')
    .select(['state', 'attempts', 'last_error'])
    .where('id', '=', row.job_id!)
    .executeTakeFirstOrThrow();
}

const receivedBy = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('SMTP down (connection refused), then back', () => {
  it('the mail waits in the outbox through the outage, retried with backoff, and is sent once when the server returns', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);
    await t.app.jobs.drain();
    const refused = await jobOf(email);
    expect(refused).toMatchObject({ state: 'queued', attempts: 1 });
    expect(refused.last_error).toMatch(/^E[A-Z]+/); // the error code, no server text

    // Not tried again before its backoff, then tried again and still refused.
    await t.app.jobs.drain();
    expect(await jobOf(email)).toMatchObject({ attempts: 1 });
    t.clock.advance(mailBackoff(1));
    await t.app.jobs.drain();
    expect(await jobOf(email)).toMatchObject({ state: 'queued', attempts: 2 });
    expect(receivedBy(email)).toEqual([]);

    await smtpPort.forward(); // the server is back
    t.clock.advance(mailBackoff(2));
    await t.app.jobs.drain();
    const sent = await outboxRow(email);
    expect(sent.sent_at).not.toBeNull();
    expect(receivedBy(email)).toHaveLength(1);
    expect(receivedBy(email)[0]!.raw).toContain(`Message-ID: ${sent.message_id}`);

    t.clock.advance(60 * 60_000);
    await t.app.jobs.drain();
    expect(receivedBy(email)).toHaveLength(1); // exactly once
    expect(t.logs.text()).not.toContain(email);
  });
});

describe('SMTP answering 4xx every time', () => {
  it('after its attempts the mail ends failed, the admin sees it and resends it; logs name ids, never the address or the link', async () => {
    await smtpPort.forward();
    const email = uniqueEmail();
    smtp.refuseNext(MAIL_MAX_ATTEMPTS);
    expect((await register(t, { email })).statusCode).toBe(201);
    const token = /#token=([\w-]+)/.exec((await outboxRow(email)).body_text ?? '')?.[1];
    expect(token).toBeTruthy();
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await t.app.jobs.drain();
      t.clock.advance(mailBackoff(attempt));
    }
    expect(await jobOf(email)).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(receivedBy(email)).toEqual([]);

    const admin = await adminClient(t.app);
    const listed = await admin('GET', '/api/admin/outbox?state=failed');
    expect(listed.statusCode).toBe(200);
    const failed = (listed.json().mails as Array<Record<string, unknown>>).find(
      (m) => m.recipient === email,
    );
    expect(failed).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(String(failed!.last_error)).toContain('451');

    const giveUp = t.logs.entries().find((e) => e.msg?.startsWith('mail not sent: giving up'));
    expect(giveUp?.mail).toMatchObject({ outbox_id: failed!.id, template: 'verification' });
    expect(t.logs.text()).not.toContain(email);
    expect(t.logs.text()).not.toContain(token);

    const resent = await admin('POST', `/api/admin/outbox/${failed!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(receivedBy(email)).toHaveLength(1);
    expect((await outboxRow(email)).sent_at).not.toBeNull();
  });
});
