import type { App, AppContext } from '../../context.js';
import type { MediaStorage } from '../../media/storage.js';
import type { SaleAnnouncer } from '../commerce/sales.js';
import { adminItemRoutes } from './admin-items.routes.js';
import { AdminItem } from './admin-items.schemas.js';
import { adminItemsService } from './admin-items.service.js';
import { adminCategoryRoutes } from './categories.routes.js';
import { categoriesService } from './categories.service.js';
import { itemPhotoRoutes } from './photos/item-photos.routes.js';
import { itemPhotosService } from './photos/item-photos.service.js';
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
  const items = adminItemsService(ctx, storage, sales);
  adminItemRoutes(app, items);
  // Its own scope: the photo form parser is registered for these routes only.
  app.register(async (scope: App) =>
    itemPhotoRoutes(scope, itemPhotosService(ctx, storage, items.get)),
  );
  adminCategoryRoutes(app, categoriesService(ctx));
  adminTagRoutes(app, tagsService(ctx));
}
