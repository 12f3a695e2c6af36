import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../../test/support/build-test-app.js';
import { makeItem } from '../../../../test/support/factories.js';
import type { ItemStatus } from '../../../db/schema.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

/** An item in a state with the timestamps that state carries. */
async function itemIn(status: ItemStatus, fields: { reservedUntil?: Date; soldAt?: Date } = {}) {
  const item = await makeItem(t.db, { status, priceCents: 1000 });
  await t.db
    .updateTable('items')
    .set({
      reserved_until: fields.reservedUntil ?? null,
      sold_at: fields.soldAt ?? null,
    })
    .where('id', '=', item.id)
    .execute();
  return item;
}

async function submission(state: 'queued' | 'drafted' | 'accepted' | 'dismissed') {
  const item = await makeItem(t.db, { status: 'pending', title: `Sent ${state}` });
  await t.db.insertInto('item_drafts').values({ item_id: item.id, state }).execute();
  return item;
}

describe('GET /api/admin/overview', () => {
  it('is for admins only: 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });

  it('counts waiting submissions, items by status, running holds soonest first and the last 7 days of sales', async () => {
    const now = t.clock.now().getTime();
    await submission('queued');
    await submission('drafted');
    await submission('accepted');
    await submission('dismissed');
    await itemIn('available');
    await itemIn('available');
    const later = await itemIn('reserved', { reservedUntil: new Date(now + 25 * MINUTE) });
    const sooner = await itemIn('reserved', { reservedUntil: new Date(now + 5 * MINUTE) });
    // A hold past its deadline is over, swept or not.
    await itemIn('reserved', { reservedUntil: new Date(now - MINUTE) });
    await itemIn('sold', { soldAt: new Date(now - 2 * DAY) });
    await itemIn('sold', { soldAt: new Date(now - 6 * DAY) });
    await itemIn('sold', { soldAt: new Date(now - 8 * DAY) });

    const res = await admin('GET', '/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.new_submissions).toBe(2);
    expect(body.items_by_status).toEqual({ pending: 4, available: 2, reserved: 3, sold: 3 });
    expect(body.holds.count).toBe(2);
    expect(body.holds.soonest.map((hold: { item_id: number }) => hold.item_id)).toEqual([
      sooner.id,
      later.id,
    ]);
    expect(body.holds.soonest[0].reserved_until).toBe(new Date(now + 5 * MINUTE).toISOString());
    expect(body.sold_last_7_days).toEqual({ count: 2, total_cents: 2000 });
  });
});
