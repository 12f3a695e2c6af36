import type { App, AppContext } from '../../context.js';
import { answersNeverStored } from '../../http/no-store.js';
import { customerOrdersModule, installOrderJobs } from '../orders/index.js';
import { cartRoutes } from './cart.routes.js';
import { cartService } from './cart.service.js';
import { type CartJobs, cartJobs, JOB_INTERVALS_MS } from './cart-jobs.service.js';
import { favoritesRoutes } from './favorites.routes.js';
import { favoritesService } from './favorites.service.js';
import type { SaleAnnouncer } from './sales.js';

export { registerFavoriteSold } from './favorite-sold.service.js';
export {
  acceptingPayments,
  builtinPayments,
  type Payments,
  paymentDeclined,
} from './payments.js';
export { type SaleAnnouncer, saleAnnouncer } from './sales.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart's scheduled jobs; recurring jobs on the queue, tests call them with the fake clock. */
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
  cartRoutes(app, cartService(ctx, sales, app.log), ctx.config.shopLanguage);
  customerOrdersModule(app, ctx);
}

/**
 * The cart jobs: reachable as `app.cartJobs` (tests call them with the fake
 * clock) and registered as recurring jobs on the queue, which the server starts.
 */
export function installCartJobs(app: App, ctx: AppContext): void {
  const jobs = cartJobs(ctx, app.log);
  app.decorate('cartJobs', jobs);
  installOrderJobs(app, ctx);
  ctx.jobs.register('cart.release-expired-holds', {
    everyMs: JOB_INTERVALS_MS.releaseExpiredHolds,
    maxAttempts: 1, // the next run is the retry
    handle: async () => void (await jobs.releaseExpiredHolds()),
  });
  ctx.jobs.register('cart.send-reminders', {
    everyMs: JOB_INTERVALS_MS.sendCartReminders,
    maxAttempts: 1,
    handle: async (_job, run) => void (await jobs.sendCartReminders(run.complete)),
  });
}
