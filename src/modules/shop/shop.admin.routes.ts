import multipart from '@fastify/multipart';
import type { App, AppContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { MediaStorage } from '../../media/storage.js';
import {
  PHOTO_BODY_LIMIT,
  PHOTO_MULTIPART_LIMITS,
  readPhotoForm,
} from '../catalogue/photos/item-photos-form.js';
import {
  AdminPage,
  PAGE_BODY_LIMIT,
  PageBody,
  PageLanguageQuery,
  PageSlugParams,
} from './pages.schemas.js';
import { pagesService } from './pages.service.js';
import { AdminShopSettings, ShopSettingsChangeBody } from './shop-settings.schemas.js';
import { shopSettingsService } from './shop-settings.service.js';

const tags = ['admin'];

/** /api/admin/shop and /api/admin/pages/:slug, inside the admin guard (issue 33 items 1, 2). */
export function adminShopRoutes(app: App, ctx: AppContext, storage: MediaStorage): void {
  const settings = shopSettingsService(ctx, storage);
  const pages = pagesService(ctx);

  app.get(
    '/shop',
    {
      schema: {
        tags,
        summary: 'The shop’s settings',
        response: { 200: AdminShopSettings, ...errors(401) },
      },
    },
    () => settings.view(),
  );

  app.put(
    '/shop',
    {
      schema: {
        tags,
        summary:
          'Change any subset of the shop’s settings; every instance uses them at its next request',
        body: ShopSettingsChangeBody,
        response: { 200: AdminShopSettings, ...errors(400, 401, 415) },
      },
    },
    (request) => settings.update(request.body),
  );

  // Its own scope: the photo form parser is registered for the logo only.
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: PHOTO_MULTIPART_LIMITS });
    scope.put(
      '/shop/logo',
      {
        schema: {
          tags,
          summary:
            'Set the logo (multipart field "photos", one image; the intake’s checks and re-encoding)',
          consumes: ['multipart/form-data'],
          response: { 200: AdminShopSettings, ...errors(400, 401, 413, 415) },
        },
        bodyLimit: PHOTO_BODY_LIMIT,
        config: { multipart: true },
      },
      async (request) => {
        const [photo] = await readPhotoForm(request, 1);
        return settings.setLogo(photo!);
      },
    );
  });

  app.delete(
    '/shop/logo',
    {
      schema: {
        tags,
        summary: 'Remove the logo (the header shows the name alone)',
        response: { 200: AdminShopSettings, ...errors(401) },
      },
    },
    () => settings.setLogo(null),
  );

  app.get(
    '/pages/:slug',
    {
      schema: {
        tags,
        summary:
          'The newest version of a page, with its Markdown, in `?language=` (absent: the shop’s language); 404 before its first save in it',
        params: PageSlugParams,
        querystring: PageLanguageQuery,
        response: { 200: AdminPage, ...errors(400, 401, 404) },
      },
    },
    (request) => pages.getForAdmin(request.params.slug, request.query.language),
  );

  app.put(
    '/pages/:slug',
    {
      schema: {
        tags,
        summary:
          'Save a page: a new version each time (earlier ones are kept for the orders that accepted them), in `?language=` (absent: the shop’s language)',
        params: PageSlugParams,
        querystring: PageLanguageQuery,
        body: PageBody,
        response: { 200: AdminPage, ...errors(400, 401, 413, 415) },
      },
      bodyLimit: PAGE_BODY_LIMIT,
    },
    (request) =>
      pages.save(
        request.params.slug,
        request.body.title,
        request.body.body_markdown,
        request.query.language,
      ),
  );
}
