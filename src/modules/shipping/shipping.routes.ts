import type { App } from '../../context.js';
import { errors } from '../../http/schemas.js';
import { ShippingSettings } from './shipping.schemas.js';
import type { ShippingService } from './shipping.service.js';

const tags = ['admin'];

/** GET / PUT /api/admin/shipping (contract, third round), inside the admin guard. */
export function adminShippingRoutes(app: App, shipping: ShippingService): void {
  app.get(
    '/shipping',
    {
      schema: {
        tags,
        summary: 'Shipping zones, their rates by weight, and free shipping over an amount',
        response: { 200: ShippingSettings, ...errors(401) },
      },
    },
    async () => shipping.get(),
  );

  app.put(
    '/shipping',
    {
      schema: {
        tags,
        summary:
          'Replace the shipping zones and rates; a country in two zones or bands out of order is 400. No zones: free shipping everywhere',
        body: ShippingSettings,
        response: { 200: ShippingSettings, ...errors(400, 401, 415) },
      },
    },
    async (request) => shipping.put(request.body),
  );
}
