import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { cryptoRandomBytes } from '../../src/auth/tokens.js';
import { customerSessions } from '../../src/modules/accounts/customer-sessions.js';
import type { TestApp } from './build-test-app.js';

/** A password that passes the policy (not among the common ones). */
export const PASSWORD = 'plum-orchard-lantern-42';

let counter = 0;

/** An address no other test in the file uses. */
export function uniqueEmail(prefix = 'customer'): string {
  return `${prefix}-${++counter}-${randomBytes(3).toString('hex')}@example.com`;
}

let caller = 0;

/** A caller address of its own, so a limiter only bites where a test means it to. */
export function nextAddress(): string {
  caller++;
  return `198.18.${Math.floor(caller / 250)}.${(caller % 250) + 1}`;
}

/** The `shop_session` cookie a response set; throws when it set none. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'shop_session');
  if (!cookie?.value) throw new Error(`no shop_session cookie (status ${res.statusCode})`);
  return cookie.value;
}

export const withSession = (cookie: string) => ({ cookies: { shop_session: cookie } });

export interface RegisterInput {
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  [field: string]: unknown;
}

/** POST /api/customers/register from an address of its own. */
export function register(t: TestApp, body: RegisterInput = {}, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/customers/register',
    payload: {
      email: uniqueEmail(),
      password: PASSWORD,
      first_name: 'Ann',
      last_name: 'Lee',
      ...body,
    },
    remoteAddress,
  });
}

export function login(t: TestApp, email: string, password = PASSWORD, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/customers/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
    ...(cookie ? withSession(cookie) : {}),
  });
}

export function me(t: TestApp, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/customers/me',
    ...(cookie ? withSession(cookie) : {}),
  });
}

let passwordHash: Promise<string> | undefined;

export interface MadeCustomer {
  id: number;
  email: string;
  password: string;
  /** A live session's cookie value. */
  cookie: string;
}

/**
 * A customer written straight to the database with a live session: quicker than
 * registering (one Argon2 hash per file) and free of the registration limiter.
 */
export async function makeCustomer(
  t: TestApp,
  options: { email?: string; verified?: boolean; disabled?: boolean; firstName?: string } = {},
): Promise<MadeCustomer> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = options.email ?? uniqueEmail();
  const now = t.clock.now();
  const row = await t.db
    .insertInto('customers')
    .values({
      email,
      password_hash: await passwordHash,
      first_name: options.firstName ?? 'Ann',
      last_name: 'Lee',
      email_verified: options.verified ?? false,
      disabled_at: options.disabled ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await customerSessions(t.db, cryptoRandomBytes).create(row.id, now);
  return { id: row.id, email, password: PASSWORD, cookie: token };
}

/** Disables an account as the admin disable will (another issue): sets disabled_at. */
export async function disable(t: TestApp, customerId: number): Promise<void> {
  await t.db
    .updateTable('customers')
    .set({ disabled_at: t.clock.now() })
    .where('id', '=', customerId)
    .execute();
}

/** Row counts of the tables an account writes to: for "nothing was written". */
export async function accountRowCounts(t: TestApp) {
  const count = async (table: 'customers' | 'customer_sessions' | 'customer_tokens') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    customers: await count('customers'),
    sessions: await count('customer_sessions'),
    tokens: await count('customer_tokens'),
  };
}

/**
 * Runs a request that must be refused and checks that nothing was written or mailed
 * and no session cookie set; answers the response for its status and code.
 */
export async function refusedWithoutWrites(
  t: TestApp,
  send: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  await t.mail.settle(); // mail queued by earlier tests goes out first
  const before = await accountRowCounts(t);
  const mailBefore = t.mail.messages.length;
  const res = await send();
  await t.mail.settle();
  expect(await accountRowCounts(t)).toEqual(before);
  expect(t.mail.messages.length).toBe(mailBefore);
  expect(res.cookies.find((c) => c.name === 'shop_session')).toBeUndefined();
  return res;
}
