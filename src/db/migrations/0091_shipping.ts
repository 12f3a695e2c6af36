import { type Kysely, sql } from 'kysely';

// Issue 34 item 2: what shipping costs, and what an order charged for it.
// - shipping_settings: one row (the shop's zones and rates, replaced whole by each
//   PUT /api/admin/shipping). No row, or no zones: shipping is free everywhere, as
//   before this migration. Zones live as JSON because they are always read and
//   written whole; their rules (a country in one zone, bands ascending) are checked
//   by the service before a write.
// - orders.shipping_cents, tax_cents: what the order charged besides its lines;
//   total_cents includes them. Orders from before charged neither: 0.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE shipping_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      zones jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(zones) = 'array'),
      free_over_cents integer CHECK (free_over_cents >= 0),
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD COLUMN shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
      ADD COLUMN tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN tax_cents, DROP COLUMN shipping_cents`.execute(db);
  await sql`DROP TABLE shipping_settings`.execute(db);
}
