// npm run bench:capacity [-- --items 1000 --n 200]
// The capacity model's inputs, measured: per main route, the database statements
// and the CPU ms of this process per request, and the database time per
// statement seen from here. Then instances and database size for 10×, 100× and
// 1,000× the base load below. Runs the app in-process on a fresh PostgreSQL
// database (BENCH_DATABASE_URL's server), requests by `inject`, one at a time,
// so each figure is one request's own cost. Run it on a quiet machine (uptime < 3).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { InjectOptions } from 'fastify';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { cryptoRandomBytes } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { customerSessions } from '../src/modules/accounts/customer-sessions.js';
import { multipart } from '../test/support/images.js';
import { makeUploadLink } from '../test/support/intake.js';
import { cameraPhoto } from './camera-photo.js';
import { dropPostgres, seedPostgres } from './databases.js';

const { values: args } = parseArgs({
  options: { items: { type: 'string', default: '1000' }, n: { type: 'string', default: '200' } },
});
const ITEMS = Number(args.items);
const N = Number(args.n);

/**
 * 1× ("today's benchmark load", requests per second): the mixed case of `npm run bench`
 * writes 20 cart changes/s while its readers take what they can; we count 300 list
 * reads/s (between the 131 and 663 that case served alone), a tenth of them missing the
 * cache (each catalogue write makes the next reads recompute), 20 cart adds/s, one
 * checkout per 10 cart adds, and one photo submission a minute.
 */
const BASE_LOAD = {
  'cached read': 270,
  'uncached read': 30,
  'cart add': 20,
  checkout: 2,
  submission: 1 / 60,
} as const;
type Route = keyof typeof BASE_LOAD;
/** Keep every CPU below this share of a core at the modelled load (headroom for spikes, GC). */
const TARGET_UTILISATION = 0.6;

const quiet = { error: () => {}, warn: () => {} };
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-capacity-'));
const seeded = await seedPostgres(ITEMS, dataDir);
const databaseUrl = seeded.databaseUrl!;
const database = await openDatabase({ databaseUrl, pgliteDir: null, log: quiet });
/**
 * Counts the app's statements (Kysely queries; BEGIN and COMMIT not included) and
 * the time from sending each to its answer: the database's time plus the loopback
 * round trip and the driver, an upper bound on what the database spends.
 */
class StatementTimer implements KyselyPlugin {
  count = 0;
  ms = 0;
  private started = new WeakMap<object, number>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    this.started.set(args.queryId, performance.now());
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.started.get(args.queryId);
    if (started !== undefined) this.ms += performance.now() - started;
    return args.result;
  }
}
const counter = new StatementTimer();
const app = await buildApp(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'w') }),
  { database: { ...database, db: database.db.withPlugin(counter) }, redis: null },
);
const db = database.db;

interface Figures {
  statements: number;
  cpuMs: number;
  wallMs: number;
  /** From sending a statement to its answer (database, round trip, driver), averaged. */
  dbMsPerStatement: number;
}

