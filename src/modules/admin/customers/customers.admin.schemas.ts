import { Type } from '@sinclair/typebox';
import { DateTime, StrictObject } from '../../../http/schemas.js';

/** A row of the admin's customer list: one composed display name, never the two parts (spec 2 customers). */
export const CustomerRow = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  display_name: Type.String(),
  status: Type.Unsafe<'active' | 'disabled'>(Type.String({ enum: ['active', 'disabled'] })),
  email_verified: Type.Boolean(),
  created_at: DateTime,
});

export const CustomerList = Type.Object({
  customers: Type.Array(CustomerRow),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

export const CustomerListQuery = StrictObject({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Part of a name or an email address',
    }),
  ),
  status: Type.Optional(
    Type.Unsafe<'active' | 'disabled'>(Type.String({ enum: ['active', 'disabled'] })),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});

/** One customer for the owner (issue 17, API 5): the row plus what they hold, like and bought. */
export const CustomerDetail = Type.Object({
  ...CustomerRow.properties,
  favorites_count: Type.Integer(),
  holds: Type.Array(
    Type.Object({
      item_id: Type.Integer(),
      title: Type.String(),
      price_cents: Type.Integer(),
      reserved_until: DateTime,
    }),
    { description: 'Items in the cart now (live holds), soonest deadline first' },
  ),
  purchases: Type.Array(
    Type.Object({
      item_id: Type.Integer(),
      title: Type.String(),
      price_cents: Type.Integer(),
      sold_at: DateTime,
    }),
    { description: 'Items sold to this customer, newest first' },
  ),
});
