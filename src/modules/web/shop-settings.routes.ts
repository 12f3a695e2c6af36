import { type Static, Type } from '@sinclair/typebox';
import { type Config, PAYMENT_PROVIDERS } from '../../config.js';
import type { App, AppContext } from '../../context.js';
import { errors, Nullable } from '../../http/schemas.js';
import { visitorLanguage } from '../../i18n/request-language.js';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../media/image-upload.js';
import { mediaUrlFor } from '../../media/storage.js';
import { MAX_FILES } from '../intake/intake-form.js';
import { checkoutButtonLabel } from '../shop/checkout-wording.js';
import { Page, PageLanguageQuery, PageLink, PageSlugParams } from '../shop/pages.schemas.js';
import { pagesService } from '../shop/pages.service.js';

export const ShopSettings = Type.Object(
  {
    currency: Type.String({ description: 'ISO 4217 code prices are shown in (SHOP_CURRENCY)' }),
    cart_hold_minutes: Type.Integer({ description: 'How long a cart holds an item' }),
    payment_provider: Type.Unsafe<(typeof PAYMENT_PROVIDERS)[number]>(
      Type.String({
        enum: [...PAYMENT_PROVIDERS],
        description:
          'How buyers pay (PAYMENT_PROVIDER): accept takes no money (a test shop: the client says so on every page), manual waits for a payment by hand, stripe sends the buyer to Stripe Checkout',
      }),
    ),
    intake: Type.Object({
      max_files: Type.Integer(),
      max_file_bytes: Type.Integer(),
      accepted_types: Type.Array(Type.String()),
    }),
    name: Type.String({ description: 'The shop’s name (header, page titles, mail)' }),
    logo_url: Nullable(Type.String()),
    contact_email: Nullable(Type.String()),
    address: Nullable(Type.String()),
    pickup: Type.Object({ address: Nullable(Type.String()), hours: Nullable(Type.String()) }),
    pages: Type.Array(PageLink, {
      description:
        'The pages written so far, in the footer’s order; terms among them means checkout needs accept_terms',
    }),
    checkout_button: Type.String({
      description:
        'The words of the order button ("Order and pay"; "Order with obligation to pay" for manual payments)',
    }),
  },
  { title: 'ShopSettings' },
);
type ShopSettings = Static<typeof ShopSettings>;

/**
 * GET /api/shop: what the web client needs before it can show a page: the shop's
 * name and pages (edited in the admin, so read at each request), prices, photo limits.
 */
export function shopSettingsRoutes(
  app: App,
  ctx: Pick<AppContext, 'db' | 'clock' | 'shop'> & {
    config: Pick<
      Config,
      'shopCurrency' | 'cartHoldMinutes' | 'paymentProvider' | 'media' | 'shopLanguage'
    >;
  },
): void {
  const { config } = ctx;
  const mediaUrl = mediaUrlFor(config);
  const pages = pagesService(ctx);
  app.get(
    '/api/shop',
    {
      schema: {
        tags: ['shop'],
        summary:
          'The shop’s name, contact and pages; currency, cart hold, payment provider and photo limits',
        response: { 200: ShopSettings },
      },
    },
    async (request, reply): Promise<ShopSettings> => {
      // The footer's page titles in the visitor's language where a page is written in it.
      const [shop, links] = await Promise.all([
        ctx.shop.current(),
        pages.links(visitorLanguage(request, config.shopLanguage)),
      ]);
      // The owner changes these in the admin: a browser asks again each time.
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'Accept-Language, Cookie');
      return {
        currency: config.shopCurrency,
        cart_hold_minutes: config.cartHoldMinutes,
        payment_provider: config.paymentProvider,
        intake: {
          max_files: MAX_FILES,
          max_file_bytes: MAX_IMAGE_BYTES,
          accepted_types: [...ACCEPTED_IMAGE_TYPES],
        },
        name: shop.name,
        logo_url: shop.logoPath ? mediaUrl(shop.logoPath) : null,
        contact_email: shop.contactEmail,
        address: shop.address,
        pickup: { address: shop.pickup.address, hours: shop.pickup.hours },
        pages: links,
        checkout_button: checkoutButtonLabel(config.paymentProvider),
      };
    },
  );

  app.get(
    '/api/pages/:slug',
    {
      schema: {
        tags: ['shop'],
        summary:
          'A legal or information page, newest version (sanitised HTML) in the visitor’s language (`?language=`, else the shop_lang cookie, the signed-in customer’s choice, Accept-Language), else in the shop’s; 404 before it is written',
        params: PageSlugParams,
        querystring: PageLanguageQuery,
        response: { 200: Page, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'Accept-Language, Cookie');
      return pages.get(
        request.params.slug,
        request.query.language ?? visitorLanguage(request, config.shopLanguage),
      );
    },
  );
}
