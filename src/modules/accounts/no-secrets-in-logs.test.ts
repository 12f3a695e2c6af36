import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
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
import { makeUploadLink } from '../../../test/support/intake.js';
import { plainTextOf } from '../../../test/support/smtp-listener.js';
import { digestToken, mintToken } from '../../auth/tokens.js';
import { CLIENT_ERROR_PREFIX } from '../client-errors/client-errors.routes.js';

// Issue 4: no token, password or session id appears in any log line. The app
// logs at trace level and writes mail as .eml files (no SMTP_URL), as in development.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'trace', ...ADMIN_ENV },
    deps: { mailTransport: undefined },
  });
});
afterAll(() => t.close());

/** The newest .eml file's plain text, as the log line named it. */
async function lastMailFile(): Promise<string> {
  await t.app.jobs.drain();
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
    await t.app.jobs.drain();

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

describe('log lines of client error reports', () => {
  it('a page error on the upload or reset page logs no token, in any field', async () => {
    const { token: uploadToken } = await makeUploadLink(t.db);
    const resetToken = mintToken().token;
    const bareToken = mintToken().token;
    const digest = digestToken(uploadToken);
    t.logs.clear();
    const reports = [
      {
        context: 'upload',
        message: `Failed to fetch http://localhost:3000/api/upload-links/${uploadToken}/submissions`,
        url: `http://localhost:3000/upload/${uploadToken}`,
        stack: `Error: boom\n    at submit (http://localhost:3000/upload/${uploadToken}:1:2)`,
      },
      {
        context: 'account',
        message: `Token ${bareToken} was refused; digest ${digest}`,
        url: `http://localhost:3000/account/reset#token=${resetToken}`,
        component_stack: `in Reset (at /account/reset?token=${encodeURIComponent(resetToken)}&x=1)`,
        user_agent: `Mozilla/5.0 ${bareToken}`,
      },
    ];
    for (const report of reports) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: report,
      });
      expect(res.statusCode).toBe(204);
    }
    const lines = t.logs.entries().filter((e) => e.msg?.startsWith(CLIENT_ERROR_PREFIX));
    expect(lines).toHaveLength(2);
    // The reports are still there to read, with the secrets replaced...
    expect(lines[0]?.clientError).toMatchObject({ url: 'http://localhost:3000/upload/[redacted]' });
    expect(lines[1]?.clientError).toMatchObject({
      url: 'http://localhost:3000/account/reset#token=[redacted]',
    });
    // ...and no line carries one.
    const logged = t.logs.text();
    for (const secret of [uploadToken, resetToken, bareToken, digest]) {
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(encodeURIComponent(secret));
    }
  });
});

describe('log lines of failed statements', () => {
  // A statement the database refuses reaches the error handler as an unexpected error,
  // logged in full. PostgreSQL's detail ("Failing row contains (…)") and PGlite's bound
  // parameters would carry the row: forced here with a constraint no new row can meet.
  async function refuseNewRows(table: string, run: () => Promise<void>): Promise<void> {
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT refuse_new_rows CHECK (id < 0) NOT VALID`.execute(
      t.db,
    );
    try {
      await run();
    } finally {
      await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT refuse_new_rows`.execute(t.db);
    }
  }

  it('a failed register logs neither the address nor the new password hash', async () => {
    const email = uniqueEmail('failed-statement');
    t.logs.clear();
    await refuseNewRows('customers', async () => {
      const res = await register(t, { email });
      expect(res.statusCode).toBe(500);
    });
    const failure = t.logs.entries().find((e) => e.msg === 'unhandled error');
    // The failure itself is logged, with what an operator needs to find it...
    expect(failure?.err).toMatchObject({ code: '23514' });
    expect(JSON.stringify(failure)).toContain('refuse_new_rows');
    // ...but not the row it failed on.
    const logged = t.logs.text();
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain(PASSWORD);
  });

  it('a failed upload-link creation logs no token digest', async () => {
    const admin = await adminClient(t.app);
    t.logs.clear();
    await refuseNewRows('upload_links', async () => {
      const res = await admin('POST', '/api/admin/upload-links', {
        contact_email: 'seller-secret@example.com',
      });
      expect(res.statusCode).toBe(500);
    });
    expect(t.logs.entries().some((e) => e.msg === 'unhandled error')).toBe(true);
    const logged = t.logs.text();
    expect(logged).not.toMatch(/[0-9a-f]{64}/);
    expect(logged).not.toContain('seller-secret@example.com');
  });
});
