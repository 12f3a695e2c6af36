import { type Kysely, sql } from 'kysely';

// Registration now asks for first and last name. Existing names are split at the
// first space after trimming ('A B C' → 'A' / 'B C'; 'Ann' → 'Ann' / null); null or
// blank names stay null in both. The split is lossy: backfilled parts are a guess,
// not data the customer gave in that shape.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customers ADD COLUMN first_name text, ADD COLUMN last_name text`.execute(
    db,
  );
  // `\\s` reaches PostgreSQL as the regex class \s (tabs and newlines count as whitespace too).
  await sql`
    UPDATE customers AS c
    SET first_name = CASE WHEN strpos(t.v, ' ') = 0 THEN t.v
                          ELSE regexp_replace(left(t.v, strpos(t.v, ' ') - 1), '\\s+$', '') END,
        last_name = CASE WHEN strpos(t.v, ' ') = 0 THEN NULL
                         ELSE regexp_replace(substr(t.v, strpos(t.v, ' ') + 1), '^\\s+', '') END
    FROM (SELECT id, regexp_replace(name, '^\\s+|\\s+$', '', 'g') AS v FROM customers) AS t
    WHERE c.id = t.id AND t.v <> ''`.execute(db);
  await sql`ALTER TABLE customers DROP COLUMN name`.execute(db);
}

// Rejoins the parts into one string; a customer with neither part gets null.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customers ADD COLUMN name text`.execute(db);
  await sql`UPDATE customers SET name = nullif(concat_ws(' ', first_name, last_name), '')`.execute(
    db,
  );
  await sql`ALTER TABLE customers DROP COLUMN first_name, DROP COLUMN last_name`.execute(db);
}
