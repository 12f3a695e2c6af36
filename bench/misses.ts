// Unique-URL storefront traffic: every request asks something the reuse cache has
// not seen (a different price bound, cursor or item id each time), so each one
// runs the SQL. Measured against the same server's cache hits, for ratios.
import pg from 'pg';
import { encodeCursor } from '../src/modules/storefront/item-filters.js';
import type { Case } from './corpus.js';
import { type AfterWrites, filtersAfterWrites } from './filters-after-writes.js';
import { load } from './load.js';
import { percentile } from './mixed.js';

export interface MissResult {
  /** /api/filters right after a price edit, against its hit (one connection). */
  afterWrites?: AfterWrites;
  /** case → req/s, closed loop. */
  rps: Record<string, number>;
  /** case → p50 / p99 ms. */
  latency: Record<string, { p50: number; p99: number }>;
  /** case → non-2xx answers and socket errors. */
  failures: Record<string, number>;
  /** Every measure of the list hit, in order: its `rps` is their median. */
  hitSamples?: number[];
}

/** The case every miss is a share of. */
const HIT = 'hit: list';

/** Values that exist in the seeded catalogue, for URLs that find something. */
async function missFixtures(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const root = (
      await client.query(`SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1`)
    ).rows[0].id as number;
    const tags = (
      await client.query(
        `SELECT t.slug FROM tags t JOIN item_tags it ON it.tag_id = t.id
         GROUP BY t.slug ORDER BY count(*) DESC, t.slug LIMIT 2`,
      )
    ).rows.map((row) => row.slug as string);
    // More distinct ids and cursors than the reuse cache (1,000 answers) and the kept
    // item JSON (20,000 items) hold, asked in turn: at 100k each one is a real miss.
    const ids = (
      await client.query(
        `SELECT id FROM items WHERE status <> 'pending' ORDER BY (id::bigint * 7919) % 100003, id LIMIT 50000`,
      )
    ).rows.map((row) => row.id as number);
    const cursors = (
      await client.query(`
        SELECT id, to_char(coalesce(published_at, created_at) AT TIME ZONE 'UTC',
                           'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key
        FROM items WHERE status <> 'pending' ORDER BY (id::bigint * 7919) % 100003, id LIMIT 50000`)
    ).rows.map((row) => encodeCursor({ sort: 'newest', key: row.key, id: row.id }));
    return { root, tags, ids, cursors };
  } finally {
    await client.end();
  }
}

type Fixtures = Awaited<ReturnType<typeof missFixtures>>;

/** A case whose one request gets a new path before each send. */
function unique(name: string, path: (n: number) => string): Case {
  let n = 0;
  return {
    name,
    requests: [
      {
        method: 'GET',
        path: path(0),
        headers: {},
        setupRequest: (request) => {
          n += 1;
          request.path = path(n);
          return request;
        },
      },
    ],
  };
}

export function missCases(f: Fixtures): Case[] {
  // Prices walk a range with a stride, so consecutive requests differ and repeat only after 40,000.
  const price = (n: number) => 500 + ((n * 7) % 40_000);
  return [
    { name: 'hit: list', requests: [{ method: 'GET', path: '/api/items?limit=24', headers: {} }] },
    {
      name: 'hit: item',
      requests: [{ method: 'GET', path: `/api/items/${f.ids[0]}`, headers: {} }],
    },
    { name: 'hit: filters', requests: [{ method: 'GET', path: '/api/filters', headers: {} }] },
    unique('miss: min_price', (n) => `/api/items?min_price=${price(n)}`),
    unique(
      'miss: category + 2 tags + max_price',
      (n) => `/api/items?category=${f.root}&tags=${f.tags.join(',')}&max_price=${2_000 + price(n)}`,
    ),
    unique('miss: q + min_price', (n) => `/api/items?q=lamp&min_price=${price(n)}`),
    // A word never searched before on each request, which no item has (a stranger's
    // scan): what the index pays for a term it has not kept.
    unique('miss: unique q word', (n) => `/api/items?q=${uniqueWord(n)}`),
    unique(
      'miss: deep cursor pages',
      (n) => `/api/items?cursor=${encodeURIComponent(f.cursors[n % f.cursors.length]!)}`,
    ),
    unique('miss: item ids', (n) => `/api/items/${f.ids[n % f.ids.length]}`),
  ];
}

/** A word of letters, different for every n (base 20 over consonants: no stem of a real word). */
function uniqueWord(n: number): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'zx';
  for (let rest = n + 20 ** 3; rest > 0; rest = Math.floor(rest / 20)) word += letters[rest % 20];
  return word;
}

/** Answers computed afresh every time, asked of ours with nothing reused (bench/targets/uncached.ts). */
const RECOMPUTED: Case[] = [
  {
    name: 'recomputed: filters',
    requests: [{ method: 'GET', path: '/api/filters', headers: {} }],
  },
];

/**
 * Each case for `seconds`, closed loop at 32 connections, against one server; the
 * recomputed cases against `uncachedBase`, the same app with nothing reused.
 */
export async function measureMisses(
  base: string,
  databaseUrl: string,
  seconds: number,
  settle: () => Promise<void>,
  uncachedBase?: string,
  around?: { before(name: string): Promise<void>; after(name: string): Promise<void> },
): Promise<MissResult> {
  const result: MissResult = { rps: {}, latency: {}, failures: {} };
  const driven = [
    ...missCases(await missFixtures(databaseUrl)).map((c) => ({ base, c })),
    ...(uncachedBase ? RECOMPUTED.map((c) => ({ base: uncachedBase, c })) : []),
  ];
  // The list hit is measured again before each miss case, and its figure is the
  // median: one 5 s measure of it ranged from 20,500 to 38,900 req/s at 1M items in
  // runs of the same build (its load generator, not the server, is the limit), and a
  // share is only as steady as what it is a share of (docs/performance.md).
  const hit = driven.find(({ c }) => c.name === HIT);
  const hitSamples: number[] = [];
  for (const { base: target, c } of driven) {
    if (hit && c.name.startsWith('miss: ')) {
      hitSamples.push((await load(hit.base, hit.c, seconds)).rps);
      await settle();
    }
    await around?.before(c.name);
    const r = await load(target, c, seconds);
    await around?.after(c.name);
    await settle();
    result.rps[c.name] = r.rps;
    result.latency[c.name] = { p50: r.p50, p99: r.p99 };
    result.failures[c.name] = r.bad + r.errors;
    if (c === hit?.c) hitSamples.push(r.rps);
  }
  if (hitSamples.length > 0) {
    result.rps[HIT] = percentile(
      [...hitSamples].sort((a, b) => a - b),
      0.5,
    );
    result.hitSamples = hitSamples.map(Math.round);
  }
  result.afterWrites = await filtersAfterWrites(base, databaseUrl);
  await settle();
  return result;
}
