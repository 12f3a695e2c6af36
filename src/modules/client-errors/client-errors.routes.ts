import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../context.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors, NoContent } from '../../http/schemas.js';
import { ClientErrorReport, FIELD_LIMITS } from './client-errors.schemas.js';

export const CLIENT_ERROR_PREFIX = '[client-error]';

// Reports are mostly stack text; 32 KiB holds the longest kept fields with room to spare.
const BODY_LIMIT = 32 * 1024;

function truncate(report: ClientErrorReport): ClientErrorReport {
  const cut: Record<string, string> = {};
  for (const [field, max] of Object.entries(FIELD_LIMITS)) {
    const value = report[field as keyof typeof FIELD_LIMITS];
    if (value !== undefined) cut[field] = value.length > max ? value.slice(0, max) : value;
  }
  return { ...cut, context: report.context } as ClientErrorReport;
}

/** One log line per report; nothing is stored (spec 4.5 rule 3). */
export function logClientError(log: FastifyBaseLogger, report: ClientErrorReport): void {
  const kept = truncate(report);
  log.warn({ clientError: kept }, `${CLIENT_ERROR_PREFIX} ${kept.context}: ${kept.message}`);
}

/** Synchronous on purpose (spec 4.5 rule 4): nothing to wait for, nothing stored. */
export function clientErrorHandler(
  request: FastifyRequest<{ Body: ClientErrorReport }>,
  reply: FastifyReply,
): void {
  logClientError(request.log, request.body);
  reply.code(204).send();
}

export function clientErrorRoutes(app: App): void {
  app.post(
    '/api/client-errors',
    {
      schema: {
        tags: ['client-errors'],
        summary: 'Report an error the web client hit while rendering',
        body: ClientErrorReport,
        response: { 204: NoContent, ...errors(400, 413, 415, 429) },
      },
      bodyLimit: BODY_LIMIT,
      config: {
        rateLimit: rateLimits.clientErrors,
        // An unknown context is refused as such, never logged under a guessed label (spec 4.5 rule 1).
        fieldErrorCodes: { context: 'invalid_context' },
      },
    },
    clientErrorHandler,
  );
}
