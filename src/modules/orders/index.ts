import type { App, AppContext } from '../../context.js';
import { customerInvoiceRoutes } from '../invoices/invoices.routes.js';
import { addressesService } from './addresses.service.js';
import { registerOrderJobs } from './order-jobs.js';
import { orderReturnsService } from './order-returns.service.js';
import { customerOrderRoutes } from './orders.routes.js';
import { type OrdersService, ordersService } from './orders.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order rules; tests run the unpaid-order job through it with the fake clock. */
    orders: OrdersService;
  }
}

/** The customer's orders and addresses, registered at the root with full paths. */
export function customerOrdersModule(app: App, ctx: AppContext): void {
  const orders = ordersService(ctx);
  customerOrderRoutes(app, orders, addressesService(ctx), ctx.db, orderReturnsService(ctx, orders));
  customerInvoiceRoutes(app, ctx);
}

/** The order jobs on the queue, and `app.orders` for tests and tools. */
export function installOrderJobs(app: App, ctx: AppContext): void {
  const orders = ordersService(ctx);
  app.decorate('orders', orders);
  registerOrderJobs(ctx, orders, app.log);
}
