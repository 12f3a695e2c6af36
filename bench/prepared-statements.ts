// Named prepared statements against unnamed ones for the list statements of a cache
// miss: one `pg` client, each shape run N times with its price moving, alternately
// unnamed and named (PostgreSQL turns a named statement into a generic plan after
// five runs when it thinks that cheaper). Prints ms per execution. Usage:
//   npx tsx bench/prepared-statements.ts postgres://…/shop_bench_100000_x [runs]
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.js';
import { type ItemListQuery, parseItemFilters } from '../src/modules/storefront/item-filters.js';
import { itemsRepository } from '../src/modules/storefront/items.repository.js';

const [url, runsArg] = process.argv.slice(2);
if (!url) throw new Error('usage: bench/prepared-statements.ts <database url> [runs]');
const RUNS = Number(runsArg ?? 400);
const SHAPES: ItemListQuery[] = [
  { min_price: 1234 },
  { min_price: 41234 },
  { q: 'lamp', min_price: 3456 },
];

const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
});
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  for (const [n, shape] of SHAPES.entries()) {
    const compiled = itemsRepository(db).listQuery(parseItemFilters(shape, 'public')).compile();
    const parameters = compiled.parameters as unknown[];
    for (const named of [false, true, false, true]) {
      const began = performance.now();
      for (let i = 0; i < RUNS; i++) {
        // A different price each time, as different customers ask.
        const values = parameters.map((v) => (typeof v === 'number' && v > 100 ? v + (i % 50) : v));
        if (named) await client.query({ name: `list_${n}`, text: compiled.sql, values });
        else await client.query(compiled.sql, values);
      }
      const ms = (performance.now() - began) / RUNS;
      console.log(`${JSON.stringify(shape)} ${named ? 'named' : 'unnamed'}: ${ms.toFixed(3)} ms`);
    }
  }
} finally {
  await client.end();
  await db.destroy();
}
