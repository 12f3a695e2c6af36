import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { tokenInMail } from '../../../test/support/capture-mail.js';
import { addToCart } from '../../../test/support/commerce.js';
import {
  login,
  type MadeCustomer,
  makeCustomer,
  nextAddress,
  withSession,
} from '../../../test/support/customer-factories.js';
import { makeItem } from '../../../test/support/factories.js';
import { holdLocks, track, waitForLockWaiters } from '../../../test/support/lock-holder.js';
import { currentDatabaseUrl } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

const NEW_PASSWORD = 'quartz-meadow-violin-77';

// Forced races on real PostgreSQL (docs/decisions.md, Database: lock order).
describe.runIf(onPostgres)('account operations racing, on PostgreSQL', () => {
  let t: TestApp;
  let url: string;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    url = await currentDatabaseUrl(t.db);
    admin = await adminClient(t.app);
  });
  afterAll(() => t.close());

  const disable = (id: number) => admin('POST', `/api/admin/customers/${id}/disable`);
  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email },
      remoteAddress: nextAddress(),
    });
  const complete = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/complete',
      payload: { token, password: NEW_PASSWORD },
    });
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/customers/verify-email', payload: { token } });

  async function mailedToken(customer: MadeCustomer, page: 'reset' | 'verify') {
    const res =
      page === 'reset'
        ? await requestReset(customer.email)
        : await t.app.inject({
            method: 'POST',
            url: '/api/customers/resend-verification',
            ...withSession(customer.cookie),
          });
    expect(res.statusCode).toBeLessThan(300);
    await t.mail.settle();
    return tokenInMail(t.mail.lastTo(customer.email), page);
  }

  const lockCustomer = (id: number) => ({
    text: 'SELECT id FROM customers WHERE id = $1 FOR UPDATE',
    values: [id],
  });
  const lockItem = (id: number) => ({
    text: 'SELECT id FROM items WHERE id = $1 FOR UPDATE',
    values: [id],
  });

  async function stateOf(customerId: number) {
    const now = t.clock.now();
    const [sessions, liveTokens, holds, row] = await Promise.all([
      t.db
        .selectFrom('customer_sessions')
        .select('id')
        .where('customer_id', '=', customerId)
        .execute(),
      t.db
        .selectFrom('customer_tokens')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .execute(),
      t.db.selectFrom('items').select('id').where('reserved_by', '=', customerId).execute(),
      t.db
        .selectFrom('customers')
        .select(['disabled_at', 'email_verified', 'password_hash'])
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow(),
    ]);
    return { sessions: sessions.length, liveTokens: liveTokens.length, holds: holds.length, row };
  }

  describe('one lock order: customer row, then tokens, sessions, items (no deadlock)', () => {
    it('disable × reset completion: the disable queued first wins, the completion is 403', async () => {
      const customer = await makeCustomer(t);
      const token = await mailedToken(customer, 'reset');
      const before = await stateOf(customer.id);
      const holder = await holdLocks(url, [lockCustomer(customer.id)]);
      const disabling = track(disable(customer.id));
      await waitForLockWaiters(url, 'update "customers"%', 1);
      const completing = track(complete(token));
      // Before the fix the completion used its token up first, then queued here.
      await waitForLockWaiters(url, '%"customers"%', 2);
      await holder.release();
      const [disabled, completed] = [await disabling.promise, await completing.promise];
      expect(disabled.statusCode).toBe(200);
      expect(completed.statusCode).toBe(403);
      expect(completed.json().error.code).toBe('account_disabled');
      const state = await stateOf(customer.id);
      expect(state).toMatchObject({ sessions: 0, liveTokens: 0, holds: 0 });
      expect(state.row.password_hash).toBe(before.row.password_hash);
    });

    it('disable × email verification: the disable wins, the verification is 403 and changes nothing', async () => {
      const customer = await makeCustomer(t);
      const token = await mailedToken(customer, 'verify');
      const holder = await holdLocks(url, [lockCustomer(customer.id)]);
      const disabling = track(disable(customer.id));
      await waitForLockWaiters(url, 'update "customers"%', 1);
      const verifying = track(verify(token));
      await waitForLockWaiters(url, '%"customers"%', 2);
      await holder.release();
      const [disabled, verified] = [await disabling.promise, await verifying.promise];
      expect(disabled.statusCode).toBe(200);
      expect(verified.statusCode).toBe(403);
      const state = await stateOf(customer.id);
      expect(state).toMatchObject({ sessions: 0, liveTokens: 0 });
      expect(state.row.email_verified).toBe(false);
    });

    it('reset request × completion of the older link: the request supersedes it, no 500', async () => {
      const customer = await makeCustomer(t);
      const older = await mailedToken(customer, 'reset');
      t.mail.clear();
      // The request answers at once; its token is minted by the job it queued (spec 4.1
      // timing), so the race is between that job and the completion.
      const requested = await requestReset(customer.email);
      expect(requested.statusCode).toBe(200);
      const holder = await holdLocks(url, [lockCustomer(customer.id)]);
      const minting = track(t.app.jobs.drain());
      await waitForLockWaiters(url, '%"customers"%', 1);
      const completing = track(complete(older));
      await waitForLockWaiters(url, '%"customers"%', 2);
      await holder.release();
      await minting.promise;
      const completed = await completing.promise;
      expect(completed.statusCode).toBe(400);
      expect(completed.json().error.code).toBe('invalid_token');
      await t.mail.settle();
      const newer = tokenInMail(t.mail.lastTo(customer.email), 'reset');
      expect((await complete(newer)).statusCode).toBe(200);
    });
  });

  // Spec 3, 4.1, 5: a disable wins every race. The disable is held inside its own
  // transaction (an item of the customer is locked by the test), the other request
  // runs, then the disable commits: afterwards no session, live token or hold is left.
  describe('a disable wins every race', () => {
    async function duringDisable<T>(customer: MadeCustomer, other: () => Promise<T>) {
      const item = await makeItem(t.db);
      expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
      const holder = await holdLocks(url, [lockItem(item.id)]);
      const disabling = track(disable(customer.id));
      await waitForLockWaiters(url, 'update "items"%', 1);
      const racing = track(other());
      // Fixed code waits for the disable's customer row lock; the old code did not wait.
      await waitForLockWaiters(url, '%', 2, racing.done);
      await holder.release();
      expect((await disabling.promise).statusCode).toBe(200);
      return racing.promise;
    }

    it('a sign-in whose password check overlaps the disable gets 403 and leaves no session', async () => {
      const customer = await makeCustomer(t);
      const res = (await duringDisable(customer, () => login(t, customer.email))) as {
        statusCode: number;
        json(): { error: { code: string } };
      };
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('account_disabled');
      expect(await stateOf(customer.id)).toMatchObject({ sessions: 0, liveTokens: 0, holds: 0 });
      // Re-enabling revives nothing.
      await admin('POST', `/api/admin/customers/${customer.id}/enable`);
      expect(await stateOf(customer.id)).toMatchObject({ sessions: 0 });
    });

    it('a reset requested while the disable commits mints no token and sends no mail', async () => {
      const customer = await makeCustomer(t);
      t.mail.clear();
      const res = await duringDisable(customer, () => requestReset(customer.email));
      expect(res.statusCode).toBe(200);
      await t.mail.settle();
      expect(t.mail.to(customer.email)).toEqual([]);
      expect(await stateOf(customer.id)).toMatchObject({ sessions: 0, liveTokens: 0, holds: 0 });
    });

    it('an add-to-cart during the disable reserves nothing for the disabled account', async () => {
      const customer = await makeCustomer(t);
      const wanted = await makeItem(t.db);
      const res = await duringDisable(customer, () => addToCart(t, customer.cookie, wanted.id));
      expect(res.statusCode).toBe(401);
      expect(await stateOf(customer.id)).toMatchObject({ sessions: 0, liveTokens: 0, holds: 0 });
      const row = await t.db
        .selectFrom('items')
        .select('status')
        .where('id', '=', wanted.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('available');
    });
  });
});
