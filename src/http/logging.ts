import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const SECRET_QUERY_KEY = /token|password|secret|code|key/i;
/** Route parameters that are credentials: their values never reach a log line. */
const SECRET_PARAMS = ['token'] as const;
const REDACTED = '[redacted]';

/**
 * Percent-escapes decoded, up to three times over (a doubly encoded `%2575` is a
 * `u` to a lenient router); an escape that is not UTF-8 stays as it is.
 */
function decodePercent(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && current.includes('%'); round++) {
    const next = current.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Whether a path segment is a credential, by the segments before it, compared as
 * a router might (decoded, any case): `/api/upload-links/{token}` and
 * `/upload/{token}` however spelt; an admin's `/api/admin/upload-links/{id}` is not.
 */
function isSecretSegment(before: readonly string[]): boolean {
  const previous = before.at(-1)?.toLowerCase();
  if (previous === 'upload') return true;
  return previous === 'upload-links' && before.at(-2)?.toLowerCase() !== 'admin';
}

/**
 * The request target as it may appear in a log line (issue 31 item 2): redacted from
 * the normalised path and the matched route's parameters, never by the raw text's
 * prefix, so an absolute-form target, `%75pload-links`, `//`, `/API/`, a raw
 * `#token=` or a `?next=%2Fupload%2F…` carries no token into the log. The path is
 * logged decoded, without empty segments; the fragment (never sent by a browser)
 * is dropped; query values pass through `redactSecrets`.
 */
export function redactUrl(url: string, params?: unknown): string {
  const secrets = new Set<string>();
  if (params && typeof params === 'object') {
    for (const name of SECRET_PARAMS) {
      const value = (params as Record<string, unknown>)[name];
      if (typeof value === 'string' && value.length > 0) secrets.add(value);
    }
  }
  // An absolute-form target (`GET http://host/path`) routes as its path.
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const hash = target.indexOf('#');
  const beforeHash = hash === -1 ? target : target.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const path = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const query = question === -1 ? undefined : beforeHash.slice(question + 1);

  const segments: string[] = [];
  for (const raw of path.split('/')) {
    const segment = decodePercent(raw);
    if (segment === '') continue;
    segments.push(isSecretSegment(segments) || secrets.has(segment) ? REDACTED : segment);
  }
  let logged = `/${segments.join('/')}`;
  if (query !== undefined) {
    const pairs = query.split('&').map((pair) => {
      const [key = '', ...rest] = pair.split('=');
      const name = decodePercent(key);
      if (SECRET_QUERY_KEY.test(name)) return `${name}=${REDACTED}`;
      return rest.length === 0 ? name : `${name}=${decodePercent(rest.join('='))}`;
    });
    logged += `?${pairs.join('&')}`;
  }
  if (hash !== -1) logged += `#${REDACTED}`;
  let safe = redactSecrets(logged);
  for (const secret of secrets) safe = safe.split(secret).join(REDACTED);
  return safe;
}

// In free text (a client's error report): the same credentials wherever they stand.
const TOKEN_PATH_IN_TEXT = /(\/api\/upload-links\/|\/upload\/)[^/?#\s"'<>)]+/gi;
// Every part is bounded and a match starts at the secret's name, never before it: an
// unbounded name or value made each position of a long report rescan the rest of it,
// so 40,000 letters took seconds and 256 KiB minutes (quadratic). The name's own
// prefix ("access_" of access_token) is left as it is either way.
const SECRET_PARAM_IN_TEXT =
  /((?:token|password|secret|code|key)[\w.-]{0,64}=)[^&#\s"'<>)]{0,1024}/gi;
// `"password":"…"` in JSON (escaped or not), `password: …` in prose: the value goes,
// to its closing quote or 1,024 characters (an unclosed quote is not a way out).
const SECRET_FIELD_IN_TEXT =
  /((?:password|passwd|pwd|secret|token|api[_-]?key|authorization|cookie|session)[\w.-]{0,64}\\?["']?[ \t]{0,16}:[ \t]{0,16})(\\"(?:(?!\\").){0,1024}(?:\\")?|"(?:[^"\\]|\\.){0,1024}"?|'(?:[^'\\]|\\.){0,1024}'?|[^\s,;&}\]"']{1,1024})/gi;
// A run of 43 or more base64url characters as varied as random bytes are: one of our
// tokens (32 random bytes), alone or glued to other letters. 43 random characters
// show about 31 different ones; a word, a repeated letter or a path shows far fewer.
const TOKEN_SHAPED = /[A-Za-z0-9_-]{43,}/g;
// A SHA-256 hex digest (64 hex digits, about 16 different ones), alone or glued.
const DIGEST_SHAPED = /[0-9a-fA-F]{64,}/g;
const randomRun = (distinct: number) => (run: string) =>
  new Set(run).size >= distinct ? REDACTED : run;
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"']*/g;

/**
 * Free text as it may appear in a log line: decoded first (a URL-encoded token is
 * still a token), then upload-link paths, `token=`-like values (query or
 * `#fragment`), password-, token- and secret-named fields in JSON or prose, and
 * anything shaped like one of our tokens, digests or password hashes, even glued to
 * other letters, are replaced by `[redacted]`.
 */
export function redactSecrets(text: string): string {
  return decodePercent(text)
    .replace(TOKEN_PATH_IN_TEXT, `$1${REDACTED}`)
    .replace(SECRET_PARAM_IN_TEXT, `$1${REDACTED}`)
    .replace(SECRET_FIELD_IN_TEXT, `$1${REDACTED}`)
    .replace(ARGON2_HASH, REDACTED)
    .replace(DIGEST_SHAPED, randomRun(10))
    .replace(TOKEN_SHAPED, randomRun(20));
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
        return {
          method: request.method,
          url: redactUrl(request.url, request.params),
          remoteAddress: request.ip,
        };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
