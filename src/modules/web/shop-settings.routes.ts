import { type Static, Type } from '@sinclair/typebox';
import { type Config, PAYMENT_PROVIDERS } from '../../config.js';
import type { App } from '../../context.js';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../media/image-upload.js';
import { MAX_FILES } from '../intake/intake-form.js';

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
  },
  { title: 'ShopSettings' },
);
type ShopSettings = Static<typeof ShopSettings>;

/**
 * GET /api/shop: the settings the web client needs before it can show a price
 * or check a photo, the same for every caller and fixed for the life of the process.
 */
export function shopSettingsRoutes(
  app: App,
  config: Pick<Config, 'shopCurrency' | 'cartHoldMinutes' | 'paymentProvider'>,
): void {
  const settings: ShopSettings = {
    currency: config.shopCurrency,
    cart_hold_minutes: config.cartHoldMinutes,
    payment_provider: config.paymentProvider,
    intake: {
      max_files: MAX_FILES,
      max_file_bytes: MAX_IMAGE_BYTES,
      accepted_types: [...ACCEPTED_IMAGE_TYPES],
    },
  };
  app.get(
    '/api/shop',
    {
      schema: {
        tags: ['shop'],
        summary: 'Currency, cart hold, payment provider and photo limits for the web client',
        response: { 200: ShopSettings },
      },
    },
    async (_request, reply) => {
      // Settings change only with a restart; a few minutes of reuse is harmless.
      reply.header('cache-control', 'public, max-age=300');
      return settings;
    },
  );
}
