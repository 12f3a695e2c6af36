import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { isIdValue } from '../../../http/schemas.js';
import { ordersWithLines } from '../../orders/order-shape.js';
import { ordersRepository } from '../../orders/orders.repository.js';
import type { AdminOrderListQuery } from '../../orders/orders.schemas.js';

const encodeCursor = (id: number) => Buffer.from(String(id)).toString('base64url');

function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!isIdValue(id)) {
    throw badRequest(
      'invalid_parameter',
      'The parameter "cursor" is not a cursor this list gave out.',
      'cursor',
    );
  }
  return id;
}

/** The admin's order list: newest first, keyset pagination as the customer list does it. */
export function adminOrdersList(ctx: Pick<AppContext, 'db'>) {
  const orders = ordersRepository(ctx.db);
  return async (query: AdminOrderListQuery) => {
    const limit = query.limit ?? 50;
    const page = await orders.list({
      ...(query.state !== undefined ? { state: query.state } : {}),
      ...(query.q !== undefined ? { q: query.q } : {}),
      limit,
      ...(query.cursor !== undefined ? { beforeId: decodeCursor(query.cursor) } : {}),
    });
    const more = page.length > limit;
    const shown = more ? page.slice(0, limit) : page;
    const lines = await orders.linesOf(shown.map((row) => row.id));
    return {
      orders: ordersWithLines(shown, lines),
      next_cursor: more ? encodeCursor(shown[shown.length - 1]!.id) : null,
    };
  };
}
