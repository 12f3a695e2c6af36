import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError, errorBody } from './errors.js';
import { methodNotAllowed } from './framework-errors.js';

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

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** What is wrong with the value, in words a person can act on (never Ajv's own phrasing). */
function problem(issue: ValidationIssue, value: unknown): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'type':
      if (Array.isArray(value) && p.type !== 'array') return 'is given more than once';
      return `must be ${String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t)
        .join(' or ')}`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${p.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${p.limit}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long`;
    case 'maxLength':
      return `must be at most ${p.limit} characters long`;
    case 'pattern':
      return p.pattern === '\\S' ? 'must not be blank' : 'is not in the expected form';
    case 'format':
      return p.format === 'email'
        ? 'must be an email address'
        : `must be a valid ${String(p.format).replace('-', ' ')}`;
    case 'maxItems':
      return `takes at most ${p.limit} values`;
    case 'minItems':
      return `needs at least ${p.limit} values`;
    case 'uniqueItems':
      return 'must not repeat a value';
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'anyOf':
    case 'oneOf':
      return 'is not a value it takes';
    default:
      return issue.message ?? 'is invalid';
  }
}

/** The value an issue is about, so a repeated query parameter can be told from a wrong type. */
function valueAt(data: unknown, instancePath: string): unknown {
  let value = data;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function describe(
  issue: ValidationIssue,
  field: string | undefined,
  context: string,
  data: unknown,
): string {
  const noun = context === 'querystring' ? 'parameter' : 'field';
  switch (issue.keyword) {
    case 'additionalProperties':
      return `Unknown ${noun} "${field}".`;
    case 'required':
      return `The ${noun} "${field}" is required.`;
    case 'enum':
      return `The ${noun} "${field}" must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}.`;
    case 'minProperties':
      return 'Send at least one field to change.';
    default:
      if (field)
        return `The ${noun} "${field}" ${problem(issue, valueAt(data, issue.instancePath))}.`;
      if (issue.keyword === 'type' && context === 'body') return 'The body must be a JSON object.';
      return `The request ${problem(issue, data)}.`;
  }
}

const isBlankText = (issue: ValidationIssue) =>
  issue.keyword === 'pattern' && issue.params.pattern === '\\S';

/**
 * A name or title left blank (RequiredText: empty, or only whitespace, which is
 * empty once trimmed) gets its own code, `<field>_required`, as register's names do.
 */
function blankTextCode(issue: ValidationIssue, field: string | undefined): string | undefined {
  if (!field) return undefined;
  return isBlankText(issue) ? `${field}_required` : undefined;
}

function validatedPart(request: FastifyRequest, context: string): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'body') return request.body;
  if (context === 'params') return request.params;
  return undefined;
}

function validationError(error: FastifyError, request: FastifyRequest): AppError {
  const context = error.validationContext ?? 'body';
  const issue = error.validation?.[0] as ValidationIssue | undefined;
  const field = issue ? fieldOf(issue) : undefined;
  // Own keys only: an unknown field named "toString" must not find Object.prototype's.
  const codes = request.routeOptions.config?.fieldErrorCodes;
  const special = field && codes && Object.hasOwn(codes, field) ? codes[field] : undefined;
  const blank = context === 'body' && issue ? blankTextCode(issue, field) : undefined;
  const code = special ?? blank ?? CONTEXT_CODES[context] ?? 'invalid_request';
  const message =
    context === 'params'
      ? 'The id in the path is not a valid id.'
      : issue
        ? describe(issue, field, context, validatedPart(request, context))
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

/**
 * A request that failed because the database connection was lost or did not
 * answer in time: 503 database_unavailable, worth retrying in a moment, and one
 * warn line without the statement's parameters (issue: faults).
 */
function databaseUnavailable(error: unknown, request: FastifyRequest): AppError | null {
  if (!isDatabaseUnavailable(error)) return null;
  const e = error as { code?: unknown; message?: unknown };
  request.log.warn(
    { err: { code: e.code, message: e.message } },
    'database unavailable; answered 503',
  );
  return new AppError(
    503,
    'database_unavailable',
    'The shop cannot reach its database right now. Please try again in a moment.',
    undefined,
    { 'retry-after': '1' },
  );
}

/** A refusal in the contract's shape, with the headers that belong to it (Allow, Retry-After). */
export function sendRefusal(reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.field));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error, request) ?? databaseUnavailable(error, request);
    if (!known) {
      // Unexpected: log everything, tell the client nothing about internals.
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    return sendRefusal(reply, known);
  });

  app.setNotFoundHandler((request, reply) => {
    const wrongMethod = methodNotAllowed(request);
    if (wrongMethod) return sendRefusal(reply, wrongMethod);
    reply.code(404).send(errorBody('not_found', 'There is nothing at this address.'));
  });
}

/**
 * An address no route has is 404 (405 with Allow on a known path) whatever the method
 * and the body (issue 31 item 9): answered at once, by the not-found handler of the
 * scope it falls in, before the write guards and the body parser judge a body that no
 * route takes (a typo in a path was told its body was wrong). Installed after the
 * security headers' hook, before the write guards.
 */
export function answerUnknownAddresses(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    // The scope's own not-found handler (the intake's answers link_not_active); both are synchronous.
    request.routeOptions.handler.call(request.server, request, reply);
  });
}