/** Runs `n` requests one after another; only the request itself is counted, not its preparation. */
async function measure(
  n: number,
  prepare: (i: number) => Promise<InjectOptions>,
  expectStatus: number,
  after: (i: number) => Promise<void> = async () => {},
): Promise<Figures> {
  let statements = 0;
  let cpu = 0;
  let wall = 0;
  let statementMs = 0;
  for (let i = 0; i < n; i++) {
    const options = await prepare(i);
    counter.count = 0;
    counter.ms = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const res = await app.inject(options);
    wall += performance.now() - started;
    const used = process.cpuUsage(cpuBefore);
    cpu += (used.user + used.system) / 1000;
    statements += counter.count;
    statementMs += counter.ms;
    if (res.statusCode !== expectStatus)
      throw new Error(
        `${options.method} ${options.url}: ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    await after(i);
  }
  return {
    statements: statements / n,
    cpuMs: cpu / n,
    wallMs: wall / n,
    dbMsPerStatement: statements > 0 ? statementMs / statements : 0,
  };
}

async function newCustomer(): Promise<string> {
  const now = new Date();
  const tag = cryptoRandomBytes(6).toString('hex');
  const row = await db
    .insertInto('customers')
    .values({
      email: `capacity-${tag}@example.com`,
      password_hash: 'not-a-hash',
      first_name: 'Capacity',
      last_name: 'Bench',
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await customerSessions(db, cryptoRandomBytes).create(row.id, now)).token;
}

const available = (
  await db.selectFrom('items').select('id').where('status', '=', 'available').execute()
).map((row) => row.id);
if (available.length < N * 2) throw new Error(`need ${N * 2} available items; use --items`);
const session = (cookie: string) => ({ cookies: { shop_session: cookie } });

const results = {} as Record<Route, Figures>;
// Warm the code paths and the cache's first entry before measuring.
await measure(20, async () => ({ method: 'GET', url: '/api/items' }), 200);
results['cached read'] = await measure(N, async () => ({ method: 'GET', url: '/api/items' }), 200);
results['uncached read'] = await measure(
  N,
  async (i) => ({ method: 'GET', url: `/api/items?min_price=${i + 1}` }),
  200,
);

// Cart adds: a new customer every 25 (the add limit is 30 per 10 minutes), each item released after.
let cartCookie = '';
results['cart add'] = await measure(
  N,
  async (i) => {
    if (i % 25 === 0) cartCookie = await newCustomer();
    return {
      method: 'POST',
      url: '/api/cart/items',
      payload: { item_id: available[i]! },
      ...session(cartCookie),
    };
  },
  200,
  async (i) => {
    await app.inject({
      method: 'DELETE',
      url: `/api/cart/items/${available[i]}`,
      ...session(cartCookie),
    });
  },
);

// Checkouts: each by a new customer holding one item (pickup, the built-in payment step).
const checkoutN = Math.min(N, 100);
results.checkout = await measure(
  checkoutN,
  async (i) => {
    const cookie = await newCustomer();
    const add = await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      payload: { item_id: available[N + i]! },
      ...session(cookie),
    });
    if (add.statusCode !== 200) throw new Error(`cart add before checkout: ${add.statusCode}`);
    return { method: 'POST', url: '/api/cart/checkout', ...session(cookie) };
  },
  200,
);

// Submissions: one phone-sized photo (12 MP JPEG) each, from distinct callers (intake's limit).
const link = await makeUploadLink(db, { maxSubmissions: null });
const photo = await cameraPhoto(1);
const photoMeta = await sharp(photo).metadata();
const submissionN = Math.min(N, 10);
results.submission = await measure(
  submissionN,
  async (i) => {
    const form = multipart({ note: 'Capacity', remove_background: 'false' }, [
      { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: photo },
    ]);
    return {
      method: 'POST',
      url: `/api/upload-links/${link.token}/submissions`,
      headers: form.headers,
      payload: form.payload,
      remoteAddress: `198.18.0.${i + 1}`,
    };
  },
  201,
);
const mediaBytes = await folderBytes(path.join(dataDir, 'media'));

async function folderBytes(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries)
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}

const { rows } = await sql<{ bytes: number }>`
  SELECT pg_database_size(current_database())::bigint AS bytes`.execute(db);
const databaseBytes = Number(rows[0]!.bytes);

await app.close();
await database.close();
await dropPostgres(databaseUrl);
await fs.rm(dataDir, { recursive: true, force: true });

// ---- report
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const routes = Object.keys(BASE_LOAD) as Route[];
const out: string[] = [];
out.push(
  `# Capacity figures (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${ITEMS} items, PostgreSQL)`,
);
out.push('');
out.push(
  '| route | requests measured | DB statements / request | CPU ms / request (app) | wall ms / request | ms per statement (DB + round trip) | one instance req/s (1 core) |',
);
out.push('|---|---|---|---|---|---|---|');
for (const route of routes) {
  const r = results[route];
  const n = route === 'checkout' ? checkoutN : route === 'submission' ? submissionN : N;
  out.push(
    `| ${route} | ${n} | ${f1(r.statements)} | ${f2(r.cpuMs)} | ${f2(r.wallMs)} | ${f2(r.dbMsPerStatement)} | ${Math.floor(1000 / r.cpuMs)} |`,
  );
}
const totalStatements = routes.reduce((s, r) => s + results[r].statements, 0);
const dbMsPerStatement =
  routes.reduce((s, r) => s + results[r].dbMsPerStatement * results[r].statements, 0) /
  totalStatements;
const perSubmissionMb = mediaBytes / submissionN / 1e6;
out.push('');
out.push(
  `Photo ${photoMeta.width}×${photoMeta.height} (${(photo.length / 1e6).toFixed(1)} MB sent): ${perSubmissionMb.toFixed(2)} MB stored per submission (photo + variants). Database after the run: ${(databaseBytes / 1e6).toFixed(0)} MB for ${ITEMS} items.`,
);
out.push(
  `Database time per statement (weighted, upper bound: includes the loopback round trip): ${f2(dbMsPerStatement)} ms.`,
);
out.push('');
out.push(
  `Base load (1×), requests/s: ${routes.map((r) => `${r} ${f2(BASE_LOAD[r])}`).join(', ')}.`,
);
out.push(
  `Sizing at ${TARGET_UTILISATION * 100}% of a core per instance (Node uses one core per process) and of each database core.`,
);
out.push('');
out.push(
  '| load | requests/s | app CPU cores | instances | DB statements/s | DB busy (statement-seconds/s) | DB cores, upper bound | server connections busy at once | new photos GB/day |',
);
out.push('|---|---|---|---|---|---|---|---|---|');
for (const times of [1, 10, 100, 1000]) {
  const rate = (r: Route) => BASE_LOAD[r] * times;
  const requests = routes.reduce((s, r) => s + rate(r), 0);
  const appCores = routes.reduce((s, r) => s + (rate(r) * results[r].cpuMs) / 1000, 0);
  const statementsPerSecond = routes.reduce((s, r) => s + rate(r) * results[r].statements, 0);
  const dbBusy = routes.reduce(
    (s, r) => s + (rate(r) * results[r].statements * results[r].dbMsPerStatement) / 1000,
    0,
  );
  const photosGb = (rate('submission') * 86_400 * perSubmissionMb) / 1000;
  out.push(
    `| ${times}× | ${f1(requests)} | ${f2(appCores)} | ${Math.max(2, Math.ceil(appCores / TARGET_UTILISATION))} | ${Math.round(statementsPerSecond)} | ${f2(dbBusy)} | ${Math.max(2, Math.ceil(dbBusy / TARGET_UTILISATION))} | ${Math.ceil(dbBusy)} | ${f2(photosGb)} |`,
  );
}
process.stdout.write(`${out.join('\n')}\n`);
process.exit(0);
