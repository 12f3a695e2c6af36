// The storefront's item statement (a page's or an item's JSON by ids) under
// concurrency, named against unnamed: 8 clients for 5 s each way, a different id
// every time. Under load the database's CPU per statement decides, and an unnamed
// statement is parsed and planned on every run. Prints statements per second.
//   npx tsx bench/item-statement.ts postgres://…/shop_bench_100000_x [clients] [seconds]
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.js';
import { itemsRepository } from '../src/modules/storefront/items.repository.js';

const [url, clientsArg, secondsArg] = process.argv.slice(2);
if (!url) throw new Error('usage: bench/item-statement.ts <database url> [clients] [seconds]');
const CLIENTS = Number(clientsArg ?? 8);
const SECONDS = Number(secondsArg ?? 5);

// The statement exactly as served: compiled by the repository on a pool that names
// nothing, its text captured from the one query it sends.
const texts: string[] = [];
const pool = new pg.Pool({ connectionString: url, max: 1 });
pool.on('connect', (c) => {
  const query = c.query.bind(c) as (...args: unknown[]) => unknown;
  (c as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args[0] === 'string') texts.push(args[0]);
    return query(...args);
  };
});
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
await itemsRepository(db).findVisibleByIds([1]);
await db.destroy();
const text = texts.at(-1)!;

const setup = new pg.Client({ connectionString: url });
await setup.connect();
const ids = (
  await setup.query(`SELECT id FROM items WHERE status <> 'pending' ORDER BY id`)
).rows.map((row) => row.id as number);
await setup.end();

async function run(named: boolean): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = c; performance.now() < until; i += CLIENTS) {
        const values = [[ids[(i * 7919) % ids.length]], 'pending'];
        if (named) await client.query({ name: 'item_statement', text, values });
        else await client.query(text, values);
        done++;
      }
    }),
  );
  await Promise.all(clients.map((client) => client.end()));
  return done / SECONDS;
}

for (const named of [false, true, false, true]) {
  console.log(`${named ? 'named' : 'unnamed'}: ${(await run(named)).toFixed(0)} statements/s`);
}
