import type { App, AppContext } from '../../context.js';
import type { MediaStorage } from '../../media/storage.js';
import { intakeRoutes } from './intake.routes.js';
import { intakeService } from './intake.service.js';

export { adminUploadLinkRoutes } from './upload-links.admin.routes.js';
export { uploadLinksService } from './upload-links.service.js';

/** Public photo intake through shared upload links (spec 4.3), under /api/upload-links. */
export async function intakeModule(
  app: App,
  ctx: AppContext,
  storage: MediaStorage,
): Promise<void> {
  await intakeRoutes(app, intakeService(ctx, storage));
}
