import createClient from 'openapi-fetch';
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

/** A refusal from the API, with the contract's code, message and field at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Seconds from `Retry-After` on a 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
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
  if (error?.code) return new ApiError(status, error.code, error.message, error.field, retryAfter);
  return new ApiError(status, 'network_error', 'The shop could not be reached. Try again.');
}

/** Unwraps an openapi-fetch answer: the data, or an ApiError that forms and pages can show. */
export async function ok<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'network_error', 'The shop could not be reached. Try again.');
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
      reject(new ApiError(0, 'network_error', 'The upload was interrupted. Try again.'));
    xhr.send(form);
  });
}
