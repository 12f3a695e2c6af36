import { type Kysely, sql } from 'kysely';

// Text search that knows word forms: "chairs" finds "chair", "Stühle" finds "Stuhl",
// "cafe" finds "café". Until now items.search_vector used the 'simple' configuration,
// which only lower-cases words.
//
// shop_search is the shop's own configuration: a copy of 'english' whose word
// tokens pass through unaccent (where the server has the extension; PGlite loads
// it) and then the language's Snowball stemmer. The shop's language (SHOP_LANGUAGE)
// is which stemmer it maps to; start-up swaps the stemmer and rewrites the vectors
// when the setting changes (src/modules/storefront/search-language.ts). The
// configuration itself is the record of the language: nothing else stores it.
//
// search_vector stays a stored generated column over shop_search; PostgreSQL 15
// cannot change a generated column's expression, so the column is made again.

const WORD_TOKENS = 'asciiword, word, hword, hword_part, asciihword, hword_asciipart';

async function hasUnaccent(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ available: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') AS available`.execute(
    db,
  );
  return rows[0]!.available;
}

async function searchVectorOver(db: Kysely<any>, configuration: 'simple' | 'shop_search') {
  await sql`DROP INDEX items_search_idx`.execute(db);
  await sql`ALTER TABLE items DROP COLUMN search_vector`.execute(db);
  await sql`
    ALTER TABLE items ADD COLUMN search_vector tsvector
      GENERATED ALWAYS AS (to_tsvector(${sql.lit(configuration)}::regconfig, title || ' ' || description)) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX items_search_idx ON items USING gin (search_vector)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const unaccent = await hasUnaccent(db);
  if (unaccent) await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION shop_search (COPY = english)`.execute(db);
  await sql`
    ALTER TEXT SEARCH CONFIGURATION shop_search
    ALTER MAPPING FOR ${sql.raw(WORD_TOKENS)} WITH ${sql.raw(unaccent ? 'unaccent, ' : '')}english_stem`.execute(
    db,
  );
  await searchVectorOver(db, 'shop_search');
}

export async function down(db: Kysely<any>): Promise<void> {
  await searchVectorOver(db, 'simple');
  await sql`DROP TEXT SEARCH CONFIGURATION shop_search`.execute(db);
  await sql`DROP EXTENSION IF EXISTS unaccent`.execute(db);
}
