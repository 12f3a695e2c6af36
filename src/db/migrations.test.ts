import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import type { Db } from './database.js';
import { migrateTo, migrateToLatest, NO_MIGRATIONS } from './migrate.js';
import { migrations } from './migrations/index.js';

const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

const OUR_TABLES = [
  'admin_sessions',
  'admins',
  'catalogue_changes',
  'catalogue_epoch_bumps',
  'categories',
  'credit_notes',
  'customer_addresses',
  'customer_sessions',
  'customer_tokens',
  'customers',
  'document_counters',
  'favorites',
  'invoices',
  'item_drafts',
  'item_images',
  'item_tags',
  'items',
  'jobs',
  'mail_outbox',
  'order_lines',
  'order_refund_lines',
  'order_refunds',
  'order_withdrawal_lines',
  'order_withdrawals',
  'orders',
  'payment_events',
  'shipping_settings',
  'shop_pages',
  'shop_settings',
  'tag_counts',
  'tags',
  'upload_links',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
  'webhook_events',
];

const names = Object.keys(migrations);

async function publicTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  return rows.map((r) => r.table_name);
}

/**
 * Columns, constraints, indexes, triggers and functions, as sorted text. Columns are
 * keyed by name, not position: a down that re-adds a column puts it last, which
 * is harmless.
 */
async function schemaSnapshot(db: Db): Promise<string[]> {
  const columns = await sql<{ line: string }>`
    SELECT concat_ws(' | ', table_name, column_name, data_type, is_nullable, column_default,
                     is_identity) AS line
    FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'`.execute(db);
  const constraints = await sql<{ line: string }>`
    SELECT concat_ws(' | ', rel.relname, con.conname, pg_get_constraintdef(con.oid)) AS line
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace ns ON ns.oid = rel.relnamespace
    WHERE ns.nspname = 'public' AND rel.relname NOT LIKE 'kysely_%'`.execute(db);
  const indexes = await sql<{ line: string }>`
    SELECT indexdef AS line FROM pg_indexes
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'`.execute(db);
  const triggers = await sql<{ line: string }>`
    SELECT concat_ws(' | ', tgrelid::regclass::text, tgname, pg_get_triggerdef(oid)) AS line
    FROM pg_trigger WHERE NOT tgisinternal`.execute(db);
  const functions = await sql<{ line: string }>`
    SELECT concat_ws(' | ', p.proname, p.prosrc) AS line
    FROM pg_proc p JOIN pg_namespace ns ON ns.oid = p.pronamespace
    WHERE ns.nspname = 'public'`.execute(db);
  return [
    ...columns.rows,
    ...constraints.rows,
    ...indexes.rows,
    ...triggers.rows,
    ...functions.rows,
  ]
    .map((r) => r.line)
    .sort();
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

describe('migration files', () => {
  it('every migration has both an up and a down step (spec 9)', () => {
    expect(names.length).toBeGreaterThanOrEqual(11);
    for (const name of names) {
      const migration = migrations[name]!;
      expect(typeof migration.up, `${name} up`).toBe('function');
      expect(typeof migration.down, `${name} down`).toBe('function');
    }
  });

  it('the index lists every file in the migrations folder, in name order', () => {
    // A file missing from the index would silently never run.
    const files = fs
      .readdirSync(new URL('./migrations/', import.meta.url))
      .filter((f) => /^\d{4}_.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(names).toEqual(files);
    expect([...names].sort()).toEqual(names);
  });
});

describe('migration round trip', () => {
  let testDb: TestDatabase;
  let db: Db;
  // Schema at head after the first climb, compared with the second.
  let headSnapshot: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.handle.db;
  });

  afterAll(async () => {
    await testDb?.drop();
  });

  it('starts from an empty public schema', async () => {
    expect(await publicTables(db)).toEqual([]);
  });

  it('migrates up to head: every table plus Kysely bookkeeping', async () => {
    await migrateToLatest(db);
    expect(await publicTables(db)).toEqual([...KYSELY_TABLES, ...OUR_TABLES].sort());
    expect(await appliedMigrations(db)).toEqual(names);
    headSnapshot = await schemaSnapshot(db);
    expect(headSnapshot.length).toBeGreaterThan(0);
  });

  it('migrates down to zero: none of our tables remain', async () => {
    await migrateTo(db, NO_MIGRATIONS);
    expect(await publicTables(db)).toEqual(KYSELY_TABLES);
    expect(await appliedMigrations(db)).toEqual([]);
    // No stray indexes, sequences or types left behind either.
    const { rows } = await sql<{ relname: string }>`
      SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname NOT LIKE 'kysely_%'
      ORDER BY c.relname`.execute(db);
    expect(rows).toEqual([]);
  });

  it('migrates up again to the same schema as the first time', async () => {
    await migrateToLatest(db);
    expect(await publicTables(db)).toEqual([...KYSELY_TABLES, ...OUR_TABLES].sort());
    expect(await appliedMigrations(db)).toEqual(names);
    expect(await schemaSnapshot(db)).toEqual(headSnapshot);
  });

  it('each down step undoes exactly its up step', async () => {
    // Walk down one step at a time, then back up: the schema below each step
    // must match what it was before that step first ran.
    await migrateTo(db, NO_MIGRATIONS);
    const before: string[][] = [];
    for (const name of names) {
      before.push(await schemaSnapshot(db));
      await migrateTo(db, name);
    }
    for (let i = names.length - 1; i >= 0; i--) {
      const target = i === 0 ? NO_MIGRATIONS : names[i - 1]!;
      await migrateTo(db, target);
      expect(await schemaSnapshot(db), `down of ${names[i]}`).toEqual(before[i]);
    }
    expect(await publicTables(db)).toEqual(KYSELY_TABLES);
  });
});
