import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { tokenInMail } from '../../../test/support/capture-mail.js';
import {
  nextAddress,
  PASSWORD,
  register,
  sessionCookie,
  uniqueEmail,
  withSession,
} from '../../../test/support/customer-factories.js';
import { plainTextOf } from '../../../test/support/smtp-listener.js';
import { digestToken } from '../../auth/tokens.js';

// Issue 4: no token, password or session id appears in any log line. The app
// logs at trace level and writes mail as .eml files (no SMTP_URL), as in development.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, deps: { mailTransport: undefined } });
});
afterAll(() => t.close());

/** The newest .eml file's plain text, as the log line named it. */
async function lastMailFile(): Promise<string> {
  await t.app.mailer.idle();
  const named = t.logs
    .entries()
    .map((e) => (e.mail as { file?: string } | undefined)?.file)
    .filter((file): file is string => typeof file === 'string');
  return plainTextOf(await fs.readFile(named.at(-1)!, 'utf8'));
}

describe('log lines of a whole account flow', () => {
  it('register → verify → reset request → reset → sign in → sign out logs no token, password or session id', async () => {
    const email = uniqueEmail();
    const newPassword = 'juniper-signal-meadow-9';
    const secrets: string[] = [PASSWORD, newPassword];

    const registered = await register(t, { email });
    expect(registered.statusCode).toBe(201);
    const firstSession = sessionCookie(registered);
    const verifyToken = tokenInMail({ text: await lastMailFile() }, 'verify');
    secrets.push(firstSession, verifyToken);

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/customers/verify-email',
      payload: { token: verifyToken },
    });
    expect(verified.statusCode).toBe(200);

    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email },
      remoteAddress: nextAddress(),
    });
    expect(requested.statusCode).toBe(200);
    const resetToken = tokenInMail({ text: await lastMailFile() }, 'reset');
    secrets.push(resetToken);

    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/complete',
      payload: { token: resetToken, password: newPassword },
      ...withSession(firstSession),
    });
    expect(completed.statusCode).toBe(200);
    const resetSession = sessionCookie(completed);
    secrets.push(resetSession);

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login',
      payload: { email, password: newPassword },
      remoteAddress: nextAddress(),
      ...withSession(resetSession),
    });
    expect(signedIn.statusCode).toBe(200);
    const loginSession = sessionCookie(signedIn);
    secrets.push(loginSession);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/logout',
      ...withSession(loginSession),
    });
    await t.app.mailer.idle();

    // The flow was logged (requests at trace level, both mails by file name)...
    expect(t.logs.lines.length).toBeGreaterThan(10);
    expect(t.logs.text()).toContain('/api/customers/password-reset/complete');
    expect(t.logs.entries().filter((e) => e.msg?.startsWith('mail written to'))).toHaveLength(2);
    // ...and no line carries a secret, nor a digest that would identify one.
    const logged = t.logs.text();
    for (const secret of secrets) {
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(digestToken(secret));
      expect(logged).not.toContain(encodeURIComponent(secret));
    }
    expect(logged).not.toMatch(/#token=/);
  });
});
