import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { ShopLanguage } from '../../config.js';
import type { Db } from '../../db/database.js';

/** The Snowball stemmer of each shop language, as PostgreSQL names its dictionary. */
const STEMMERS: Record<ShopLanguage, string> = { en: 'english_stem', de: 'german_stem' };
const LANGUAGE_OF = new Map(Object.entries(STEMMERS).map(([language, stem]) => [stem, language]));

// Any fixed number: start-up holds it while it swaps the stemmer, so two instances
// starting at once do not both rewrite every row.
const SWAP_LOCK = 260_526;

/** The stemmer shop_search maps words to now: which language the stored vectors are in. */
async function stemmerInUse(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ stemmer: string }>`
    SELECT DISTINCT d.dictname AS stemmer
    FROM pg_ts_config_map m
    JOIN pg_ts_config c ON c.oid = m.mapcfg
    JOIN pg_ts_dict d ON d.oid = m.mapdict
    WHERE c.cfgname = 'shop_search' AND d.dictname LIKE '%\\_stem'`.execute(db);
  return rows[0]?.stemmer;
}

/**
 * Makes the shop's text search stem words in SHOP_LANGUAGE (migration 0026 made it
 * English). A change swaps the stemmer of shop_search and rewrites every item's
 * stored vector in one transaction; the rewrite is one catalogue write, announced as
 * "everything changed", so every instance reloads its index with the new lexemes.
 * Nothing happens when the language is the one in use (every ordinary start).
 */
export async function applySearchLanguage(
  db: Db,
  language: ShopLanguage,
  log: Pick<Logger, 'info'>,
): Promise<void> {
  const wanted = STEMMERS[language];
  if ((await stemmerInUse(db)) === wanted) return;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SWAP_LOCK})`.execute(trx);
    const current = await stemmerInUse(trx);
    if (current === undefined || current === wanted || !/^[a-z_]+$/.test(current)) return;
    await sql`
      ALTER TEXT SEARCH CONFIGURATION shop_search
      ALTER MAPPING REPLACE ${sql.raw(current)} WITH ${sql.raw(wanted)}`.execute(trx);
    // A stored generated column is computed again by any update of its row.
    const { numAffectedRows } = await sql`UPDATE items SET title = title`.execute(trx);
    log.info(
      `SHOP_LANGUAGE is ${language}: text search now stems words in it (it stemmed them in ${LANGUAGE_OF.get(current) ?? current}); ${numAffectedRows ?? 0} items indexed again`,
    );
  });
}
