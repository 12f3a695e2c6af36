import type { App, AppContext } from '../../context.js';
import type { MediaStorage } from '../../media/storage.js';
import type { SaleAnnouncer } from '../commerce/sales.js';
import { adminItemRoutes } from './admin-items.routes.js';
import { AdminItem } from './admin-items.schemas.js';
import { adminItemsService } from './admin-items.service.js';
import { adminCategoryRoutes } from './categories.routes.js';
import { categoriesService } from './categories.service.js';
import { adminTagRoutes } from './tags.routes.js';
import { tagsService } from './tags.service.js';

/** The admin's catalogue routes (items, categories, tags); registered inside the admin guard. */
export function catalogueAdminRoutes(
  app: App,
  ctx: AppContext,
  storage: MediaStorage,
  sales: SaleAnnouncer,
): void {
  app.addSchema(AdminItem);
  adminItemRoutes(app, adminItemsService(ctx, storage, sales));
  adminCategoryRoutes(app, categoriesService(ctx));
  adminTagRoutes(app, tagsService(ctx));
}
