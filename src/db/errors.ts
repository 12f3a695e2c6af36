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

// Connection-level failures (node errors, pg's own messages) and SQLSTATEs that
// mean "the database is away or did not answer in time", not "this request is
// wrong": admin_shutdown/crash_shutdown/cannot_connect_now (57P01-3),
// query_canceled (57014, statement_timeout), too_many_connections (53300),
// and class 08 (connection exception).
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'DB_ACQUIRE_TIMEOUT',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /not queryable/,
  /Cannot use a pool after calling end/,
  /Client was closed and is not queryable/,
  /^connect ECONNREFUSED/,
];

/** True when a statement failed because the database was unreachable, gone or too slow (503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (
      UNAVAILABLE_NODE_CODES.has(code) ||
      UNAVAILABLE_SQLSTATES.has(code) ||
      code.startsWith('08')
    )
      return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** What the PGlite pool throws when its one connection stays busy past the acquire timeout. */
export function acquireTimeout(waitedMs: number): Error {
  return Object.assign(
    new Error(`timed out after ${waitedMs} ms waiting for the database connection`),
    { code: 'DB_ACQUIRE_TIMEOUT' },
  );
}
