import type { App, AppContext } from '../../context.js';
import { versionedResponses } from '../../http/versioned-responses.js';
import { mediaUrlFor } from '../../media/storage.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { itemCards, KEPT_CARDS } from './item-cards.js';
import { storefrontRoutes } from './items.routes.js';
import { storefrontService } from './storefront.service.js';

/** Enough for every filter combination a busy storefront sees in one catalogue version. */
const CACHED_RESPONSES = 1_000;

/** `cachedResponses` 0 turns response and item-JSON reuse off (benchmarks measure the query path that way). */
export async function storefrontModule(
  app: App,
  ctx: AppContext,
  version: CatalogueVersion,
  cachedResponses = CACHED_RESPONSES,
): Promise<void> {
  storefrontRoutes(
    app,
    storefrontService(ctx.db, mediaUrlFor(ctx.config)),
    version,
    versionedResponses(cachedResponses),
    // Without response reuse, benchmarks measure the whole query path: no cards either.
    itemCards(cachedResponses > 0 ? KEPT_CARDS : 0),
    cachedResponses > 0 ? {} : undefined,
  );
}
