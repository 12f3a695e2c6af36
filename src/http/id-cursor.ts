import { badRequest } from './errors.js';
import { isIdValue } from './schemas.js';

// Keyset cursors for lists ordered by id (admin customers, admin orders): the last id
// seen, opaque to the client.
export const encodeIdCursor = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeIdCursor(cursor: string): number {
  return idFromCursorText(Buffer.from(cursor, 'base64url').toString('utf8'));
}

/**
 * A cursor that is an id written out (the drafts list), or the text inside an
 * encoded one: refused with 400 unless it fits the integer id column (issue 31
 * item 7: `cursor=2147483648` reached the database as a 500).
 */
export function idFromCursorText(text: string): number {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  // Range-checked against the id column: a larger number would fail in the database as a 500.
  if (!isIdValue(id)) {
    throw badRequest(
      'invalid_parameter',
      'The parameter "cursor" is not a cursor this list gave out.',
      'cursor',
    );
  }
  return id;
}
