import type { AppContext } from '../../../context.js';
import { decodeIdCursor, encodeIdCursor } from '../../../http/id-cursor.js';
import { documentsOf } from '../../invoices/documents-of.js';
import { orderRefundsRepository } from '../../orders/order-refunds.js';
import { orderReturnsRepository } from '../../orders/order-returns.repository.js';
import { ordersWithLines } from '../../orders/order-shape.js';
import { ordersRepository } from '../../orders/orders.repository.js';
import type { AdminOrderListQuery } from '../../orders/orders.schemas.js';

/** The admin's order list: newest first, keyset pagination as the customer list does it. */
export function adminOrdersList(ctx: Pick<AppContext, 'db' | 'config' | 'shop'>) {
  const orders = ordersRepository(ctx.db);
  return async (query: AdminOrderListQuery) => {
    const limit = query.limit ?? 50;
    const page = await orders.list({
      ...(query.state !== undefined ? { state: query.state } : {}),
      ...(query.q !== undefined ? { q: query.q } : {}),
      limit,
      ...(query.cursor !== undefined ? { beforeId: decodeIdCursor(query.cursor) } : {}),
    });
    const more = page.length > limit;
    const shown = more ? page.slice(0, limit) : page;
    const ids = shown.map((row) => row.id);
    const [lines, refunds, returns, shop, documents] = await Promise.all([
      orders.linesOf(ids),
      orderRefundsRepository(ctx.db).ofOrders(ids),
      orderReturnsRepository(ctx.db).ofOrders(ids),
      ctx.shop.current(),
      documentsOf(ctx.db, ids),
    ]);
    return {
      orders: ordersWithLines(shown, lines, shop, refunds, returns, documents),
      next_cursor: more ? encodeIdCursor(shown[shown.length - 1]!.id) : null,
    };
  };
}
