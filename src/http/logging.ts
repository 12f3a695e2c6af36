import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

// Path segments that are credentials: the upload-link token in the API and in
// the upload page's address.
const TOKEN_IN_PATH = /^(\/api\/upload-links\/|\/upload\/)[^/?#]+/;
const SECRET_QUERY_KEY = /token|password|secret|code|key/i;

/** The request URL as it may appear in a log line: no token, in the path or the query. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path.replace(TOKEN_IN_PATH, '$1[redacted]');
  if (query === undefined) return safePath;
  const params = query.split('&').map((pair) => {
    const key = pair.split('=', 1)[0] ?? '';
    return SECRET_QUERY_KEY.test(decodeURIComponentSafe(key)) ? `${key}=[redacted]` : pair;
  });
  return `${safePath}?${params.join('&')}`;
}

// In free text (a client's error report): the same credentials wherever they stand.
const TOKEN_PATH_IN_TEXT = /(\/api\/upload-links\/|\/upload\/)[^/?#\s"'<>)]+/g;
const SECRET_PARAM_IN_TEXT =
  /([?&#;]|\b)([\w.-]*(?:token|password|secret|code|key)[\w.-]*=)[^&#\s"'<>)]*/gi;
// 32 random bytes in base64url (our tokens), a SHA-256 hex digest, an Argon2 hash.
const TOKEN_SHAPED = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const DIGEST_SHAPED = /(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g;
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"']*/g;

/**
 * Free text as it may appear in a log line: upload-link paths, `token=`-like
 * values (query or `#fragment`), and anything shaped like one of our tokens,
 * digests or password hashes are replaced by `[redacted]`.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(TOKEN_PATH_IN_TEXT, '$1[redacted]')
    .replace(SECRET_PARAM_IN_TEXT, '$1$2[redacted]')
    .replace(ARGON2_HASH, '[redacted]')
    .replace(TOKEN_SHAPED, '[redacted]')
    .replace(DIGEST_SHAPED, '[redacted]');
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// What a failed statement carries besides its SQL: the values bound to it (PGlite's
// `params`, `queryOptions`) and the row or key it failed on (PostgreSQL's `detail`,
// `where`, `internalQuery`: "Key (token_digest)=(…)", "Failing row contains (…)").
// For register that is the new Argon2id hash and the address; never logged.
const STATEMENT_VALUES = new Set([
  'params',
  'parameters',
  'values',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
]);

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as Error).message === 'string' &&
      typeof (value as Error).stack === 'string')
  );
}

/**
 * An error as logged: type, message, stack, its own fields and its cause, but never
 * a statement's parameters or failing values (issue: logs never carry a secret).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: error.message,
    stack: error.stack,
  };
  for (const key of Object.keys(error)) {
    if (STATEMENT_VALUES.has(key) || key in out) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    out[key] = isErrorLike(value)
      ? depth < 3
        ? serializeError(value, depth + 1)
        : '[error]'
      : value;
  }
  const { cause } = error as { cause?: unknown };
  if (cause !== undefined && depth < 3) out.cause = serializeError(cause, depth + 1);
  if (error instanceof AggregateError && depth < 3) {
    out.aggregateErrors = error.errors.map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * pino options: requests are logged by method, redacted URL and caller only —
 * never headers, so cookies and authorization never reach a log. Anything that
 * carries a password or token field anywhere is censored as a second wall.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'password',
        'token',
        '*.password',
        '*.token',
        '*.new_password',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (error) => serializeError(error) as SerializedError,
      req(request) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
