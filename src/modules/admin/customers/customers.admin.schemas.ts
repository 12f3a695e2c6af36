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
