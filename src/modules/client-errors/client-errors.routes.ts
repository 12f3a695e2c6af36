import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../context.js';
import { redactSecrets } from '../../http/logging.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors, NoContent } from '../../http/schemas.js';
import { ClientErrorReport, FIELD_LIMITS } from './client-errors.schemas.js';

export const CLIENT_ERROR_PREFIX = '[client-error]';

// Over-long fields are cut, not refused (spec 4.5 rule 2): the limit sits far above
// the kept 19 KB so a 40,000-character message is truncated; it only bounds a stranger.
export const CLIENT_ERROR_BODY_LIMIT = 256 * 1024;

/**
 * What is logged of a report: secrets redacted first (a page error on an upload or
 * reset page carries its token in url, message or stack), then each field cut to its
 * length. A null field is absent.
 */
function keptFields(report: ClientErrorReport): ClientErrorReport {
  const cut: Record<string, string> = {};
  for (const [field, max] of Object.entries(FIELD_LIMITS)) {
    const value = report[field as keyof typeof FIELD_LIMITS];
    if (typeof value !== 'string') continue;
    // Redacting only what can be kept (and a margin for a secret that straddles the
    // cut) bounds the work a stranger's 256 KiB can ask for.
    const safe = redactSecrets(value.length > max + 1024 ? value.slice(0, max + 1024) : value);
    cut[field] = safe.length > max ? safe.slice(0, max) : safe;
  }
  return { ...cut, context: report.context } as ClientErrorReport;
}

/** One log line per report; nothing is stored (spec 4.5 rule 3). */
export function logClientError(log: FastifyBaseLogger, report: ClientErrorReport): void {
  const kept = keptFields(report);
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
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      config: {
        rateLimit: rateLimits.clientErrors,
        // An unknown context is refused as such, never logged under a guessed label (spec 4.5 rule 1).
        fieldErrorCodes: { context: 'invalid_context' },
      },
    },
    clientErrorHandler,
  );
}
