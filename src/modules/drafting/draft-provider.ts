import type { CategoryChoice, ModelAnswer, TagChoice } from './suggestions.js';

/** What a model is shown for one draft. */
export interface DraftRequest {
  /** The photos, already downscaled, as JPEG. */
  photos: Buffer[];
  note: string;
  categories: readonly CategoryChoice[];
  tags: readonly TagChoice[];
}

/**
 * A model that suggests a listing from photos and a note. `none` suggests
 * nothing; `openai` speaks the OpenAI-compatible chat-completions API.
 */
export interface DraftProvider {
  /** What the admin sees as "model used", e.g. "openai:gpt-4o-mini"; null for none. */
  readonly model: string | null;
  /** The answer, checked against the schema; throws DraftProviderError. */
  suggest(request: DraftRequest): Promise<ModelAnswer | null>;
}

export type DraftProviderFailure =
  | 'timeout'
  | 'rate_limited'
  | 'unavailable'
  | 'refused'
  | 'malformed_answer'
  | 'answer_too_large';

/**
 * A provider call that failed. `retryable` says whether trying again later can
 * help (a timeout, a 429, a 5xx) or not (a 4xx refusal, an answer that does not
 * fit the schema is retried too: models are not deterministic). The message
 * never carries the key or the request.
 */
export class DraftProviderError extends Error {
  override name = 'DraftProviderError';
  constructor(
    readonly failure: DraftProviderFailure,
    message: string,
    readonly retryable: boolean,
    /** From a 429's Retry-After, when the provider said how long to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The server could not be reached or is overloaded (no connection, a reset, DNS,
 * a timeout, 5xx, 429): drafting pauses and no draft is failed for it. Everything
 * else the server said (a 4xx refusal, an answer that does not fit) is an answer,
 * and the draft's to fail (issue 30, item 19).
 */
export function isOutage(error: unknown): error is DraftProviderError {
  return (
    error instanceof DraftProviderError &&
    (error.failure === 'timeout' ||
      error.failure === 'unavailable' ||
      error.failure === 'rate_limited')
  );
}

export const noDraftProvider: DraftProvider = {
  model: null,
  suggest: async () => null,
};
