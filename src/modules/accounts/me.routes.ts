import { clearSessionCookie } from '../../auth/session-cookie.js';
import { isHttps } from '../../config.js';
import type { App, AppContext } from '../../context.js';
import { CUSTOMER_COOKIE, requireCustomer, signedInCustomer } from '../../http/customer-guard.js';
import { errors, NoContent } from '../../http/schemas.js';
import type { AccountDataService } from './account-data.service.js';
import {
  AccountExport,
  CustomerResponse,
  DeleteMeBody,
  NAME_ERROR_CODES,
  SessionResponse,
  UpdateMeBody,
} from './accounts.schemas.js';
import { type AccountsService, toCustomer } from './accounts.service.js';

const tags = ['accounts'];
const security = [{ customerSession: [] }];

/** The signed-in customer's own account: profile, export and deletion (spec 4.1). */
export function meRoutes(
  app: App,
  ctx: AppContext,
  accounts: AccountsService,
  data: AccountDataService,
): void {
  const secure = isHttps(ctx.config);

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The signed-in customer',
        security,
        response: { 200: CustomerResponse, ...errors(401) },
      },
      onRequest: requireCustomer,
    },
    async (request) => toCustomer(signedInCustomer(request)),
  );

  // Issue 30 item 9: the web client asks this on every page. GET /me keeps its 401 for
  // nobody (contract), but a browser logs every 401 as an error, and an anonymous
  // visitor is no error: here nobody is an answer, 200 with a null customer.
  app.get(
    '/session',
    {
      schema: {
        tags,
        summary: 'Who is signed in: the customer, or null for nobody (never a 401)',
        description: 'Public: reads the shop_session cookie when one is sent.',
        response: { 200: SessionResponse },
      },
    },
    async (request) => ({
      customer: request.customer ? toCustomer(request.customer) : null,
    }),
  );

  app.put(
    '/me',
    {
      schema: {
        tags,
        security,
        summary: 'Change names, email address or marketing consent',
        body: UpdateMeBody,
        response: { 200: CustomerResponse, ...errors(400, 401, 409, 415) },
      },
      onRequest: requireCustomer,
      config: { fieldErrorCodes: NAME_ERROR_CODES },
    },
    async (request) => accounts.updateProfile(signedInCustomer(request), request.body),
  );

  app.get(
    '/me/export',
    {
      schema: {
        tags,
        security,
        summary: 'Download everything the shop holds about the account',
        response: { 200: AccountExport, ...errors(401) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) => {
      const customer = signedInCustomer(request);
      const exported = await data.export(customer, request.cookies[CUSTOMER_COOKIE]);
      reply.header(
        'content-disposition',
        `attachment; filename="shop-account-${customer.id}.json"`,
      );
      return exported;
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the account; the password is required',
        body: DeleteMeBody,
        response: { 204: NoContent, ...errors(400, 401, 403, 415) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) => {
      await data.delete(signedInCustomer(request), request.body.password);
      clearSessionCookie(reply, CUSTOMER_COOKIE, secure);
      return reply.code(204).send(null);
    },
  );
}
