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

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

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
      req(request) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
