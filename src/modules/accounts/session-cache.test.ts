import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { FakeNotifications } from '../../../test/support/fake-notifications.js';
import { CHANNELS } from '../../db/notifications.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { SESSION_CACHE_ENTRIES, SESSION_CACHE_MS, sessionCache } from './session-cache.js';

const DAY = 24 * 60 * 60 * 1000;

function customer(id: number, first_name = 'Ada'): SignedInCustomer {
  return { id, first_name } as SignedInCustomer;
}

/** Sessions by token, as the database holds them, and how often they were read. */
function setup() {
  const clock = new FakeClock();
  const rows = new Map<string, { customer: SignedInCustomer; expiresAt: Date }>();
  const state = { reads: 0, gate: null as Promise<void> | null };
  const notifications = new FakeNotifications();
  const cache = sessionCache(
    async (token) => {
      state.reads++;
      const row = rows.get(token);
      await state.gate;
      return row && row.expiresAt > clock.now() ? row : null;
    },
    notifications,
    clock,
  );
  const sign = (token: string, id: number, lifetimeMs = 30 * DAY) =>
    rows.set(token, {
      customer: customer(id),
      expiresAt: new Date(clock.now().getTime() + lifetimeMs),
    });
  return { clock, rows, state, notifications, cache, sign };
}

const token = (n: number) => `token-${n}`;

describe('session checks in memory', () => {
  it('reads a live session once, then answers from memory', async () => {
    const { cache, state, sign } = setup();
    sign(token(1), 1);
    expect((await cache.lookup(token(1)))?.id).toBe(1);
    expect((await cache.lookup(token(1)))?.id).toBe(1);
    expect(state.reads).toBe(1);
  });

  it('answers a kept session at once, without a promise, and only while it is kept', async () => {
    const { cache, sign, notifications, clock } = setup();
    sign(token(1), 1);
    const first = cache.lookup(token(1));
    expect(first).toBeInstanceOf(Promise); // first read: the database
    await first;
    const kept = cache.lookup(token(1));
    expect(kept).not.toBeInstanceOf(Promise);
    expect((kept as SignedInCustomer).id).toBe(1);
    clock.advance(SESSION_CACHE_MS);
    const again = cache.lookup(token(1));
    expect(again).toBeInstanceOf(Promise); // too old: read again
    await again;
    expect(cache.lookup(token(1))).not.toBeInstanceOf(Promise); // kept anew
    notifications.live = false;
    expect(cache.lookup(token(1))).toBeInstanceOf(Promise); // nobody listening: read again
  });

  it('never keeps an unknown token: each try reads again', async () => {
    const { cache, state } = setup();
    expect(await cache.lookup(token(9))).toBeNull();
    expect(await cache.lookup(token(9))).toBeNull();
    expect(state.reads).toBe(2);
  });

  it('forgets everything when a session ends or a customer changes anywhere', async () => {
    const { cache, rows, notifications, sign } = setup();
    sign(token(1), 1);
    await cache.lookup(token(1));
    rows.delete(token(1)); // signed out on another instance
    notifications.deliver(CHANNELS.customerSessions);
    expect(await cache.lookup(token(1))).toBeNull();
  });

  it('forgets everything after this process commits a write', async () => {
    const { cache, rows, notifications, sign } = setup();
    sign(token(1), 1);
    await cache.lookup(token(1));
    rows.delete(token(1));
    notifications.committedHere();
    expect(await cache.lookup(token(1))).toBeNull();
  });

  it('keeps a check read while the feed is behind, and answers it once the feed is live again', async () => {
    const { cache, state, notifications, sign } = setup();
    sign(token(1), 1);
    // Behind (a busy process has not heard its echo for a moment), nothing missed: no reset.
    notifications.live = false;
    await cache.lookup(token(1));
    const meanwhile = cache.lookup(token(1));
    expect(meanwhile).toBeInstanceOf(Promise); // not answered from memory meanwhile
    await meanwhile;
    notifications.live = true;
    const kept = cache.lookup(token(1));
    expect(kept).not.toBeInstanceOf(Promise);
    expect((kept as SignedInCustomer).id).toBe(1);
    expect(state.reads).toBe(2);
  });

  it('reads on every request while notifications are down', async () => {
    const { cache, state, notifications, sign } = setup();
    sign(token(1), 1);
    await cache.lookup(token(1));
    notifications.drop();
    await cache.lookup(token(1));
    await cache.lookup(token(1));
    expect(state.reads).toBe(3);
    notifications.restore();
    await cache.lookup(token(1));
    await cache.lookup(token(1));
    expect(state.reads).toBe(4);
  });

  it(`keeps a check for at most ${SESSION_CACHE_MS} ms`, async () => {
    const { cache, rows, clock, sign } = setup();
    sign(token(1), 1);
    await cache.lookup(token(1));
    rows.delete(token(1)); // a change no notification reached us about
    clock.advance(SESSION_CACHE_MS - 1);
    expect(await cache.lookup(token(1))).not.toBeNull();
    clock.advance(1);
    expect(await cache.lookup(token(1))).toBeNull();
  });

  it('never answers for a session past its expiry, however recently it was read', async () => {
    const { cache, clock, sign } = setup();
    sign(token(1), 1, 1_000);
    expect(await cache.lookup(token(1))).not.toBeNull();
    clock.advance(1_000);
    expect(await cache.lookup(token(1))).toBeNull();
  });

  it('does not keep a read that began before an invalidation', async () => {
    const { cache, rows, state, notifications, sign } = setup();
    sign(token(1), 1);
    let open!: () => void;
    state.gate = new Promise((resolve) => {
      open = resolve;
    });
    const early = cache.lookup(token(1)); // found, still in flight
    rows.delete(token(1));
    notifications.deliver(CHANNELS.customerSessions);
    open();
    expect(await early).not.toBeNull();
    state.gate = null;
    expect(await cache.lookup(token(1))).toBeNull();
  });

  it('hands out a customer no request can change for the next', async () => {
    const { cache, sign } = setup();
    sign(token(1), 1);
    const first = await cache.lookup(token(1));
    expect(() => {
      (first as { first_name: string }).first_name = 'Mallory';
    }).toThrow(TypeError);
    expect((await cache.lookup(token(1)))?.first_name).toBe('Ada');
  });

  it(`holds at most ${SESSION_CACHE_ENTRIES} sessions, dropping the oldest`, async () => {
    const { cache, state, sign } = setup();
    for (let i = 0; i <= SESSION_CACHE_ENTRIES; i++) {
      sign(token(i), i);
      await cache.lookup(token(i));
    }
    const reads = state.reads;
    await cache.lookup(token(SESSION_CACHE_ENTRIES)); // newest: kept
    expect(state.reads).toBe(reads);
    await cache.lookup(token(0)); // oldest: dropped
    expect(state.reads).toBe(reads + 1);
  });
});
