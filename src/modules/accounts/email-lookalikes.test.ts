import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  login,
  makeCustomer,
  nextAddress,
  refusedWithoutWrites as refusedWithoutWritesIn,
  register,
  withSession,
} from '../../../test/support/customer-factories.js';

// Issue 31 item 5: lookalike spellings of one address are one account. Stored in one
// canonical form (NFKC, lower case, the domain as IDNA ASCII); invisible characters
// and a local part mixing scripts are refused with 400 invalid_email; a canonical
// duplicate is 409 email_taken (spec 4.1).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A local part no other test uses, ending in "josé" (its é spelt NFC). */
const fresh = () => `u${randomBytes(3).toString('hex')}josé`;
const nfd = (text: string) => text.normalize('NFD');
const fullwidth = (text: string) =>
  text.replace(/[a-z0-9]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));

async function storedEmail(id: number) {
  const row = await t.db
    .selectFrom('customers')
    .select('email')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.email;
}

const refusedWithoutWrites = (send: () => ReturnType<typeof register>) =>
  refusedWithoutWritesIn(t, send);

describe('one address, one account: lookalike spellings at registration', () => {
  it.each([
    ['NFD', (local: string) => `${nfd(local)}@example.com`],
    ['fullwidth letters', (local: string) => `${fullwidth(local)}@example.com`],
    ['capitals', (local: string) => `${local.toUpperCase()}@EXAMPLE.COM`],
    ['a fullwidth domain', (local: string) => `${local}@${fullwidth('example')}.com`],
  ])('a second account by the %s spelling is 409 email_taken', async (_name, spell) => {
    const local = fresh();
    const first = await register(t, { email: `${local}@example.com` });
    expect(first.statusCode).toBe(201);
    expect(first.json().email).toBe(`${local}@example.com`.normalize('NFC'));
    const second = await refusedWithoutWrites(() => register(t, { email: spell(local) }));
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'email_taken']);
  });

  it('an NFD address is stored in its canonical form, and found by every spelling', async () => {
    const local = fresh();
    const res = await register(t, { email: `${nfd(local)}@example.com` });
    expect(res.statusCode).toBe(201);
    expect(await storedEmail(res.json().id)).toBe(`${local}@example.com`);
    for (const spelling of [`${local}@example.com`, `${fullwidth(local)}@Example.com`]) {
      expect((await login(t, spelling)).statusCode).toBe(200);
    }
  });

  it('an international domain is stored as IDNA ASCII; its Unicode and ASCII spellings are one account', async () => {
    const local = `anna${randomBytes(3).toString('hex')}`;
    const res = await register(t, { email: `${local}@MÜNCHEN.de` });
    expect(res.statusCode).toBe(201);
    expect(await storedEmail(res.json().id)).toBe(`${local}@xn--mnchen-3ya.de`);
    const again = await register(t, { email: `${local}@xn--mnchen-3ya.de` });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'email_taken']);
    expect((await login(t, `${local}@münchen.de`)).statusCode).toBe(200);
  });
});

describe('addresses that only look like others are refused (400 invalid_email)', () => {
  it.each([
    ['a zero-width space', 'jo\u200bse'],
    ['a soft hyphen', 'jo\u00adse'],
    ['a zero-width joiner', 'jo\u200dse'],
    ['a right-to-left mark', 'jo\u200fse'],
    ['a Cyrillic о among Latin letters', 'j\u043ese'],
    ['a Greek ο among Latin letters', 'j\u03bfse'],
  ])('%s: 400 naming the email, nothing written', async (_name, local) => {
    const email = `${local}${randomBytes(2).toString('hex')}@example.com`;
    const res = await refusedWithoutWrites(() => register(t, { email }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_email', field: 'email' });
    expect(res.json().error.message).toMatch(/invisible|alphabets/);
  });

  it('an invisible character in the domain is refused too', async () => {
    const res = await refusedWithoutWrites(() =>
      register(t, { email: `a${randomBytes(2).toString('hex')}@exa\u200bmple.com` }),
    );
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_email']);
  });

  it.each([
    ['all Cyrillic, with digits', `\u0438\u0432\u0430\u043d${randomBytes(3).readUIntBE(0, 3)}`],
    [
      'Japanese kana and kanji with Latin',
      `yamada\u5c71\u7530\u3084\u307e\u3060${randomBytes(2).toString('hex')}`,
    ],
    ['Latin with accents and digits', `zoë.o'brien-${randomBytes(2).toString('hex')}`],
  ])('a local part in one script (%s) is welcome', async (_name, local) => {
    const res = await register(t, { email: `${local}@example.com` });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('changing the address (PUT /api/customers/me)', () => {
  it('to a lookalike of another account is 409; to a spoofed one 400; nothing changes', async () => {
    const local = fresh();
    expect((await register(t, { email: `${local}@example.com` })).statusCode).toBe(201);
    const other = await makeCustomer(t);
    for (const [email, status, code] of [
      [`${nfd(local)}@example.com`, 409, 'email_taken'],
      [`${local.replace('o', '\u043e')}@example.com`, 400, 'invalid_email'],
      [`${local}\u200b@example.com`, 400, 'invalid_email'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/customers/me',
        payload: { email },
        ...withSession(other.cookie),
      });
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
      expect(await storedEmail(other.id)).toBe(other.email);
    }
  });
});

describe('lookups by any spelling', () => {
  it('a password reset asked for by the fullwidth spelling reaches the account', async () => {
    const local = fresh();
    expect((await register(t, { email: `${local}@example.com` })).statusCode).toBe(201);
    await t.mail.settle();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email: `${fullwidth(local)}@example.com` },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    await t.mail.settle();
    expect(t.mail.lastTo(`${local}@example.com`).text).toContain('/account/reset#token=');
  });

  it('an account stored before the canonical form (lower-cased only) is still found by that spelling', async () => {
    const legacy = `${nfd(fresh())}@example.com`;
    const customer = await makeCustomer(t, { email: legacy });
    expect(await storedEmail(customer.id)).toBe(legacy);
    expect((await login(t, legacy)).statusCode).toBe(200);
  });
});
