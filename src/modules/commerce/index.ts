import type { FastifyBaseLogger } from 'fastify';
import type { App, AppContext } from '../../context.js';
import { answersNeverStored } from '../../http/no-store.js';
import { cartRoutes } from './cart.routes.js';
import { cartService } from './cart.service.js';
import { type CartJobs, cartJobs, JOB_INTERVALS_MS } from './cart-jobs.service.js';
import { favoritesRoutes } from './favorites.routes.js';
import { favoritesService } from './favorites.service.js';
import type { SaleAnnouncer } from './sales.js';
import { type Schedule, startSchedule } from './schedule.js';

export { favoriteSoldNotifier } from './favorite-sold.service.js';
export { acceptingPayments, type Payments, paymentDeclined } from './payments.js';
export { type SaleAnnouncer, saleAnnouncer } from './sales.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart's scheduled jobs; `server.ts` runs them on a timer, tests call them with the fake clock. */
    cartJobs: CartJobs;
  }
}

/**
 * Favorites and sold-notification opt-in (under /api/customers/me) and the cart
 * (/api/cart). Registered at the root with full paths in a scope of its own.
 */
export function commerceModule(app: App, ctx: AppContext, sales: SaleAnnouncer): void {
  // Every answer here is personal: never cached (as the accounts module does).
  answersNeverStored(app);
  favoritesRoutes(app, favoritesService(ctx));
  cartRoutes(app, cartService(ctx, sales));
}

/** Makes the cart jobs reachable from the app (`app.cartJobs`), for the server's schedule. */
export function installCartJobs(app: App, ctx: AppContext): void {
  app.decorate('cartJobs', cartJobs(ctx, app.log));
}

/** The server's timers: the sweeper and the reminder job, on every instance. */
export function scheduleCartJobs(jobs: CartJobs, log: FastifyBaseLogger): Schedule {
  return startSchedule(
    [
      {
        name: 'release-expired-holds',
        everyMs: JOB_INTERVALS_MS.releaseExpiredHolds,
        run: jobs.releaseExpiredHolds,
      },
      {
        name: 'send-cart-reminders',
        everyMs: JOB_INTERVALS_MS.sendCartReminders,
        run: jobs.sendCartReminders,
      },
    ],
    log,
  );
}
