import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Customer } from '../db/schema.js';
import { unauthorized } from './errors.js';

/** The customer session cookie (spec 5). */
export const CUSTOMER_COOKIE = 'shop_session';

/**
 * The signed-in customer's row as every route sees it; the password hash never
 * leaves the repository, and the cart reminder's bookkeeping is the scheduler's.
 */
export type SignedInCustomer = Omit<Customer, 'password_hash' | 'cart_reminder_sent_for'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in, enabled customer, or null; set on every request by the session hook. */
    customer: SignedInCustomer | null;
  }
}

/** Finds the enabled customer behind a live session token, or null: at once when it is known. */
export type CustomerSessionLookup = (
  token: string,
) => SignedInCustomer | null | Promise<SignedInCustomer | null>;

/**
 * On every request: validate the `shop_session` token and its expiry and read the
 * customer row. A disabled customer is treated as not signed in, so this one check
 * covers every route (spec 5). Requests without the cookie cost no query.
 */
export function installCustomerSessionHook(
  app: FastifyInstance,
  lookup: CustomerSessionLookup,
): void {
  app.decorateRequest('customer', null);
  // Callback style: a request without the cookie (most storefront reads) makes no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[CUSTOMER_COOKIE];
    if (!token) return done();
    const found = lookup(token);
    // A session known from memory (most signed-in requests) makes no promise either.
    if (!(found instanceof Promise)) {
      request.customer = found;
      return done();
    }
    found.then((customer) => {
      request.customer = customer;
      done();
    }, done);
  });
}

/** An onRequest hook for routes that need a signed-in customer (resend-verification, me, cart, favorites). */
export async function requireCustomer(request: FastifyRequest): Promise<void> {
  if (!request.customer) throw unauthorized('not_signed_in', 'Sign in to continue.');
}

/** The signed-in customer, for handlers behind `requireCustomer`. */
export function signedInCustomer(request: FastifyRequest): SignedInCustomer {
  if (!request.customer) throw unauthorized('not_signed_in', 'Sign in to continue.');
  return request.customer;
}
