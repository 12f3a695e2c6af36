// Fresh benchmark databases: a PostgreSQL database per catalogue size (created on
// the server named by BENCH_DATABASE_URL, dropped at the end) and PGlite folders.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { cryptoRandomBytes } from '../src/auth/tokens.js';
import { type DatabaseHandle, type Db, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { type CatalogueShape, seedCatalogue } from '../src/db/seed/catalogue-seed.js';
import { placeholderPhotos } from '../src/db/seed/photos/photo-pool.js';
import { customerSessions } from '../src/modules/accounts/customer-sessions.js';

export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * About 300 categories four levels deep (3 + 12 + 48 + 240 = 303: Furniture › Chairs ›
 * Dining chairs › Mid-century), 200 tags, ~4 tags and ~3 images per item, 5 % pending.
 */
export function benchShape(items: number): CatalogueShape {
  return {
    items,
    categoryFanout: [3, 4, 4, 5],
    tags: 200,
    tagsPerItem: [2, 6],
    imagesPerItem: [2, 4],
    photosPerLook: [4, 4, 4, 4],
    // One sentence, as short as the old seed's: seeding speed and response sizes stay comparable.
    descriptions: 'brief',
    pendingShare: 0.05,
    reservedShare: 0.05,
    soldShare: 0.1,
    // The longest hold the configuration allows: no seeded hold lapses while the bench measures.
    holdMinutes: 24 * 60,
    orders: 0,
    currency: 'EUR',
    paymentDays: 7,
    seed: 8,
  };
}

export interface Seeded {
  /** PostgreSQL URL, or null for PGlite. */
  databaseUrl: string | null;
  /** For PGlite: the DATA_DIR whose `db` folder holds the database. */
  dataDir: string;
  /** A live customer session's cookie value. */
  cookie: string;
  seconds: number;
}

async function seedInto(db: Db, items: number): Promise<string> {
  await migrateToLatest(db);
  // The bench never fetches an image: every row points at one path, no files are made.
  await seedCatalogue(db, benchShape(items), placeholderPhotos('seed/placeholder-0.jpg'));
  const now = new Date();
  const customer = await db
    .insertInto('customers')
    .values({
      email: 'bench@example.com',
      // Never used to sign in: the session row below is made directly.
      password_hash: 'not-a-hash',
      first_name: 'Bench',
      last_name: 'Customer',
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await customerSessions(db, cryptoRandomBytes).create(customer.id, now);
  return token;
}

const quiet = { error: () => {}, warn: () => {} };

/** Migrates and seeds an opened database, then closes it. */
async function seedAndClose(
  database: DatabaseHandle,
  items: number,
  where: Pick<Seeded, 'databaseUrl' | 'dataDir'>,
  started: number,
): Promise<Seeded> {
  try {
    const cookie = await seedInto(database.db, items);
    return { ...where, cookie, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

export async function seedPostgres(items: number, dataDir: string): Promise<Seeded> {
  const started = performance.now();
  const name = `shop_bench_${items}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, pgliteDir: null, log: quiet });
  return seedAndClose(database, items, { databaseUrl: url.href, dataDir }, started);
}

export async function seedPglite(items: number, dataDir: string): Promise<Seeded> {
  const started = performance.now();
  const pgliteDir = path.join(dataDir, 'db');
  const database = await openDatabase({ databaseUrl: null, pgliteDir, log: quiet });
  return seedAndClose(database, items, { databaseUrl: null, dataDir }, started);
}

/**
 * Writes out what a seed left to the checkpointer: at a million rows it goes on for
 * minutes after the seed returns, sharing the disk and a core with what is measured next.
 */
export async function checkpoint(): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query('CHECKPOINT');
  } finally {
    await admin.end();
  }
}

export async function dropPostgres(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Waits until no statement runs on the database (at most `maxMs`). A target that
 * fell behind (the floor's uncached tag counts take 340 ms each at 100k) leaves
 * queued statements running after its load stops; without this they would steal
 * the CPU from whichever target is measured next.
 */
export async function settle(databaseUrl: string, maxMs = 30_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      const { rows } = await client.query<{ busy: number }>(
        `SELECT count(*)::int AS busy FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]!.busy === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}
