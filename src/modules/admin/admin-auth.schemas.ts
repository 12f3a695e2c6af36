import { type Static, Type } from '@sinclair/typebox';
import { DateTime, StrictObject } from '../../http/schemas.js';

export const AdminLoginBody = StrictObject({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type AdminLoginBody = Static<typeof AdminLoginBody>;

export const AdminResponse = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  created_at: DateTime,
});
