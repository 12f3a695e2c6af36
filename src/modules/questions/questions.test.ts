import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { makeItem } from '../../../test/support/factories.js';
import { MAX_QUESTION_LENGTH } from './questions.schemas.js';

const BASE = 'https://shop.example';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { ...ADMIN_ENV, PUBLIC_BASE_URL: BASE, PAYMENT_PROVIDER: 'accept' },
  });
}, 120_000);
afterAll(() => t.close());

const ask = (id: number | string, body: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/items/${id}/questions`,
    payload: body as object,
    ...(cookie ? withSession(cookie) : {}),
  });

/** Outbox rows and queued jobs: what a question writes. */
async function written() {
  const count = async (table: 'mail_outbox' | 'jobs') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { outbox: await count('mail_outbox'), jobs: await count('jobs') };
}

/** A refusal: its status and code, and nothing queued or mailed. */
async function expectRefused(
  send: () => ReturnType<typeof ask>,
  status: number,
  code: string,
): Promise<void> {
  await t.mail.settle();
  const before = await written();
  const mailBefore = t.mail.messages.length;
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  await t.mail.settle();
  expect(await written()).toEqual(before);
  expect(t.mail.messages.length).toBe(mailBefore);
}

describe('POST /api/items/:id/questions: "Ask about this piece" (issue 33 item 6)', () => {
  it('mails the shop the question, with the customer as Reply-To, after the commit', async () => {
    const customer = await makeCustomer(t, { verified: true, firstName: 'Mara' });
    const item = await makeItem(t.db, { title: 'Teak side table' });
    const message = 'Is the top solid teak?\nAnd could I collect it on Saturday?';

    const res = await ask(item.id, { message }, customer.cookie);
    expect(res.statusCode).toBe(202);
    // Where the answer will go, for the page to say so.
    expect(res.json()).toEqual({ reply_to: customer.email });
    // Written to the outbox with the request; sent by its worker afterwards.
    const row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('item_id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      template: 'item-question',
      recipient: ADMIN.email,
      reply_to: customer.email,
      customer_id: customer.id,
    });

    await t.mail.settle();
    const mail = t.mail.lastTo(ADMIN.email);
    expect(mail.replyTo).toBe(customer.email);
    expect(mail.subject).toBe(`Question about “Teak side table” (item ${item.id})`);
    expect(mail.text).toContain(`Mara Lee <${customer.email}> asks about “Teak side table”`);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`${BASE}/items/${item.id}`);
    // The customer's address is kept only until the mail is out, like its body.
    const sent = await t.db
      .selectFrom('mail_outbox')
      .select(['reply_to', 'body_text', 'sent_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.reply_to).toBeNull();
    expect(sent.body_text).toBeNull();
  });

  it('takes a question about a sold piece ("do you have another?")', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const sold = await makeItem(t.db, { status: 'sold', title: 'Oak stool' });
    expect((await ask(sold.id, { message: 'Another like it?' }, customer.cookie)).statusCode).toBe(
      202,
    );
    await t.mail.settle();
    expect(t.mail.lastTo(ADMIN.email).subject).toContain('Oak stool');
  });

  it('keeps the message as text: markup in it or in the title is escaped in the HTML mail', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const item = await makeItem(t.db, { title: 'Lamp <b>\n  bold</b>' });
    const message = '<script>alert(1)</script><a href="https://evil.example">click</a>';
    expect((await ask(item.id, { message }, customer.cookie)).statusCode).toBe(202);
    await t.mail.settle();
    const mail = t.mail.lastTo(ADMIN.email);
    expect(mail.subject).toBe(`Question about “Lamp <b> bold</b>” (item ${item.id})`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('href="https://evil.example"');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain(message);
  });

  it('refuses a signed-out caller with 401, nothing written', async () => {
    const item = await makeItem(t.db);
    await expectRefused(() => ask(item.id, { message: 'Hello?' }), 401, 'not_signed_in');
  });

  it('refuses an unknown or pending piece with 404, as the storefront hides it', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const pending = await makeItem(t.db, { status: 'pending' });
    await expectRefused(
      () => ask(pending.id, { message: 'Hello?' }, customer.cookie),
      404,
      'not_found',
    );
    await expectRefused(
      () => ask(2_000_000, { message: 'Hello?' }, customer.cookie),
      404,
      'not_found',
    );
    await expectRefused(() => ask(0, { message: 'Hello?' }, customer.cookie), 400, 'invalid_id');
  });

  it('refuses a message too long, blank, missing or with unknown fields with 400', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const item = await makeItem(t.db);
    const long = 'x'.repeat(MAX_QUESTION_LENGTH + 1);
    for (const [body, code] of [
      [{ message: long }, 'invalid_body'],
      [{ message: ' \n\t ' }, 'message_required'],
      [{}, 'invalid_body'],
      [{ message: 'Hi', cc: 'x' }, 'invalid_body'],
    ] as const)
      await expectRefused(() => ask(item.id, body, customer.cookie), 400, code);
    const tooLong = await ask(item.id, { message: long }, customer.cookie);
    expect(tooLong.json().error.field).toBe('message');
    // The longest allowed is taken.
    const longest = await ask(
      item.id,
      { message: 'y'.repeat(MAX_QUESTION_LENGTH) },
      customer.cookie,
    );
    expect(longest.statusCode).toBe(202);
  });

  it('refuses a customer whose address is not confirmed: the answer would go to it', async () => {
    const customer = await makeCustomer(t, { verified: false });
    const item = await makeItem(t.db);
    await expectRefused(
      () => ask(item.id, { message: 'Hello?' }, customer.cookie),
      403,
      'email_not_verified',
    );
  });

  it('takes 10 questions an hour from one customer; of 12 sent at once exactly 10 go out', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const other = await makeCustomer(t, { verified: true });
    const item = await makeItem(t.db, { title: 'Popular chair' });
    await t.mail.settle();
    const before = await written();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ask(item.id, { message: `Q${i}` }, customer.cookie)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(202), 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await written()).outbox).toBe(before.outbox + 10);
    await expectRefused(
      () => ask(item.id, { message: 'one more' }, customer.cookie),
      429,
      'too_many_requests',
    );
    // Another customer's allowance is their own.
    expect((await ask(item.id, { message: 'Mine' }, other.cookie)).statusCode).toBe(202);
  });

  it('says the shop cannot take questions while it has no admin to send them to (503)', async () => {
    const customer = await makeCustomer(t, { verified: true });
    const item = await makeItem(t.db);
    await t.db.deleteFrom('admin_sessions').execute();
    await t.db.deleteFrom('admins').execute();
    await expectRefused(
      () => ask(item.id, { message: 'Anyone there?' }, customer.cookie),
      503,
      'shop_unreachable',
    );
  });
});
