// Planning and execution time of the statements a cache miss runs, measured with
// EXPLAIN (ANALYZE, BUFFERS) on a seeded database: far less disturbed by a busy
// machine than a load test. Usage:
//   npx tsx bench/explain-misses.ts postgres://…/shop_bench_100000_x [--plans]
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.js';
import { encodeCursor, parseItemFilters } from '../src/modules/storefront/item-filters.js';
import { itemsRepository } from '../src/modules/storefront/items.repository.js';
import { queryObject } from './query-object.js';

type Statement = { sql: string; parameters: readonly unknown[] };

const RUNS = 7;

/** The miss shapes of issue 19, with values that exist in a seeded catalogue. */
async function missShapes(client: pg.Client): Promise<Record<string, string>> {
  const root = (
    await client.query(`SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1`)
  ).rows[0].id;
  const tags = (
    await client.query(
      `SELECT t.slug FROM tags t JOIN item_tags it ON it.tag_id = t.id GROUP BY t.slug ORDER BY count(*) DESC, t.slug LIMIT 2`,
    )
  ).rows.map((row) => row.slug);
  const leaf = (
    await client.query(
      `SELECT c.id FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) ORDER BY c.id LIMIT 1`,
    )
  ).rows[0].id;
  // The 200th page of the newest-first list (or 80 % down a smaller one): deep, as a crawler walks it.
  const deep = (
    await client.query(`
      SELECT id, to_char(coalesce(published_at, created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key
      FROM items WHERE status <> 'pending'
      ORDER BY coalesce(published_at, created_at) DESC, id DESC
      OFFSET least(4799, (SELECT count(*) * 4 / 5 FROM items)) LIMIT 1`)
  ).rows[0];
  const cursor = encodeCursor({ sort: 'newest', key: deep.key, id: deep.id });
  return {
    'min_price (low)': '/api/items?min_price=1234',
    'min_price (high)': '/api/items?min_price=41234',
    'category + 2 tags + max_price': `/api/items?category=${root}&tags=${tags.join(',')}&max_price=20345`,
    'category + max_price': `/api/items?category=${root}&max_price=20345`,
    'leaf category + min_price': `/api/items?category=${leaf}&min_price=1234`,
    '2 tags + min_price': `/api/items?tags=${tags.join(',')}&min_price=1234`,
    'q + min_price': '/api/items?q=lamp&min_price=3456',
    'q (rare word) + min_price': '/api/items?q=lacq&min_price=3456',
    'deep cursor page': `/api/items?cursor=${cursor}`,
    'price_asc + min_price': '/api/items?sort=price_asc&min_price=22222',
  };
}

async function captureStatements(db: Kysely<Database>, captured: Statement[], itemId: number) {
  const items = itemsRepository(db);
  await items.findById(itemId, { includePending: false });
  await items.tagCounts();
  await items.priceBounds();
  // A page's items whose JSON is not kept, read in one statement (24 newest).
  const page = await items.listKeys(parseItemFilters({}, 'public'));
  await items.findVisibleByIds(page.slice(0, 24).map((key) => key.id));
  return {
    'item by id': captured[0]!,
    'filters: tag counts': captured[1]!,
    'filters: price bounds': captured[2]!,
    'page items by id (24)': captured[4]!,
  };
}

interface Measured {
  planningMs: number;
  executionMs: number;
  sharedHit: number;
  sharedRead: number;
  plan: string;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(client: pg.Client, statement: Statement): Promise<Measured> {
  const runs: Array<{ planning: number; execution: number; hit: number; read: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`,
      [...statement.parameters],
    );
    const root = rows[0]['QUERY PLAN'][0];
    runs.push({
      planning: root['Planning Time'],
      execution: root['Execution Time'],
      hit: root.Plan['Shared Hit Blocks'],
      read: root.Plan['Shared Read Blocks'],
    });
  }
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, [
    ...statement.parameters,
  ]);
  return {
    planningMs: median(runs.map((r) => r.planning)),
    executionMs: median(runs.map((r) => r.execution)),
    sharedHit: median(runs.map((r) => r.hit)),
    sharedRead: median(runs.map((r) => r.read)),
    plan: rows.map((row) => row['QUERY PLAN']).join('\n'),
  };
}

async function main() {
  const [databaseUrl, flag] = process.argv.slice(2);
  if (!databaseUrl) throw new Error('usage: explain-misses.ts <database url> [--plans]');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const captured: Statement[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  try {
    const statements: Record<string, Statement> = {};
    const items = itemsRepository(db);
    for (const [name, url] of Object.entries(await missShapes(client))) {
      const query = queryObject(new URL(url, 'http://x').search.slice(1));
      const filters = parseItemFilters(query, 'public');
      statements[`list: ${name}`] = items.listQuery(filters).compile();
      // What the storefront runs for that page: the search for ids and sort keys.
      statements[`keys: ${name}`] = items.listKeysQuery(filters).compile();
    }
    const itemId = (
      await client.query(
        `SELECT id FROM items WHERE status <> 'pending' ORDER BY id DESC OFFSET 77 LIMIT 1`,
      )
    ).rows[0].id;
    Object.assign(statements, await captureStatements(db, captured, itemId));
    console.log('| statement | planning ms | execution ms | shared hit | shared read |');
    console.log('|---|---|---|---|---|');
    const plans: string[] = [];
    for (const [name, statement] of Object.entries(statements)) {
      const m = await measure(client, statement);
      console.log(
        `| ${name} | ${m.planningMs.toFixed(3)} | ${m.executionMs.toFixed(3)} | ${m.sharedHit} | ${m.sharedRead} |`,
      );
      plans.push(`### ${name}\n\n${m.plan}\n`);
    }
    if (flag === '--plans') console.log(`\n${plans.join('\n')}`);
  } finally {
    await client.end();
    await db.destroy();
  }
}

await main();
