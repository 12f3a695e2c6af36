import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem } from '../../test/support/factories.js';
import {
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../test/support/test-database.js';
import { itemsRepository } from '../modules/storefront/items.repository.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const quiet = { error: () => {}, warn: () => {} };

describe.runIf(onPostgres)('named prepared statements (PostgreSQL)', () => {
  let database: TestDatabase;
  let itemId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
    itemId = (await makeItem(database.handle.db, {})).id;
  });
  afterAll(() => database.drop());

  // One connection, so the statements it prepared are the ones pg_prepared_statements shows.
  async function withOneConnection<T>(
    preparedStatements: boolean,
    use: (handle: DatabaseHandle) => Promise<T>,
  ): Promise<T> {
    const handle = await openDatabase({
      databaseUrl: database.databaseUrl,
      pgliteDir: null,
      log: quiet,
      maxConnections: 1,
      preparedStatements,
    });
    try {
      return await use(handle);
    } finally {
      await handle.close();
    }
  }

  const prepared = (handle: DatabaseHandle) =>
    sql<{ name: string; statement: string }>`
      SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'shop_%'`
      .execute(handle.db)
      .then((r) => r.rows);

  it('keeps the items-by-id statement prepared on the connection, once for any number of ids', async () => {
    await withOneConnection(true, async (handle) => {
      const items = itemsRepository(handle.db);
      expect((await items.findVisibleByIds([itemId])).map((row) => row.id)).toEqual([itemId]);
      expect((await items.findVisibleByIds([itemId, itemId + 1000])).map((row) => row.id)).toEqual([
        itemId,
      ]);
      const statements = await prepared(handle);
      expect(statements).toHaveLength(1);
      expect(statements[0]!.statement).toContain('item_images');
    });
  });

  it('prepares nothing when turned off (a pooler older than PgBouncer 1.21)', async () => {
    await withOneConnection(false, async (handle) => {
      const items = itemsRepository(handle.db);
      expect((await items.findVisibleByIds([itemId])).map((row) => row.id)).toEqual([itemId]);
      expect(await prepared(handle)).toEqual([]);
    });
  });
});
