import type { App } from '../../context.js';
import type { Db } from '../../db/database.js';
import { requireCustomer, signedInCustomer } from '../../http/customer-guard.js';
import { errors, IdParams, NoContent } from '../../http/schemas.js';
import { AcceptedPages, acceptedPagesOf } from '../shop/accepted-pages.js';
import type { addressesService } from './addresses.service.js';
import type { OrderReturnsService } from './order-returns.service.js';
import {
  AddressInput,
  Order,
  OrderList,
  SavedAddress,
  SavedAddressList,
  WithdrawBody,
} from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';

const tags = ['orders'];
const security = [{ customerSession: [] }];

/** The signed-in customer's orders and saved addresses (issue 18), under /api/customers/me. */
export function customerOrderRoutes(
  app: App,
  orders: OrdersService,
  addresses: ReturnType<typeof addressesService>,
  db: Db,
  returns: OrderReturnsService,
): void {
  app.get(
    '/api/customers/me/orders',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s orders, newest first, as they were at the sale',
        response: { 200: OrderList, ...errors(401) },
      },
      onRequest: requireCustomer,
    },
    async (request) => orders.listFor(signedInCustomer(request).id),
  );

  app.get(
    '/api/customers/me/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of the caller’s orders (another customer’s is 404)',
        params: IdParams,
        response: { 200: Order, ...errors(400, 401, 404) },
      },
      onRequest: requireCustomer,
    },
    async (request) => orders.getFor(signedInCustomer(request).id, request.params.id),
  );

  app.get(
    '/api/customers/me/orders/:id/legal',
    {
      schema: {
        tags,
        security,
        summary:
          'The terms and withdrawal policy exactly as accepted with this order (null where the shop had none)',
        params: IdParams,
        response: { 200: AcceptedPages, ...errors(400, 401, 404) },
      },
      onRequest: requireCustomer,
    },
    async (request) =>
      acceptedPagesOf(db, await orders.getFor(signedInCustomer(request).id, request.params.id)),
  );

  app.post(
    '/api/customers/me/orders/:id/withdraw',
    {
      schema: {
        tags,
        security,
        summary:
          'Withdraw from items of the order (issue 34): any time before delivery, else within 14 days of delivery or hand-over; the acknowledgment is mailed at once',
        description:
          'Records the withdrawal with its date and time, mails the buyer the acknowledgment and tells the shop. Items withdrawn before are withdrawn: naming only those again answers the order as it is. An unpaid order is withdrawn from as a whole and is cancelled (409 withdraw_whole_order otherwise). 400 item_not_in_order; 409 withdrawal_period_over past the period; 409 item_refunded for an item paid back; 409 invalid_transition for a cancelled or refunded order.',
        params: IdParams,
        body: WithdrawBody,
        response: { 200: Order, ...errors(400, 401, 404, 409, 415) },
      },
      onRequest: requireCustomer,
    },
    async (request) =>
      returns.withdraw(signedInCustomer(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/customers/me/addresses',
    {
      schema: {
        tags,
        security,
        summary: 'Saved shipping addresses, oldest first',
        response: { 200: SavedAddressList, ...errors(401) },
      },
      onRequest: requireCustomer,
    },
    async (request) => addresses.list(signedInCustomer(request).id),
  );

  app.post(
    '/api/customers/me/addresses',
    {
      schema: {
        tags,
        security,
        summary: 'Save a shipping address (at most 10 per account)',
        body: AddressInput,
        response: { 201: SavedAddress, ...errors(400, 401, 409, 415) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) =>
      reply.code(201).send(await addresses.create(signedInCustomer(request).id, request.body)),
  );

  app.put(
    '/api/customers/me/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a saved address (orders keep their own copy)',
        params: IdParams,
        body: AddressInput,
        response: { 200: SavedAddress, ...errors(400, 401, 404, 415) },
      },
      onRequest: requireCustomer,
    },
    async (request) =>
      addresses.update(signedInCustomer(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/customers/me/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved address',
        params: IdParams,
        response: { 204: NoContent, ...errors(400, 401, 404) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) => {
      await addresses.remove(signedInCustomer(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
