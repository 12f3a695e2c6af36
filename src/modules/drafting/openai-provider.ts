import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type DraftProvider, DraftProviderError, type DraftRequest } from './draft-provider.js';
import { ModelAnswer } from './suggestions.js';

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  apiBase: URL;
  /** Sent as a Bearer token when set; local servers usually need none. */
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** Bytes of answer read at most; a longer answer is refused, not parsed. */
  maxAnswerBytes: number;
}

const checkAnswer = TypeCompiler.Compile(ModelAnswer);

// The wire schema for structured output. Kept to the keywords every
// OpenAI-compatible server understands in strict mode (no length or range
// keywords); the full limits are checked on our side with ModelAnswer.
const ANSWER_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'item_draft',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: [
        'title',
        'description',
        'price_cents',
        'category_id',
        'tags',
        'proposed_tags',
        'condition',
        'weight_grams',
        'dimensions',
      ],
      properties: {
        title: { type: 'string', description: 'A short listing title, at most 120 characters' },
        description: { type: 'string', description: 'Two to five sentences for the listing' },
        price_cents: { type: 'integer', description: 'Suggested price in cents' },
        category_id: {
          type: ['integer', 'null'],
          description: 'One id from the category list, or null',
        },
        tags: {
          type: 'array',
          items: { type: 'string' },
          description: 'Slugs from the tag list only',
        },
        proposed_tags: {
          type: 'array',
          items: { type: 'string' },
          description: 'Tags that would fit but are not in the list',
        },
        condition: {
          type: ['string', 'null'],
          enum: ['new', 'like_new', 'good', 'fair', 'for_parts', null],
          description: 'The condition the photos show, or null when they do not show it',
        },
        weight_grams: {
          type: ['integer', 'null'],
          description: 'Weight in grams only when the seller’s note states it, else null',
        },
        dimensions: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['width_mm', 'height_mm', 'depth_mm'],
          properties: {
            width_mm: { type: ['integer', 'null'] },
            height_mm: { type: ['integer', 'null'] },
            depth_mm: { type: ['integer', 'null'] },
          },
          description: 'Size in millimetres only when the seller’s note states it, else null',
        },
      },
    },
  },
} as const;

const SYSTEM_PROMPT =
  'You write listings for a shop that sells one-of-a-kind second-hand items. ' +
  'From the photos and the seller’s note, suggest a title, a factual description ' +
  '(no invented provenance or measurements), a fair price in cents, one category id ' +
  'from the given list (or null), tags from the given list, and any other fitting tags ' +
  'as proposed_tags; the condition the photos show (or null); weight and dimensions only ' +
  'when the seller’s note states them (else null). Answer with the JSON object only.';

function userText(request: DraftRequest): string {
  const categories = request.categories.map((c) => `${c.id}: ${c.path}`).join('\n') || '(none)';
  const tags = request.tags.map((t) => `${t.slug} (${t.name})`).join('\n') || '(none)';
  return [
    `Seller’s note:\n${request.note.trim() || '(no note)'}`,
    `Categories (id: path):\n${categories}`,
    `Tags (slug (name)):\n${tags}`,
  ].join('\n\n');
}

/** Reads at most `limit` bytes of the body; more than that is an error, not a truncation. */
async function readCapped(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await response.body?.cancel();
    throw new DraftProviderError(
      'answer_too_large',
      `The model's answer was larger than ${limit} bytes.`,
      true,
    );
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new DraftProviderError(
        'answer_too_large',
        `The model's answer was larger than ${limit} bytes.`,
        true,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 3600) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Some local models wrap JSON in a Markdown fence despite the format; take what is inside. */
function unfenced(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced ? fenced[1]! : content;
}

function malformed(why: string): DraftProviderError {
  return new DraftProviderError('malformed_answer', `The model's answer ${why}.`, true);
}

/** The answer's content, parsed and checked against ModelAnswer. */
function parseAnswer(body: string): ModelAnswer {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    throw malformed('was not JSON');
  }
  const content = (envelope as { choices?: Array<{ message?: { content?: unknown } }> })
    ?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw malformed('had no message content');
  let answer: unknown;
  try {
    answer = JSON.parse(unfenced(content));
  } catch {
    throw malformed('content was not JSON');
  }
  if (!checkAnswer.Check(answer)) {
    const first = checkAnswer.Errors(answer).First();
    throw malformed(
      `did not fit the schema${first ? ` (${first.path || '/'}: ${first.message})` : ''}`,
    );
  }
  return answer;
}

/**
 * The OpenAI-compatible chat-completions client (OpenAI, Ollama, vLLM, LM
 * Studio): photos as data URLs, the answer constrained by a JSON schema. Every
 * call has a timeout and an answer size cap; the key goes only into the
 * Authorization header and never into an error message or log.
 */
export function openAiProvider(options: OpenAiProviderOptions): DraftProvider {
  const endpoint = new URL(
    'chat/completions',
    options.apiBase.href.endsWith('/') ? options.apiBase : `${options.apiBase.href}/`,
  );
  return {
    model: `openai:${options.model}`,
    async suggest(request) {
      const body = JSON.stringify({
        model: options.model,
        temperature: 0.2,
        response_format: ANSWER_FORMAT,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          {
            role: 'user',
            content: [
              { type: 'text', text: userText(request) },
              ...request.photos.map((photo) => ({
                type: 'image_url',
                image_url: { url: `data:image/jpeg;base64,${photo.toString('base64')}` },
              })),
            ],
          },
        ],
      });
      const signal = AbortSignal.timeout(options.timeoutMs);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body,
          signal,
        });
      } catch (error) {
        if (signal.aborted) {
          throw new DraftProviderError(
            'timeout',
            `The model did not answer within ${options.timeoutMs} ms.`,
            true,
          );
        }
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new DraftProviderError(
          'unavailable',
          `The model server could not be reached${cause ? ` (${cause})` : ''}.`,
          true,
        );
      }
      try {
        if (response.status === 429) {
          await response.body?.cancel();
          throw new DraftProviderError(
            'rate_limited',
            'The model server asked us to slow down (429).',
            true,
            retryAfterMs(response.headers.get('retry-after')),
          );
        }
        if (!response.ok) {
          await response.body?.cancel();
          // 5xx: the server's trouble, worth another try; 4xx: our request or key, not.
          throw new DraftProviderError(
            response.status >= 500 ? 'unavailable' : 'refused',
            `The model server answered ${response.status}.`,
            response.status >= 500,
          );
        }
        return parseAnswer(await readCapped(response, options.maxAnswerBytes));
      } catch (error) {
        if (error instanceof DraftProviderError) throw error;
        if (signal.aborted) {
          throw new DraftProviderError(
            'timeout',
            `The model did not finish its answer within ${options.timeoutMs} ms.`,
            true,
          );
        }
        throw new DraftProviderError('unavailable', 'The model server’s answer broke off.', true);
      }
    },
  };
}
