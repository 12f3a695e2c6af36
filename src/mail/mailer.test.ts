import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMail } from '../../test/support/capture-mail.js';
import { FakeClock } from '../../test/support/fake-clock.js';
import {
  plainTextOf,
  type SmtpListener,
  startSmtpListener,
} from '../../test/support/smtp-listener.js';
import {
  createMailer,
  describeMailFailure,
  isPermanentMailFailure,
  type OutgoingMail,
} from './mailer.js';
import { renderMail } from './templates/template.js';
import { verificationMail } from './templates/verification.js';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

function message(to = 'ann@example.com'): OutgoingMail {
  return {
    to,
    ...renderMail(verificationMail, {
      verifyUrl: `http://localhost:3000/account/verify#token=${TOKEN}`,
      firstName: 'Ann',
    }),
  };
}

/** A log that keeps its lines, as pino would write them. */
function memoryLog() {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  const at = (level: string) => (details: object, message: string) =>
    void lines.push({ level, details, message });
  return {
    lines,
    log: { info: at('info'), warn: at('warn'), error: at('error') },
    text: () => JSON.stringify(lines),
  };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-mail-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const config = (smtpUrl: string | null = null) => ({
  smtpUrl,
  mailFrom: 'shop@localhost',
  dataDir,
});

describe('without SMTP_URL: one .eml file per message under DATA_DIR/mail', () => {
  it('writes the message to a file and logs a line naming the file, without the token', async () => {
    const logs = memoryLog();
    const mailer = createMailer({ config: config(), log: logs.log, clock: new FakeClock() });
    await mailer.deliver(message(), '<one@localhost>');
    await mailer.deliver(message('bob@example.com'), '<two@localhost>');

    const files = (await fs.readdir(path.join(dataDir, 'mail'))).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    expect(logs.lines).toHaveLength(2);
    const line = logs.lines[0]!;
    const file = (line.details as { mail: { file: string } }).mail.file;
    expect(line.message).toBe(`mail written to ${file}`);
    expect(path.dirname(file)).toBe(path.join(dataDir, 'mail'));

    const raw = await fs.readFile(file, 'utf8');
    expect(raw).toMatch(/^To: ann@example\.com$/m);
    expect(raw).toMatch(/^From: shop@localhost$/m);
    expect(raw).toMatch(/^Subject: Confirm your email address$/m);
    expect(raw).toMatch(/^Message-ID: <one@localhost>$/m);
    expect(plainTextOf(raw)).toContain(`/account/verify#token=${TOKEN}`);
    expect(logs.text()).not.toContain(TOKEN);
    await mailer.close();
  });
});

describe('with SMTP_URL: delivery over SMTP', () => {
  let smtp: SmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener();
  });
  afterAll(() => smtp.close());

  it('delivers to the recipient with MAIL_FROM as sender, under the Message-ID it was given', async () => {
    const logs = memoryLog();
    const mailer = createMailer({
      config: config(smtp.url),
      log: logs.log,
      clock: new FakeClock(),
    });
    await mailer.deliver(message('cleo@example.com'), '<stable-1@localhost>');
    const received = smtp.received.find((m) => m.to.includes('cleo@example.com'));
    expect(received?.from).toBe('shop@localhost');
    expect(plainTextOf(received!.raw)).toContain(TOKEN);
    expect(received!.raw).toMatch(/^Content-Type: text\/html/m);
    expect(received!.raw).toMatch(/^Message-ID: <stable-1@localhost>$/im);
    expect(logs.text()).not.toContain(TOKEN);
    await mailer.close();
  });

  it('rejects when the server is gone; the failure is described without address or token', async () => {
    const mailer = createMailer({
      config: config('smtp://127.0.0.1:9'),
      log: memoryLog().log,
      clock: new FakeClock(),
    });
    const error = await mailer.deliver(message(), '<x@localhost>').catch((e: unknown) => e);
    expect(describeMailFailure(error)).toMatch(/^ECONNECTION|^ESOCKET/);
    expect(isPermanentMailFailure(error)).toBe(false);
    await mailer.close();
  });
});

describe('failures as the outbox sees them', () => {
  it('a 4xx answer is worth retrying, a 5xx is not; neither description repeats the address', async () => {
    const capture = new CaptureMail();
    capture.failFor('ann@example.com', 1);
    capture.rejectFor('bad@example.com');
    const mailer = createMailer({
      config: config(),
      log: memoryLog().log,
      clock: new FakeClock(),
      transport: capture,
    });
    const later = await mailer.deliver(message(), '<a@l>').catch((e: unknown) => e);
    const never = await mailer
      .deliver(message('bad@example.com'), '<b@l>')
      .catch((e: unknown) => e);
    expect([isPermanentMailFailure(later), isPermanentMailFailure(never)]).toEqual([false, true]);
    expect(describeMailFailure(later)).toBe('EENVELOPE, command RCPT, reply 451');
    expect(describeMailFailure(never)).not.toContain('bad@example.com');
    await mailer.deliver(message(), '<a@l>');
    expect(capture.to('ann@example.com')).toHaveLength(1);
  });
});
