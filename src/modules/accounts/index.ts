import type { App, AppContext } from '../../context.js';
import type { Notifications } from '../../db/notifications.js';
import { installCustomerSessionHook } from '../../http/customer-guard.js';
import { answersNeverStored } from '../../http/no-store.js';
import { accountDataService } from './account-data.service.js';
import { accountsRoutes } from './accounts.routes.js';
import { accountsService } from './accounts.service.js';
import { customersRepository } from './customers.repository.js';
import { meRoutes } from './me.routes.js';
import {
  PASSWORD_RESET_JOB_OPTIONS,
  passwordResetService,
  RESET_REQUEST_JOB,
} from './password-reset.service.js';
import { sessionCache } from './session-cache.js';

/**
 * The customer session hook, for every route of the app (spec 5): registered on
 * the root instance, before any module, so `request.customer` is always set.
 */
export function installCustomerSessions(
  app: App,
  ctx: AppContext,
  notifications: Notifications,
): void {
  const customers = customersRepository(ctx.db);
  const cache = sessionCache(
    (token) => customers.findBySessionToken(token, ctx.clock.now()),
    notifications,
    ctx.clock,
  );
  installCustomerSessionHook(app, cache.lookup);
  app.addHook('onClose', async () => cache.close());
}

/** Everything under /api/customers but favorites and sold notifications (the commerce issue's). */
export function accountsModule(app: App, ctx: AppContext): void {
  // Account answers are personal, and several set or clear the session cookie: never cache them.
  answersNeverStored(app);
  const accounts = accountsService(ctx);
  const resets = passwordResetService(ctx);
  ctx.jobs.register<{ email: string }>(RESET_REQUEST_JOB, {
    ...PASSWORD_RESET_JOB_OPTIONS,
    handle: (job, run) => resets.issue(job.payload.email, run.complete),
  });
  accountsRoutes(app, ctx, accounts, resets);
  meRoutes(app, ctx, accounts, accountDataService(ctx));
}
