import type { App, AppContext } from '../../context.js';
import { versionedResponses } from '../../http/versioned-responses.js';
import { storefrontRoutes } from './items.routes.js';
import { storefrontService } from './storefront.service.js';

/** Enough for every filter combination a busy storefront sees in one catalogue version. */
const CACHED_RESPONSES = 1_000;

export async function storefrontModule(app: App, ctx: AppContext): Promise<void> {
  storefrontRoutes(app, storefrontService(ctx.db), versionedResponses(CACHED_RESPONSES));
}
