import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAndPort } from '../../../test/faults/proxied-instance.js';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { eventually } from '../../../test/support/eventually.js';
import { makeItem } from '../../../test/support/factories.js';
import {
  type IndependentInstance,
  independentInstance,
} from '../../../test/support/independent-instance.js';
import { QueryCounter } from '../../../test/support/query-counter.js';
import { currentDatabaseUrl } from '../../../test/support/row-lock-barrier.js';
import { startTcpProxy, type TcpProxy } from '../../../test/support/tcp-proxy.js';
import { onPostgres } from '../../../test/support/test-database.js';
import type { App } from '../../context.js';
import { FEED_FRESH_MS } from '../../db/notifications.js';

// Issue 35 item 5: an instance whose LISTEN connection stops delivering (a
// half-open link, a partition) raises no error; it must stop answering from
// memory within FEED_FRESH_MS of another instance's write, not at the next 5-s
// probe. B's clock stands still, so only the feed's own check can end its trust.

const get = (app: App, url: string) => app.inject({ method: 'GET', url });
const idsOf = (answer: Awaited<ReturnType<typeof get>>) =>
  answer.json().items.map((i: { id: number }) => i.id) as number[];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

describe.runIf(onPostgres)('a stalled LISTEN connection (PostgreSQL)', () => {
  let t: TestApp;
  let b: IndependentInstance;
  let proxy: TcpProxy;
  const bQueries = new QueryCounter();
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    proxy = await startTcpProxy(hostAndPort(await currentDatabaseUrl(t.db)));
    // Only B's LISTEN connection goes through the proxy; its pool reaches the database.
    b = await independentInstance(
      t,
      'stalled-b',
      {},
      [bQueries],
      (url) => proxy.url(url),
      FEED_FRESH_MS,
    );
    await eventually(async () => b.database.notifications.live);
  });
  afterAll(async () => {
    await proxy?.forward();
    await b?.close();
    await t.close();
    await proxy?.close();
  });

  it('stops serving an item another instance unpublished within FEED_FRESH_MS, and heals without showing it', async () => {
    const admin = await adminClient(t.app);
    const item = await makeItem(t.db, { title: 'Stalledword lamp', priceCents: 12_300 });
    // B lists the item from memory (index and kept JSON), without a statement.
    let n = 0;
    const fresh = () => `/api/items?q=stalledword&min_price=${12_000 - ++n}`;
    await eventually(async () => {
      let shown: number[] = [];
      const sent = await bQueries.during(async () => {
        shown = idsOf(await get(b.app, fresh()));
      });
      return sent === 0 && shown.includes(item.id);
    }, 15_000);
    const front = '/api/items';
    expect(idsOf(await get(b.app, front))).toContain(item.id);

    await proxy.stall();
    expect((await admin('POST', `/api/admin/items/${item.id}/unpublish`)).statusCode).toBe(200);
    const unpublishedAt = performance.now();
    // Within the bound B may still show it; from the bound on, never.
    await sleep(FEED_FRESH_MS - (performance.now() - unpublishedAt));
    expect(idsOf(await get(b.app, front)), front).not.toContain(item.id);
    expect(idsOf(await get(b.app, fresh())), 'a list never asked').not.toContain(item.id);
    expect((await get(b.app, `/api/items/${item.id}`)).statusCode).toBe(404);
    expect(b.database.notifications.live).toBe(false);

    await proxy.forward();
    await eventually(async () => b.database.notifications.live);
    expect(idsOf(await get(b.app, front))).not.toContain(item.id);
    // From memory again once the index has caught up.
    await eventually(async () => {
      let shown: number[] = [];
      const sent = await bQueries.during(async () => {
        shown = idsOf(await get(b.app, fresh()));
      });
      expect(shown).not.toContain(item.id);
      return sent === 0;
    }, 15_000);
  }, 30_000);
});
