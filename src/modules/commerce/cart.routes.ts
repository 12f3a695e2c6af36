import type { ShopLanguage } from '../../config.js';
import type { App } from '../../context.js';
import { requireCustomer, signedInCustomer } from '../../http/customer-guard.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors, NoContent } from '../../http/schemas.js';
import { visitorLanguage } from '../../i18n/request-language.js';
import { CheckoutBody, CheckoutResponse } from '../orders/orders.schemas.js';
import { Quote, QuoteBody } from '../shipping/shipping.schemas.js';
import type { CartService } from './cart.service.js';
import { AddToCartBody, CartResponse, ItemIdParams } from './commerce.schemas.js';

const tags = ['cart'];
const security = [{ customerSession: [] }];

/** /api/cart for the signed-in customer (contract: Cart). */
export function cartRoutes(app: App, cart: CartService, shopLanguage: ShopLanguage = 'en'): void {
  app.get(
    '/api/cart',
    {
      schema: {
        tags,
        security,
        summary: 'The items held for the caller and the deadline they share',
        response: { 200: CartResponse, ...errors(401) },
      },
      onRequest: requireCustomer,
    },
    async (request) => cart.view(signedInCustomer(request)),
  );

  app.post(
    '/api/cart/items',
    {
      schema: {
        tags,
        security,
        summary:
          'Reserve an available item until the cart’s deadline (a full hold window for an empty cart)',
        body: AddToCartBody,
        response: { 200: CartResponse, ...errors(400, 401, 404, 409, 415, 429) },
      },
      onRequest: requireCustomer,
      config: { rateLimit: rateLimits.cartAdd },
    },
    async (request) => cart.add(signedInCustomer(request), request.body.item_id),
  );

  app.delete(
    '/api/cart/items/:item_id',
    {
      schema: {
        tags,
        security,
        summary: 'Release an item of the cart back to available (idempotent)',
        params: ItemIdParams,
        response: { 204: NoContent, ...errors(400, 401) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) => {
      await cart.remove(signedInCustomer(request), request.params.item_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/cart/quote',
    {
      schema: {
        tags,
        security,
        summary:
          'What checkout would charge for the cart: items, shipping to the address’s country (a saved address, or none for pickup), tax and total. 409 no_shipping_to_country where the shop does not ship',
        body: QuoteBody,
        response: { 200: Quote, ...errors(400, 401, 409, 415, 429) },
      },
      onRequest: requireCustomer,
      // No body at all is a pickup quote, as at checkout.
      preValidation: async (request) => {
        request.body ??= {};
      },
      config: { rateLimit: rateLimits.quote, bodyOptional: true },
    },
    async (request) => cart.quote(signedInCustomer(request), request.body),
  );

  app.post(
    '/api/cart/checkout',
    {
      schema: {
        tags,
        security,
        summary:
          'Buy every item held in the cart, at the prices held; the order ships to an address (new or saved) or, without a body, is picked up. With PAYMENT_PROVIDER=stripe the order is placed, nothing is sold yet, and the buyer pays at payment_url (503 payment_unavailable when the page cannot be opened)',
        body: CheckoutBody,
        response: { 200: CheckoutResponse, ...errors(400, 401, 402, 409, 415, 429, 503) },
      },
      onRequest: requireCustomer,
      // No body at all is a pickup order (the first contract's checkout keeps working).
      preValidation: async (request) => {
        request.body ??= {};
      },
      config: { rateLimit: rateLimits.checkout, bodyOptional: true },
    },
    async (request) => {
      const { sale, order, paymentUrl } = await cart.checkout(
        signedInCustomer(request),
        request.body,
        // The page's language: the terms recorded are the version the buyer was shown.
        visitorLanguage(request, shopLanguage),
      );
      return {
        sold_item_ids: sale.soldItemIds,
        order,
        ...(paymentUrl ? { payment_url: paymentUrl } : {}),
      };
    },
  );
}
