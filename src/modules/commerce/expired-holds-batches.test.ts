import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { catalogueScopes } from '../../../test/support/catalogue-scopes.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';

// The sweeper releases expired holds in statements of at most 0024's bound of ids
// (500): past it a commit announces `*`, and every storefront instance reloads its
// whole index (at 1M items ~40 s, thrown away by the next `*`).

const MINUTE = 60_000;
const HOLD_MS = 30 * MINUTE;
/** Past 0024's bound twice over, and not a multiple of it. */
const MANY = 1_201;

let t: TestApp;
let scopeOf: ReturnType<typeof catalogueScopes>['scopeOf'];
let stop: () => void;
beforeAll(async () => {
  t = await buildTestApp({ env: { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' } });
  ({ scopeOf, stop } = catalogueScopes(t));
  const admin = await adminClient(t.app);
  const hook = await admin('POST', '/api/admin/webhooks', {
    url: 'http://127.0.0.1:9/hook',
    events: ['item.released'],
  });
  expect(hook.statusCode, hook.body).toBe(201);
});
afterAll(async () => {
  stop();
  await t.close();
});

/**
 * `count` visible items held by a few customers, in one INSERT: held from now for
 * the hold window, or `liveEvery`-th one held for twice that (still live after it).
 */
async function holds(count: number, liveEvery = 0) {
  const customers = [await makeCustomer(t), await makeCustomer(t), await makeCustomer(t)];
  const now = t.clock.now();
  const { rows } = await sql<{ id: number; reserved_until: Date }>`
    INSERT INTO items (title, status, price_cents, held_price_cents, published_at,
                       reserved_by, reserved_until)
    SELECT 'Held ' || g, 'reserved', 1200, 1200, ${now},
           (${sql.val(customers.map((c) => c.id))}::integer[])[1 + g % 3],
           ${now}::timestamptz + CASE WHEN ${liveEvery} > 0 AND g % ${liveEvery} = 0
             THEN ${`${2 * HOLD_MS} milliseconds`}::interval
             ELSE ${`${HOLD_MS} milliseconds`}::interval END
    FROM generate_series(1, ${count}) AS g
    RETURNING id, reserved_until`.execute(t.db);
  return rows;
}

const itemsByIds = (ids: number[]) =>
  t.db.selectFrom('items').selectAll().where('id', 'in', ids).orderBy('id').execute();

const releasedEventIds = async () =>
  (
    await t.db
      .selectFrom('webhook_events')
      .select('body')
      .where('type', '=', 'item.released')
      .execute()
  ).map((event) => (JSON.parse(event.body) as { data: { id: number } }).data.id);

describe('the sweeper releases expired holds in batches under the announcement bound (0024)', () => {
  it('releases more than a batch of expired holds in one sweep, and no commit announces everything', async () => {
    const made = await holds(MANY);
    const before = await itemsByIds(made.map((row) => row.id));
    expect(before).toHaveLength(MANY);
    t.clock.advance(HOLD_MS + MINUTE);
    const eventsBefore = await releasedEventIds();

    let released: number[] = [];
    const scopes = await scopeOf(async () => {
      released = await t.app.cartJobs.releaseExpiredHolds();
    });

    const all = made.map((row) => row.id).sort((a, b) => a - b);
    expect([...released].sort((a, b) => a - b)).toEqual(all);
    expect(scopes.filter((scope) => scope.startsWith('*'))).toEqual([]);
    expect(scopes.length).toBeGreaterThanOrEqual(Math.ceil(MANY / 500));
    const after = await itemsByIds(all);
    for (const [i, item] of after.entries()) {
      expect(item).toMatchObject({
        status: 'available',
        reserved_by: null,
        reserved_until: null,
        held_price_cents: null,
        checkout_key: null,
        checkout_until: null,
        last_held_by: before[i]!.reserved_by,
        last_hold_ended_at: before[i]!.reserved_until,
        updated_at: t.clock.now(),
      });
    }
    const events = (await releasedEventIds()).filter((id) => !eventsBefore.includes(id));
    expect(events.sort((a, b) => a - b)).toEqual(all);
    expect(await t.app.cartJobs.releaseExpiredHolds()).toEqual([]);
  });

  it('leaves holds not yet expired alone, among expired ones on either side of them', async () => {
    const made = await holds(1_100, 100);
    const deadline = t.clock.now().getTime() + HOLD_MS;
    const ids = (live: boolean) =>
      made
        .filter((row) => row.reserved_until.getTime() > deadline === live)
        .map((row) => row.id)
        .sort((a, b) => a - b);
    const [live, expired] = [ids(true), ids(false)];
    expect(live).toHaveLength(11);
    const liveBefore = await itemsByIds(live);
    t.clock.advance(HOLD_MS + MINUTE);

    const released = await t.app.cartJobs.releaseExpiredHolds();

    expect([...released].sort((a, b) => a - b)).toEqual(expired);
    expect(await itemsByIds(live)).toEqual(liveBefore);
    expect(liveBefore.every((item) => item.status === 'reserved')).toBe(true);
    expect((await itemsByIds(expired)).every((item) => item.status === 'available')).toBe(true);
  });
});
