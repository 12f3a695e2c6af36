// Median latency of GET /api/items at a seeded catalogue size, on PostgreSQL,
// plus EXPLAIN (ANALYZE, BUFFERS) of each query shape. A measurement, not a test.
//
//   npm run bench:storefront -- [--items 100000] [--requests 200]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the
//   server; the script creates its own database there and drops it afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { DEFAULT_SHAPE, seedCatalogue } from '../src/db/seed/catalogue-seed.js';
import { parseItemFilters } from '../src/modules/storefront/item-filters.js';
import { itemsRepository } from '../src/modules/storefront/items.repository.js';
import { queryObject } from './query-object.js';

const { values } = parseArgs({
  options: { items: { type: 'string' }, requests: { type: 'string' } },
});
const ITEMS = Number(values.items ?? 100_000);
const REQUESTS = Number(values.requests ?? 200);
const WARMUP = 20;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeRequests(
  base: string,
  url: string,
): Promise<{ median: number; p95: number; count: number }> {
  const samples: number[] = [];
  let count = 0;
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    const res = await fetch(base + url);
    const body = (await res.json()) as { items: unknown[] };
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    count = body.items.length;
    if (i >= WARMUP) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), count };
}

async function main(): Promise<void> {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));

  const database = await openDatabase({ databaseUrl: url.href, pgliteDir: null, log: console });
  try {
    await migrateToLatest(database.db);
    const seedStarted = performance.now();
    await seedCatalogue(database.db, {
      ...DEFAULT_SHAPE,
      items: ITEMS,
      imagePaths: ['seed/placeholder-0.jpg'],
    });
    console.log(
      `seeded ${ITEMS} items in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const rootCategory = await database.db
      .selectFrom('categories')
      .select('id')
      .where('parent_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const commonTags = await sql<{ slug: string }>`
      SELECT t.slug FROM tags t JOIN item_tags it ON it.tag_id = t.id GROUP BY t.slug ORDER BY count(*) DESC LIMIT 2`.execute(
      database.db,
    );
    const cases: Array<[string, string]> = [
      ['no filter', ''],
      ['a category (root, whole subtree)', `category=${rootCategory.id}`],
      ['two tags', `tags=${commonTags.rows.map((r) => r.slug).join(',')}`],
      ['a price range', 'min_price=2000&max_price=10000'],
    ];

    const config = loadConfig({ DATABASE_URL: url.href, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const results: string[] = [];
    for (const [label, cached] of [
      ['query path (response reuse off)', 0],
      ['response reuse on (default)', undefined],
    ] as const) {
      const app = await buildApp(config, { database, storefrontCachedResponses: cached });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      results.push(`\n### ${label}\n\n| case | median ms | p95 ms | items |\n|---|---|---|---|`);
      for (const [name, query] of cases) {
        const r = await timeRequests(base, `/api/items${query ? `?${query}` : ''}`);
        results.push(`| ${name} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.count} |`);
      }
      // The app does not own the database it was given, so closing it leaves the pool open.
      await app.close();
    }

    console.log(
      `\n## GET /api/items at ${ITEMS} items on PostgreSQL, ${REQUESTS} sequential requests per case`,
    );
    console.log(results.join('\n'));

    console.log('\n## Query plans');
    const repository = itemsRepository(database.db);
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try {
      for (const [name, query] of cases) {
        const filters = parseItemFilters(queryObject(query), 'public');
        // The very statement the route runs, with its parameters.
        const compiled = repository.listQuery(filters).compile();
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [
          ...compiled.parameters,
        ]);
        console.log(
          `\n### ${name}\n\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``,
        );
      }
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
