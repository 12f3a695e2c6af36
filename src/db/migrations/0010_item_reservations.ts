import { type Kysely, sql } from 'kysely';

// Who holds a reserved item and until when; who bought a sold one. Deleting a
// customer keeps the sale but forgets the person (ON DELETE SET NULL).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE items
      ADD COLUMN reserved_by integer REFERENCES customers (id) ON DELETE SET NULL,
      ADD COLUMN reserved_until timestamptz,
      ADD COLUMN sold_to integer REFERENCES customers (id) ON DELETE SET NULL`.execute(db);
  await sql`
    ALTER TABLE items ADD CONSTRAINT items_reservation_check
      CHECK (status = 'reserved' OR (reserved_by IS NULL AND reserved_until IS NULL))`.execute(db);
  await sql`CREATE INDEX items_reserved_by_idx ON items (reserved_by) WHERE reserved_by IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX items_reserved_until_idx ON items (reserved_until) WHERE status = 'reserved'`.execute(
    db,
  );
  await sql`CREATE INDEX items_sold_to_idx ON items (sold_to) WHERE sold_to IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE items DROP CONSTRAINT items_reservation_check`.execute(db);
  await sql`ALTER TABLE items DROP COLUMN reserved_by, DROP COLUMN reserved_until, DROP COLUMN sold_to`.execute(
    db,
  );
}
