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
    /** Keys added to `error` beside code, message and field (`fields`, `available_again_at`). */
    readonly details?: Readonly<ErrorDetails>,
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

export const conflict = (
  code: string,
  message: string,
  field?: string,
  details?: Readonly<ErrorDetails>,
) => new AppError(409, code, message, field, undefined, details);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** One field at fault, named in plain words (a refused form body lists each). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Additions to the error shape; each is optional and documented in `ErrorResponse`. */
export interface ErrorDetails {
  fields?: FieldProblem[];
  available_again_at?: string;
}

export interface ErrorBody {
  error: { code: string; message: string; field?: string } & ErrorDetails;
}

export function errorBody(
  code: string,
  message: string,
  field?: string,
  details?: Readonly<ErrorDetails>,
): ErrorBody {
  return { error: { code, message, ...(field ? { field } : {}), ...details } };
}
