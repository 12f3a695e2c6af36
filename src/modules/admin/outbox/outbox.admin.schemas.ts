import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, StrictObject } from '../../../http/schemas.js';

const State = Type.Unsafe<'pending' | 'sent' | 'failed'>(
  Type.String({ enum: ['pending', 'sent', 'failed'] }),
);

/** One outgoing mail as the admin sees it: never its body (it holds a link's token). */
export const OutboxRow = Type.Object({
  id: Type.Integer(),
  template: Type.String({
    description: 'Which mail: verification, password-reset, upload-link, …',
  }),
  recipient: Type.String(),
  state: State,
  attempts: Type.Integer(),
  last_error: Nullable(
    Type.String({ description: 'Error code, SMTP command and reply code of the last failure' }),
  ),
  next_attempt_at: Nullable(DateTime),
  customer_id: Nullable(Type.Integer()),
  item_id: Nullable(Type.Integer()),
  created_at: DateTime,
  sent_at: Nullable(DateTime),
});

export const OutboxList = Type.Object({
  mails: Type.Array(OutboxRow),
  next_cursor: Nullable(Type.String()),
});

export const OutboxListQuery = StrictObject({
  state: Type.Optional(State),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,10}$', description: 'From next_cursor' })),
});
