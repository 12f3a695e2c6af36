// /api/filters right after a write that changes it, against the same request when
// nothing changed (a cache hit): one connection, each request's latency. The
// write is the owner's price edit of a visible item (the price bounds may move),
// sent and answered before the read is timed, so the read is the first after it.
import { percentile, writerFixtures } from './mixed.js';

export interface AfterWrites {
  samples: number;
  hitP50: number;
  afterWriteP50: number;
  afterWriteP99: number;
}

async function timedGet(url: string): Promise<number> {
  const began = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - began;
}

export async function filtersAfterWrites(
  base: string,
  databaseUrl: string,
  samples = 200,
): Promise<AfterWrites> {
  const fixtures = await writerFixtures(databaseUrl);
  const hits: number[] = [];
  const afterWrite: number[] = [];
  await timedGet(`${base}/api/filters`);
  for (let i = 0; i < samples; i++) hits.push(await timedGet(`${base}/api/filters`));
  for (let i = 0; i < samples; i++) {
    const item = fixtures.priced[i % fixtures.priced.length]!;
    const res = await fetch(`${base}/api/admin/items/${item.id}`, {
      method: 'PATCH',
      headers: { cookie: `shop_admin=${fixtures.adminCookie}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price_cents: item.price_cents + (i % 2 === 0 ? 1 : 0) }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`price edit answered ${res.status}`);
    afterWrite.push(await timedGet(`${base}/api/filters`));
  }
  const sortedHits = [...hits].sort((a, b) => a - b);
  const sortedAfter = [...afterWrite].sort((a, b) => a - b);
  return {
    samples,
    hitP50: percentile(sortedHits, 0.5),
    afterWriteP50: percentile(sortedAfter, 0.5),
    afterWriteP99: percentile(sortedAfter, 0.99),
  };
}
