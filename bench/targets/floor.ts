// The floor to beat: bare node:http + pg running the very SQL our routes compile to
// (captured once at start from the repository), the same session lookup when a
// `shop_session` cookie comes, and JSON.stringify of the rows. No cache, no ETag.
//   BENCH_CORPUS: JSON array of the paths to answer; DATABASE_URL; PORT.
import fs from 'node:fs';
import http from 'node:http';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { digestToken } from '../../src/auth/tokens.js';
import type { Database } from '../../src/db/schema.js';
import { parseItemFilters } from '../../src/modules/storefront/item-filters.js';
import { itemsRepository } from '../../src/modules/storefront/items.repository.js';
import { queryObject } from '../query-object.js';

type Statement = Pick<CompiledQuery, 'sql' | 'parameters'>;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const captured: Statement[] = [];
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') captured.push(event.query);
  },
});
const items = itemsRepository(db);

/** The statements our route runs for a path, taken from the repository itself. */
async function statementsFor(url: string): Promise<Statement[]> {
  const { pathname, search } = new URL(url, 'http://x');
  captured.length = 0;
  if (pathname === '/api/items') {
    const filters = parseItemFilters(queryObject(search.slice(1)), 'public');
    return [items.listQuery(filters).compile()];
  }
  if (pathname === '/api/filters') {
    await items.categories();
    await items.tagCounts();
    await items.priceBounds();
  } else {
    await items.findById(Number(pathname.split('/').at(-1)), { includePending: false });
  }
  return [...captured];
}

const SESSION_SQL = `SELECT c.id, c.email, c.first_name, c.last_name, c.email_verified, c.created_at
  FROM customer_sessions s JOIN customers c ON c.id = s.customer_id
  WHERE s.token_digest = $1 AND s.expires_at > $2 AND c.disabled_at IS NULL`;

const routes = new Map<string, Statement[]>();
for (const url of JSON.parse(fs.readFileSync(process.env.BENCH_CORPUS!, 'utf8')) as string[]) {
  routes.set(url, await statementsFor(url));
}

async function answer(url: string, cookie: string | undefined): Promise<string | null> {
  const statements = routes.get(url);
  if (!statements) return null;
  const token = cookie?.match(/(?:^|;\s*)shop_session=([^;]+)/)?.[1];
  if (token) await pool.query(SESSION_SQL, [digestToken(token), new Date()]);
  const results = await Promise.all(
    statements.map((s) => pool.query(s.sql, s.parameters as unknown[])),
  );
  if (results.length === 1) return JSON.stringify(results[0]!.rows);
  return JSON.stringify({
    categories: results[0]!.rows,
    tags: results[1]!.rows,
    price: results[2]!.rows[0],
  });
}

http
  .createServer((req, res) => {
    answer(req.url ?? '', req.headers.cookie).then(
      (body) => {
        if (body === null) res.writeHead(404).end();
        else
          res
            .writeHead(200, {
              'content-type': 'application/json; charset=utf-8',
              'content-length': Buffer.byteLength(body),
            })
            .end(body);
      },
      () => res.writeHead(500).end(),
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
