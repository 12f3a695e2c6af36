// EXPLAIN (ANALYZE, BUFFERS) of the very statements the storefront routes run.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.js';
import { parseItemFilters } from '../src/modules/storefront/item-filters.js';
import { itemsRepository } from '../src/modules/storefront/items.repository.js';
import { queryObject } from './query-object.js';

export async function explainShapes(
  databaseUrl: string,
  shapes: Record<string, string>,
  itemId: number,
): Promise<Record<string, string>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const items = itemsRepository(db);
  const statements: Record<string, { sql: string; parameters: readonly unknown[] }> = {};
  for (const [name, url] of Object.entries(shapes)) {
    const filters = parseItemFilters(
      queryObject(new URL(url, 'http://x').search.slice(1)),
      'public',
    );
    statements[`list: ${name}`] = items.listQuery(filters).compile();
  }
  await items.findById(itemId, { includePending: false });
  await items.tagCounts();
  await items.priceBounds();
  statements['item by id'] = captured[0]!;
  statements['filters: tag counts'] = captured[1]!;
  statements['filters: price bounds'] = captured[2]!;
  const plans: Record<string, string> = {};
  try {
    for (const [name, statement] of Object.entries(statements)) {
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, [
        ...statement.parameters,
      ]);
      plans[name] = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    }
  } finally {
    await db.destroy();
  }
  return plans;
}
