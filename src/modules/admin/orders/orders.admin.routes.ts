import type { App, AppContext } from '../../../context.js';
import { errors, IdParams } from '../../../http/schemas.js';
import { adminInvoiceRoutes } from '../../invoices/invoices.routes.js';
import { orderReturnsService } from '../../orders/order-returns.service.js';
import {
  AdminOrderList,
  AdminOrderListQuery,
  CancelBody,
  Order,
  RefundBody,
  ShipBody,
} from '../../orders/orders.schemas.js';
import { ordersService } from '../../orders/orders.service.js';
import { adminOrdersList } from './orders.admin.service.js';

const tags = ['admin'];
const transition = (summary: string) => ({
  tags,
  summary,
  params: IdParams,
  response: { 200: Order, ...errors(400, 401, 404, 409) },
});

/** /api/admin/orders (issue 18): registered inside the admin guard. */
export function adminOrderRoutes(app: App, ctx: AppContext): void {
  const orders = ordersService(ctx);
  const list = adminOrdersList(ctx);
  const returns = orderReturnsService(ctx, orders);
  adminInvoiceRoutes(app, ctx);

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Orders, newest first; filter by state, search number, email or name',
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderList, ...errors(400, 401) },
      },
    },
    async (request) => list(request.query),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order',
        params: IdParams,
        response: { 200: Order, ...errors(400, 401, 404) },
      },
    },
    async (request) => orders.get(request.params.id),
  );

  app.post(
    '/orders/:id/mark-paid',
    { schema: transition('placed → paid (a manual payment arrived)') },
    async (request) => orders.markPaid(request.params.id),
  );

  app.post(
    '/orders/:id/ship',
    {
      schema: {
        ...transition(
          'paid → shipped, with carrier and tracking reference; mails the buyer. A pickup order is never shipped: 409 invalid_transition (hand it over with deliver)',
        ),
        body: ShipBody,
        response: { 200: Order, ...errors(400, 401, 404, 409, 415) },
      },
    },
    async (request) =>
      orders.ship(request.params.id, request.body.carrier, request.body.tracking_reference),
  );

  app.post(
    '/orders/:id/deliver',
    {
      schema: transition(
        'shipped → delivered; a pickup order: paid → delivered directly ("handed over" at the shop)',
      ),
    },
    async (request) => orders.deliver(request.params.id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        ...transition(
          'placed or paid → cancelled: items back on sale, payment voided once, buyer mailed',
        ),
        body: CancelBody,
        response: { 200: Order, ...errors(400, 401, 404, 409, 415) },
      },
    },
    async (request) => orders.cancel(request.params.id, request.body.reason),
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        ...transition(
          'Pay items back (issue 34): their prices, plus the shipping once when asked, never more than was paid less earlier refunds; through the payment provider (manual: recorded for the shop to pay by hand); each item back on sale or to pending; the order refunded once every line is',
        ),
        description:
          '409 invalid_transition unless paid, shipped or delivered; 409 item_refunded for an item paid back before; 409 nothing_to_refund; 400 item_not_in_order. Mails the buyer.',
        body: RefundBody,
        response: { 200: Order, ...errors(400, 401, 404, 409, 415) },
      },
    },
    async (request) => returns.refund(request.params.id, request.body),
  );
}
