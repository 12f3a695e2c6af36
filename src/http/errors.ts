/**
 * A refusal the client can act on. Rendered by the error handler as
 * `{"error": {"code", "message", "field"?}}`; `code` is stable, `message` may change.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Response headers that belong to the refusal (Retry-After, Allow). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, field?: string) =>
  new AppError(400, code, message, field);

export const unauthorized = (code = 'not_signed_in', message = 'Sign in to continue.') =>
  new AppError(401, code, message);

export const forbidden = (code: string, message: string) => new AppError(403, code, message);

export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);

export const conflict = (code: string, message: string, field?: string) =>
  new AppError(409, code, message, field);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}
