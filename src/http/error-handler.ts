import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from './errors.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Route config: a field whose validation failure has its own code (register's first_name_required). */
declare module 'fastify' {
  interface FastifyContextConfig {
    fieldErrorCodes?: Readonly<Record<string, string>>;
  }
}

const CONTEXT_CODES: Record<string, string> = {
  querystring: 'invalid_parameter',
  body: 'invalid_body',
  params: 'invalid_id',
  headers: 'invalid_header',
};

/** The one input field an Ajv issue is about, if there is one. */
function fieldOf(issue: ValidationIssue): string | undefined {
  const fromPath = issue.instancePath.split('/').filter(Boolean)[0];
  if (fromPath) return fromPath;
  const p = issue.params;
  for (const key of ['missingProperty', 'additionalProperty', 'propertyName']) {
    if (typeof p[key] === 'string') return p[key] as string;
  }
  return undefined;
}

function describe(issue: ValidationIssue, field: string | undefined, context: string): string {
  const noun = context === 'querystring' ? 'parameter' : 'field';
  switch (issue.keyword) {
    case 'additionalProperties':
      return `Unknown ${noun} "${field}".`;
    case 'required':
      return `The ${noun} "${field}" is required.`;
    case 'enum':
      return `The ${noun} "${field}" must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}.`;
    default:
      return field
        ? `The ${noun} "${field}" ${issue.message ?? 'is invalid'}.`
        : `The request ${issue.message ?? 'is invalid'}.`;
  }
}

function validationError(error: FastifyError, request: FastifyRequest): AppError {
  const context = error.validationContext ?? 'body';
  const issue = error.validation?.[0] as ValidationIssue | undefined;
  const field = issue ? fieldOf(issue) : undefined;
  const special = field ? request.routeOptions.config?.fieldErrorCodes?.[field] : undefined;
  const code = special ?? CONTEXT_CODES[context] ?? 'invalid_request';
  const message =
    context === 'params'
      ? 'The id in the path is not a valid id.'
      : issue
        ? describe(issue, field, context)
        : error.message;
  return new AppError(400, code, message, field);
}

/** Fastify's own refusals (body too large, bad JSON, wrong media type) keep their status. */
const FASTIFY_CODES: Record<string, [string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['body_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Send the body as application/json.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_body', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_body', 'The body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    'invalid_body',
    'The Content-Length does not match the body.',
  ],
  FST_ERR_CTP_INVALID_CHARSET: ['unsupported_media_type', 'Send the body as UTF-8 JSON.'],
  FST_ERR_BAD_URL: ['invalid_url', 'The URL is malformed.'],
};

function toAppError(error: FastifyError, request: FastifyRequest): AppError | null {
  if (error instanceof AppError) return error;
  if (error.validation) return validationError(error, request);
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known && error.statusCode) return new AppError(error.statusCode, known[0], known[1]);
  // JSON.parse failures surface as SyntaxError with statusCode 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError(400, 'invalid_body', 'The body is not valid JSON.');
  }
  // Anything else that already carries a 4xx (plugins' own errors) keeps it, with a generic code.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'bad_request', 'The request could not be processed.');
  }
  return null;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error, request);
    if (!known) {
      // Unexpected: log everything, tell the client nothing about internals.
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    if (known.headers) reply.headers(known.headers);
    return reply.code(known.statusCode).send(errorBody(known.code, known.message, known.field));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send(errorBody('not_found', 'There is nothing at this address.'));
  });
}
