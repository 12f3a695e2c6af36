import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Counts every rewrite of an item row in a test's own database (a trigger of the
 * test's, after the migrations): each is a new row version in all of the item's
 * indexes, which the seed and tag edits should not pay for nothing (0100).
 */
export async function countItemRewrites(db: Db) {
  await sql`CREATE TABLE item_rewrites (id integer NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION count_item_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO item_rewrites VALUES (NEW.id); RETURN NULL; END $$`.execute(db);
  await sql`
    CREATE TRIGGER items_rewritten AFTER UPDATE ON items
    FOR EACH ROW EXECUTE FUNCTION count_item_rewrite()`.execute(db);
  return {
    /** The ids of the items rewritten since the last `forget`, in id order (one per rewrite). */
    async rewritten(): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`SELECT id FROM item_rewrites ORDER BY id`.execute(
        db,
      );
      return rows.map((row) => row.id);
    },
    async forget(): Promise<void> {
      await sql`DELETE FROM item_rewrites`.execute(db);
    },
  };
}
