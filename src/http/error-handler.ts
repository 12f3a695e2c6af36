import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError, errorBody, type FieldProblem } from './errors.js';
import { plainFieldMessage, problemWords, type ValidationIssue } from './field-words.js';
import { methodNotAllowed } from './framework-errors.js';
import { MAX_FIELD_ISSUES } from './validation.js';

/** Route config: a field whose validation failure has its own code (register's first_name_required). */
declare module 'fastify' {
  interface FastifyContextConfig {
    fieldErrorCodes?: Readonly<Record<string, string>>;
    /**
     * Rules a service checks after the schema (register's password policy): when the
     * schema refuses the body for other fields, these are asked too, so the refusal
     * names every field at fault at once. They return the problem in words, or null.
     */
    fieldChecks?: Readonly<Record<string, (value: unknown) => string | null>>;
  }
}

const CONTEXT_CODES: Record<string, string> = {
  querystring: 'invalid_parameter',
  body: 'invalid_body',
  params: 'invalid_id',
  headers: 'invalid_header',
};

/** The input field an Ajv issue is about, as its path of names (`shipping_address`, `city`). */
function pathOf(issue: ValidationIssue): string[] {
  const segments = issue.instancePath.split('/').filter(Boolean);
  const p = issue.params;
  const named =
    issue.keyword === 'required'
      ? p.missingProperty
      : issue.keyword === 'additionalProperties'
        ? p.additionalProperty
        : p.propertyName;
  return typeof named === 'string' ? [...segments, named] : segments;
}

/** The one top-level input field an Ajv issue is about, if there is one. */
const fieldOf = (issue: ValidationIssue): string | undefined => pathOf(issue)[0];

/** The value an issue is about, so a repeated query parameter can be told from a wrong type. */
function valueAt(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A query parameter's problem, for the people who write URLs by hand. */
function describeParameter(issue: ValidationIssue, field: string | undefined, data: unknown) {
  switch (issue.keyword) {
    case 'additionalProperties':
      return `Unknown parameter "${field}".`;
    case 'required':
      return `The parameter "${field}" is required.`;
    default: {
      if (!field) return `The request ${problemWords(issue)}.`;
      const value = valueAt(data, [field]);
      if (issue.keyword === 'type' && Array.isArray(value) && issue.params.type !== 'array')
        return `The parameter "${field}" is given more than once.`;
      return `The parameter "${field}" ${problemWords(issue, field)}.`;
    }
  }
}

/** A body's problem that names no field: the body as a whole. */
function describeBody(issue: ValidationIssue): string {
  if (issue.keyword === 'minProperties') return 'Send at least one field to change.';
  if (issue.keyword === 'type') return 'The body must be a JSON object.';
  return `The request ${problemWords(issue)}.`;
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

/**
 * Every field at fault in a refused body, in plain words and in the order of the
 * body's schema (a form's order): the validator's walk (issues after the first), the
 * first issue if the walk missed its field, and the route's own field checks.
 */
function fieldProblems(issues: ValidationIssue[], request: FastifyRequest): FieldProblem[] {
  const data = request.body;
  const [first, ...walked] = issues;
  const candidates = walked.length > 0 ? walked : issues;
  const covered = new Set(candidates.map((issue) => fieldOf(issue)));
  if (first && !covered.has(fieldOf(first))) candidates.unshift(first);

  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const issue of candidates) {
    const path = pathOf(issue);
    // A form names a list, not its entries: `tag_ids`, not `tag_ids.3`.
    const index = path.findIndex((segment) => /^\d+$/.test(segment));
    const field = (index === -1 ? path : path.slice(0, index)).join('.');
    if (!field || seen.has(field)) continue;
    seen.add(field);
    const message = plainFieldMessage(issue, field, valueAt(data, path), index !== -1);
    problems.push({ field, message });
  }
  const checks = request.routeOptions.config?.fieldChecks ?? {};
  for (const [field, check] of Object.entries(checks)) {
    const atFault = [...seen].some((seenField) => seenField.split('.')[0] === field);
    const problem = atFault ? null : check(valueAt(data, [field]));
    if (problem) problems.push({ field, message: problem });
  }
  const schema = request.routeOptions.schema?.body as { properties?: object } | undefined;
  const order = Object.keys(schema?.properties ?? {});
  const rank = (problem: FieldProblem) => {
    const index = order.indexOf(problem.field.split('.')[0] ?? '');
    return index === -1 ? order.length : index;
  };
  return problems.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_FIELD_ISSUES);
}

function validationError(error: FastifyError, request: FastifyRequest): AppError {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []) as ValidationIssue[];
  const issue = issues[0];
  const field = issue ? fieldOf(issue) : undefined;
  // Own keys only: an unknown field named "toString" must not find Object.prototype's.
  const codes = request.routeOptions.config?.fieldErrorCodes;
  const special = field && codes && Object.hasOwn(codes, field) ? codes[field] : undefined;
  const blank = context === 'body' && issue ? blankTextCode(issue, field) : undefined;
  const code = special ?? blank ?? CONTEXT_CODES[context] ?? 'invalid_request';
  if (context === 'params')
    return new AppError(400, code, 'The id in the path is not a valid id.', field);
  if (!issue) return new AppError(400, code, error.message, field);
  const data = validatedPart(request, context);
  if (context !== 'body')
    return new AppError(400, code, describeParameter(issue, field, data), field);
  // A form shows each sentence next to its field; the message joins them for any other client.
  const fields = fieldProblems(issues, request);
  if (fields.length === 0) return new AppError(400, code, describeBody(issue), field);
  const message = fields.map((problem) => problem.message).join(' ');
  return new AppError(400, code, message, field, undefined, { fields });
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
  return reply
    .code(error.statusCode)
    .send(errorBody(error.code, error.message, error.field, error.details));
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
