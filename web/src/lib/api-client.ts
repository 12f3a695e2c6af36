import createClient from 'openapi-fetch';
import { messageForCode } from '../i18n';
import type { components, paths } from './api-types';

/** The one way the client talks to the shop: typed from the server's OpenAPI document. */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });

export type Item = components['schemas']['Item'];
export type ItemImage = Item['images'][number];
export type CategoryNode =
  paths['/api/filters']['get']['responses'][200]['content']['application/json']['categories'][number];
export type Filters = paths['/api/filters']['get']['responses'][200]['content']['application/json'];
export type ItemQuery = NonNullable<paths['/api/items']['get']['parameters']['query']>;
export type Customer =
  paths['/api/customers/me']['get']['responses'][200]['content']['application/json'];
export type Cart = paths['/api/cart']['get']['responses'][200]['content']['application/json'];
export type LinkStatus =
  paths['/api/upload-links/{token}']['get']['responses'][200]['content']['application/json'];
export type ClientErrorReport =
  paths['/api/client-errors']['post']['requestBody']['content']['application/json'];
type ErrorBody = components['schemas']['ErrorResponse'];
type FieldProblem = NonNullable<ErrorBody['error']['fields']>[number];

/** What a refusal adds beside code, message and field (each only where the server sends it). */
interface ErrorExtras {
  /** Seconds from `Retry-After` on a 429. */
  retryAfter?: number | undefined;
  /** A refused form: every field at fault, in words (`shipping_address.city` when nested). */
  fields?: FieldProblem[] | undefined;
  /** A hold refused by the customer's own cool-down: when they may hold the piece again. */
  availableAgainAt?: string | undefined;
}

/**
 * A refusal from the API, with the contract's code and field at fault; `message` is the
 * words for the code in the page's language (`serverMessage` as the server wrote it).
 */
export class ApiError extends Error {
  readonly serverMessage: string;
  readonly retryAfter: number | undefined;
  readonly fields: FieldProblem[];
  readonly availableAgainAt: string | undefined;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    extras: ErrorExtras = {},
  ) {
    super(messageForCode(code, message));
    this.serverMessage = message;
    this.retryAfter = extras.retryAfter;
    this.fields = extras.fields ?? [];
    this.availableAgainAt = extras.availableAgainAt;
  }
}

/** Whether a field the server names (`shipping_address.city`) is the form's input `name` (`city`). */
const isField = (field: string, name: string) => field === name || field.endsWith(`.${name}`);

/** The fields a refusal names: its list, or the one `field` of a refusal made elsewhere. */
const namedFields = (error: ApiError) =>
  error.fields.length > 0 ? error.fields.map((p) => p.field) : error.field ? [error.field] : [];

/** The message for one input of a form when the refusal names it, to show next to it. */
export function fieldErrorOf(error: unknown, name: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const listed = error.fields.find((problem) => isField(problem.field, name));
  if (listed) return messageForCode('invalid_field', listed.message);
  return error.fields.length === 0 && error.field && isField(error.field, name)
    ? error.message
    : undefined;
}

/** Whether every field a refusal names is shown by the form (then its top needs no notice). */
export function namesOnlyFields(error: unknown, shown: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const named = namedFields(error);
  return named.length > 0 && named.every((field) => shown.some((name) => isField(field, name)));
}

function retryAfterOf(response: Response | { getResponseHeader(name: string): string | null }) {
  const value =
    response instanceof Response
      ? response.headers.get('retry-after')
      : response.getResponseHeader('retry-after');
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isFinite(seconds) ? seconds : undefined;
}

function toApiError(status: number, body: unknown, retryAfter?: number): ApiError {
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  if (error?.code)
    return new ApiError(status, error.code, error.message, error.field, {
      retryAfter,
      fields: error.fields,
      availableAgainAt: error.available_again_at,
    });
  return new ApiError(status, 'network_error', 'The shop could not be reached.');
}

/** Unwraps an openapi-fetch answer: the data, or an ApiError that forms and pages can show. */
export async function ok<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'network_error', 'The shop could not be reached.');
  }
  if (result.response.ok) return result.data as T;
  throw toApiError(result.response.status, result.error, retryAfterOf(result.response));
}

export type Submitted =
  paths['/api/upload-links/{token}/submissions']['post']['responses'][201]['content']['application/json'];

/**
 * Sends an intake submission with upload progress. fetch cannot report how much of a
 * request body went out, XMLHttpRequest can; the answer is typed like the rest.
 */
export function submitPhotos(
  token: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<Submitted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload-links/${encodeURIComponent(token)}/submissions`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        onProgress(1);
        resolve(xhr.response as Submitted);
      } else reject(toApiError(xhr.status, xhr.response, retryAfterOf(xhr)));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'upload_interrupted', 'The upload was interrupted.'));
    xhr.send(form);
  });
}
