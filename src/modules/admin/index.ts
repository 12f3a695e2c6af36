import type { App, AppContext } from '../../context.js';
import { adminGuard } from '../../http/admin-guard.js';
import { answersNeverStored } from '../../http/no-store.js';
import type { MediaStorage } from '../../media/storage.js';
import { catalogueAdminRoutes } from '../catalogue/index.js';
import type { SaleAnnouncer } from '../commerce/sales.js';
import { draftAdminRoutes } from '../drafting/index.js';
import { adminUploadLinkRoutes, uploadLinksService } from '../intake/index.js';
import { adminShippingRoutes } from '../shipping/shipping.routes.js';
import { shippingService } from '../shipping/shipping.service.js';
import { adminShopRoutes } from '../shop/shop.admin.routes.js';
import { adminWebhookRoutes, type Resolve, webhooksService } from '../webhooks/index.js';
import { adminLoginRoute, adminSessionRoutes } from './admin-auth.routes.js';
import { adminAuthService } from './admin-auth.service.js';
import { adminCustomerRoutes } from './customers/customers.admin.routes.js';
import { adminCustomersService } from './customers/customers.admin.service.js';
import { adminOrderRoutes } from './orders/orders.admin.routes.js';
import { adminOutboxRoutes } from './outbox/outbox.admin.routes.js';
import { adminOutboxService } from './outbox/outbox.admin.service.js';
import { adminOverviewRoutes } from './overview/overview.routes.js';

/**
 * Everything under /api/admin. Sign-in is public; every other route is
 * registered inside the guarded scope, so a new admin route cannot forget it.
 */
export async function adminModule(
  app: App,
  ctx: AppContext,
  deps: { storage: MediaStorage; sales: SaleAnnouncer; webhookResolve?: Resolve },
): Promise<void> {
  const auth = adminAuthService(ctx);
  // Admin answers carry customers' personal data and one-time tokens: no cache may keep them.
  answersNeverStored(app);
  adminLoginRoute(app, ctx, auth);
  await app.register(async (guarded: App) => {
    guarded.decorateRequest('adminId', null);
    // onRequest: a caller without a session is refused before its body is read.
    guarded.addHook('onRequest', adminGuard(auth.sessions, ctx.clock));
    adminSessionRoutes(guarded, ctx, auth);
    adminUploadLinkRoutes(guarded, uploadLinksService(ctx));
    catalogueAdminRoutes(guarded, ctx, deps.storage, deps.sales);
    adminCustomerRoutes(guarded, adminCustomersService(ctx));
    draftAdminRoutes(guarded, ctx);
    adminOutboxRoutes(guarded, adminOutboxService(ctx));
    adminOrderRoutes(guarded, ctx);
    adminOverviewRoutes(guarded, ctx);
    adminWebhookRoutes(guarded, webhooksService(ctx, deps.webhookResolve));
    adminShopRoutes(guarded, ctx, deps.storage);
    adminShippingRoutes(guarded, shippingService(ctx));
  });
}
