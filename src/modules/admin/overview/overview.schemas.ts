import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id } from '../../../http/schemas.js';

const Count = Type.Integer({ minimum: 0 });

/** What needs the owner now, in one answer (issue 17, Overview). */
export const AdminOverview = Type.Object(
  {
    new_submissions: Type.Integer({
      minimum: 0,
      description: 'Pending items whose draft is not yet accepted or dismissed',
    }),
    items_by_status: Type.Object({
      pending: Count,
      available: Count,
      reserved: Count,
      sold: Count,
    }),
    holds: Type.Object({
      count: Type.Integer({ minimum: 0, description: 'Holds still running' }),
      soonest: Type.Array(
        Type.Object({ item_id: Id, title: Type.String(), reserved_until: DateTime }),
        { maxItems: 5, description: 'The holds that end first, soonest first' },
      ),
    }),
    sold_last_7_days: Type.Object({
      count: Count,
      total_cents: Type.Integer({ minimum: 0, description: 'The sum of their prices' }),
    }),
  },
  { $id: 'AdminOverview', title: 'AdminOverview' },
);
export type AdminOverview = Static<typeof AdminOverview>;
