import { badRequest } from './errors.js';
import { isIdValue } from './schemas.js';

// Keyset cursors for lists ordered by id (admin customers, admin orders): the last id
// seen, opaque to the client.
export const encodeIdCursor = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeIdCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
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
