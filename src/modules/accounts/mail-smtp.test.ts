import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { tokenInMail } from '../../../test/support/capture-mail.js';
import { register, uniqueEmail } from '../../../test/support/customer-factories.js';
import {
  plainTextOf,
  type SmtpListener,
  startSmtpListener,
} from '../../../test/support/smtp-listener.js';
import { mailBackoff } from '../../mail/outbox.js';

// The mail path end to end against a real SMTP listener (issue 4, conventions 11).

let smtp: SmtpListener;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'shop@shop.example',
      PUBLIC_BASE_URL: 'https://shop.example',
      PAYMENT_PROVIDER: 'accept',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('verification mail over SMTP', () => {
  it('registering delivers the verification mail over SMTP; its link verifies the address', async () => {
    const email = uniqueEmail();
    const res = await register(t, { email, first_name: 'Eve' });
    expect(res.statusCode).toBe(201);
    await t.app.jobs.drain();

    const message = smtp.received.find((m) => m.to.includes(email));
    expect(message?.from).toBe('shop@shop.example');
    const text = plainTextOf(message!.raw);
    expect(text).toContain('Hello Eve,');
    expect(message!.raw).toMatch(/^Subject: Confirm your email address$/m);
    const link = text.match(/https:\/\/shop\.example\/account\/verify#token=[\w-]{43}/)?.[0];
    expect(link).toBeDefined();

    const token = tokenInMail({ text: link! }, 'verify');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/customers/verify-email',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email, email_verified: true });
    expect(t.logs.text()).toContain('mail sent');
    expect(t.logs.text()).not.toContain(token);
  });

  it('a temporary SMTP refusal is retried and the mail still arrives', async () => {
    const email = uniqueEmail();
    smtp.refuseNext(1);
    expect((await register(t, { email })).statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(0);
    t.clock.advance(mailBackoff(1)); // the outbox's first backoff
    await t.app.jobs.drain();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    const retried = t.logs.entries().filter((e) => e.msg === 'mail not sent: will retry');
    expect(retried.length).toBeGreaterThan(0);
    expect(JSON.stringify(retried)).not.toMatch(/token=/);
  });
});
