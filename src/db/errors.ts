/** PostgreSQL error classes that have a meaning for the client; pg and PGlite both report `code`. */
interface PgError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

function matches(error: unknown, codes: readonly string[], constraint?: string): boolean {
  const e = error as PgError | null;
  if (typeof e?.code !== 'string' || !codes.includes(e.code)) return false;
  if (constraint === undefined) return true;
  // pg names the constraint; PGlite may only mention it in the message or detail.
  return (
    e.constraint === constraint ||
    String((error as Error).message).includes(constraint) ||
    String(e.detail).includes(constraint)
  );
}

/** unique_violation: a second row where one is allowed (a taken address, slug, …). */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  matches(error, ['23505'], constraint);

/**
 * A reference to a row that does not exist, or a delete of a row still referenced.
 * PostgreSQL 15 reports an ON DELETE RESTRICT refusal as foreign_key_violation
 * (23503); PostgreSQL 17 (inside PGlite) as restrict_violation (23001).
 */
export const isForeignKeyViolation = (error: unknown, constraint?: string) =>
  matches(error, ['23503', '23001'], constraint);
