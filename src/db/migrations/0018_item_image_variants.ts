import { type Kysely, sql } from 'kysely';

// Smaller copies of each stored photo, so lists never download the full size:
// [{"width": 480, "height": 360, "path": "variants/….webp"}, …], widest last.
// A column rather than a table: the variants live and die with their image row,
// are read with it in the one listing statement, and a change to them bumps the
// catalogue version through item_images' existing triggers (0011).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE item_images ADD COLUMN variants jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE item_images DROP COLUMN variants`.execute(db);
}
