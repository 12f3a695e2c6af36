import type { App } from '../../../context.js';
import { errors, IdParams } from '../../../http/schemas.js';
import {
  CustomerDetail,
  CustomerList,
  CustomerListQuery,
  CustomerRow,
} from './customers.admin.schemas.js';
import type { adminCustomersService } from './customers.admin.service.js';

const tags = ['admin'];

/** /api/admin/customers: registered inside the admin guard. */
export function adminCustomerRoutes(
  app: App,
  customers: ReturnType<typeof adminCustomersService>,
): void {
  app.get(
    '/customers',
    {
      schema: {
        tags,
        summary: 'Customers, newest first, with a display name and status',
        querystring: CustomerListQuery,
        response: { 200: CustomerList, ...errors(400, 401) },
      },
    },
    async (request) => customers.list(request.query),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        summary: 'One customer: the row, favorites count, current holds and purchases',
        params: IdParams,
        response: { 200: CustomerDetail, ...errors(400, 401, 404) },
      },
    },
    async (request) => customers.detail(request.params.id),
  );

  app.post(
    '/customers/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable: sessions end, reserved items are released',
        params: IdParams,
        response: { 200: CustomerRow, ...errors(400, 401, 404) },
      },
    },
    async (request) => customers.disable(request.params.id),
  );

  app.post(
    '/customers/:id/enable',
    {
      schema: {
        tags,
        summary: 'Enable: sign-in works again; items are not given back',
        params: IdParams,
        response: { 200: CustomerRow, ...errors(400, 401, 404) },
      },
    },
    async (request) => customers.enable(request.params.id),
  );
}
