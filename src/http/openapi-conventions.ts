import { Type } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';
import { requireCustomer } from './customer-guard.js';
import { errors } from './schemas.js';

/**
 * What `/openapi.json` says about every operation without each route repeating it
 * (issue 14 item 21). It is @fastify/swagger's `transform`, so it shapes the document
 * only and never what a route validates or answers. By route kind:
 *
 * - guarded: every `/api/admin/*` route but sign-in (the admin scope's guard) and every
 *   route with `onRequest: requireCustomer` get their cookie scheme in `security` and 401;
 * - takes input (path, query or body): 400;
 * - a write (POST, PUT, PATCH, DELETE): 400 (a body it does not take), 403 (cross-site
 *   requests, request-guards.ts), 413 (body limit) and 415 (only JSON or its multipart);
 * - `config.rateLimit`: 429.
 *
 * A route still declares the answers only it knows (404, 409, 402, 304) in its own
 * `response`, and its `summary`; what it declares wins over what is added here. A route
 * that reads its own body (multipart) describes it with `config.documentedBody`; one that
 * also takes no body at all says so with `config.bodyOptional` (requestBody.required: false).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For the OpenAPI document only: the body a route reads itself (a multipart form). */
    // A plain object, not TSchema: a TypeBox type here sends route inference too deep.
    documentedBody?: object;
    /** For the OpenAPI document only: no body at all is accepted; one that is sent is validated. */
    bodyOptional?: boolean;
  }
}

// @fastify/swagger marks every schema body required and copies `x-` keys onto the
// operation: the transform leaves this mark and `documentOptionalBodies` acts on it.
const BODY_OPTIONAL = 'x-body-optional';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ADMIN_PREFIX = '/api/admin/';
const ADMIN_SIGN_IN = '/api/admin/login';

type Route = Pick<RouteOptions, 'method' | 'url' | 'onRequest' | 'config'>;
type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

function methodsOf(route: Route): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map(String);
}

/** The session scheme a route requires (components.securitySchemes), or null when public. */
export function sessionRequiredBy(route: Route): 'adminSession' | 'customerSession' | null {
  if (route.url.startsWith(ADMIN_PREFIX) && route.url !== ADMIN_SIGN_IN) return 'adminSession';
  const onRequest = [route.onRequest ?? []].flat();
  return onRequest.includes(requireCustomer as never) ? 'customerSession' : null;
}

/** The refusals every route of this kind can give, by status. */
export function standardRefusals(route: Route, schema: Schema): number[] {
  const statuses = new Set<number>();
  const documentedBody = (route.config as { documentedBody?: object } | undefined)?.documentedBody;
  if (schema.params || schema.querystring || schema.body || documentedBody) statuses.add(400);
  if (methodsOf(route).some((method) => WRITES.has(method))) {
    for (const status of [400, 403, 413, 415]) statuses.add(status);
  }
  if (sessionRequiredBy(route)) statuses.add(401);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  return [...statuses].sort();
}

// Served by @fastify/static (disk) or streamed from the bucket, with no schema of its own: described here.
const MEDIA_ROUTE = '/media/*';
const imageBytes = (description: string) =>
  Type.Unsafe({
    description,
    content: {
      'image/jpeg': { schema: { type: 'string', format: 'binary' } },
      'image/png': { schema: { type: 'string', format: 'binary' } },
      'image/webp': { schema: { type: 'string', format: 'binary' } },
    },
  });
const mediaSchema = {
  tags: ['media'],
  summary: 'A stored photo or one of its list sizes (immutable; cached for a year)',
  params: Type.Object({ path: Type.String({ description: 'The stored path, e.g. items/….jpg' }) }),
  response: {
    200: imageBytes('The image bytes, with ETag and Last-Modified'),
    206: imageBytes('The bytes of one `Range: bytes=…`'),
    304: Type.Null({ description: 'Not modified: If-None-Match or If-Modified-Since still holds' }),
    ...errors(404, 416),
  },
};

/** @fastify/swagger's `transform`: the conventions above, applied to one route. */
export function documentRouteConventions({
  schema,
  url,
  route,
}: {
  schema: unknown;
  url: string;
  route: Route;
}): { schema: Schema; url: string } {
  // @fastify/static declares GET and HEAD as one route: both are listed.
  if (route.url === MEDIA_ROUTE) return { schema: mediaSchema, url: '/media/:path' };
  const declared = (schema ?? {}) as Schema;
  if (declared.hide) return { schema: declared, url };
  const session = sessionRequiredBy(route);
  const config = route.config as { documentedBody?: object; bodyOptional?: boolean } | undefined;
  const documentedBody = config?.documentedBody;
  return {
    url,
    schema: {
      ...declared,
      ...(session && !declared.security ? { security: [{ [session]: [] }] } : {}),
      ...(documentedBody && !declared.body ? { body: documentedBody } : {}),
      ...(config?.bodyOptional ? { [BODY_OPTIONAL]: true } : {}),
      response: { ...errors(...standardRefusals(route, declared)), ...declared.response },
    },
  };
}

type Operation = Record<string, unknown> & { requestBody?: { required?: boolean } };

/** @fastify/swagger's `transformObject`: a body marked optional is `required: false`. */
export function documentOptionalBodies({
  openapiObject,
}: {
  openapiObject: { paths?: Record<string, Record<string, Operation>> };
}) {
  for (const operations of Object.values(openapiObject.paths ?? {}))
    for (const operation of Object.values(operations)) {
      if (!operation[BODY_OPTIONAL]) continue;
      delete operation[BODY_OPTIONAL];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  return openapiObject;
}
