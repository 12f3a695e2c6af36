import type { App, AppContext } from '../../context.js';
import { mediaUrlFor } from '../../media/storage.js';
import type { CatalogueVersion } from '../storefront/catalogue-version.js';
import { storefrontService } from '../storefront/storefront.service.js';
import { productFeedRoutes } from './feed.routes.js';
import { itemPages } from './item-pages.js';
import { seoRoutes } from './seo.routes.js';
import { withShopIdentity } from './shop-pages.js';
import { shopSettingsRoutes } from './shop-settings.routes.js';
import { webClientRoutes } from './web-client.routes.js';
import { webDist } from './web-dist.js';

/** The web client's pages, what search engines read, and the settings the client needs. */
export async function webModule(
  app: App,
  ctx: AppContext,
  version: CatalogueVersion,
  options: { sitemapPageSize?: number; feedPageSize?: number } = {},
): Promise<void> {
  const { publicBaseUrl } = ctx.config;
  shopSettingsRoutes(app, ctx);
  seoRoutes(app, {
    db: ctx.db,
    version,
    publicBaseUrl,
    ...(options.sitemapPageSize ? { pageSize: options.sitemapPageSize } : {}),
  });
  productFeedRoutes(app, {
    db: ctx.db,
    version,
    publicBaseUrl,
    currency: ctx.config.shopCurrency,
    mediaUrl: mediaUrlFor(ctx.config),
    shopName: async () => (await ctx.shop.current()).name,
    ...(options.feedPageSize ? { pageSize: options.feedPageSize } : {}),
  });
  const pages = itemPages({
    storefront: storefrontService(ctx.db, mediaUrlFor(ctx.config)),
    version,
    publicBaseUrl,
    currency: ctx.config.shopCurrency,
  });
  await webClientRoutes(
    app,
    webDist(ctx.config.webDistDir),
    withShopIdentity(pages, { ...ctx, publicBaseUrl }),
    ctx.config.shopLanguage,
    ctx.config.paymentProvider === 'accept',
  );
}
