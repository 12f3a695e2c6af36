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
import { createMailer, type OutgoingMail } from './mailer.js';
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
    expect(await mailer.send(message())).toBe(true);
    expect(await mailer.send(message('bob@example.com'))).toBe(true);

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

  it('delivers to the recipient with MAIL_FROM as sender and logs "mail sent" without the token', async () => {
    const logs = memoryLog();
    const mailer = createMailer({
      config: config(smtp.url),
      log: logs.log,
      clock: new FakeClock(),
    });
    expect(await mailer.send(message('cleo@example.com'))).toBe(true);
    const received = smtp.received.find((m) => m.to.includes('cleo@example.com'));
    expect(received?.from).toBe('shop@localhost');
    expect(plainTextOf(received!.raw)).toContain(TOKEN);
    expect(received!.raw).toMatch(/^Content-Type: text\/html/m);
    expect(logs.lines.map((l) => l.message)).toEqual(['mail sent']);
    expect(logs.text()).not.toContain(TOKEN);
    await mailer.close();
  });

  it('gives up after its attempts when the server is gone, logging an error without the token', async () => {
    const logs = memoryLog();
    const mailer = createMailer({
      config: config('smtp://127.0.0.1:9'),
      log: logs.log,
      clock: new FakeClock(),
      retryDelaysMs: [1, 1],
    });
    expect(await mailer.send(message())).toBe(false);
    expect(logs.lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'mail not sent: retrying'],
      ['warn', 'mail not sent: retrying'],
      ['error', 'mail not sent: giving up'],
    ]);
    expect(logs.text()).not.toContain(TOKEN);
    await mailer.close();
  });
});

describe('retries', () => {
  it('retries a failed send and delivers on a later attempt', async () => {
    const capture = new CaptureMail();
    capture.failFor('ann@example.com', 2);
    const logs = memoryLog();
    const mailer = createMailer({
      config: config(),
      log: logs.log,
      clock: new FakeClock(),
      transport: capture,
      retryDelaysMs: [1, 1],
    });
    expect(await mailer.send(message())).toBe(true);
    expect(capture.failures).toEqual(['ann@example.com', 'ann@example.com']);
    expect(capture.to('ann@example.com')).toHaveLength(1);
    expect(logs.lines.map((l) => l.message)).toEqual([
      'mail not sent: retrying',
      'mail not sent: retrying',
      'mail sent',
    ]);
  });

  it('a failure on one address does not stop the others', async () => {
    const capture = new CaptureMail();
    capture.failFor('bad@example.com');
    const mailer = createMailer({
      config: config(),
      log: memoryLog().log,
      clock: new FakeClock(),
      transport: capture,
      retryDelaysMs: [1],
    });
    for (const to of ['a@example.com', 'bad@example.com', 'b@example.com'])
      mailer.sendInBackground(message(to));
    await mailer.idle();
    expect(capture.messages.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('idle() waits for mail sent in the background, retries included', async () => {
    const capture = new CaptureMail();
    capture.failFor('ann@example.com', 1);
    const mailer = createMailer({
      config: config(),
      log: memoryLog().log,
      clock: new FakeClock(),
      transport: capture,
      retryDelaysMs: [50],
    });
    mailer.sendInBackground(message());
    expect(capture.messages).toHaveLength(0);
    await mailer.idle();
    expect(capture.messages).toHaveLength(1);
  });
});
