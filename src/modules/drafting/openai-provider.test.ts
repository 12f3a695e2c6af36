import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatCompletionsServer,
  chatCompletionsServer,
} from '../../../test/support/chat-completions-server.js';
import { DraftProviderError, type DraftRequest } from './draft-provider.js';
import { openAiProvider } from './openai-provider.js';
import { toSuggestions } from './suggestions.js';

const KEY = 'sk-test-secret-key-0123456789';
const request: DraftRequest = {
  photos: [Buffer.from('photo-one'), Buffer.from('photo-two')],
  note: 'Teak side table, one drawer, a scratch on top',
  categories: [
    { id: 3, path: 'Furniture / Tables' },
    { id: 4, path: 'Lighting' },
  ],
  tags: [
    { id: 2, slug: 'teak', name: 'Teak' },
    { id: 5, slug: 'mid-century', name: 'Mid-century' },
  ],
};
const good = {
  title: 'Teak side table with drawer',
  description: 'A small teak side table with one drawer. A scratch on the top.',
  price_cents: 12000,
  category_id: 3,
  tags: ['teak', 'Mid-century', 'danish'],
  proposed_tags: ['drawer'],
};

let server: ChatCompletionsServer;
beforeAll(async () => {
  server = await chatCompletionsServer();
});
afterAll(() => server.close());

function provider(options: { timeoutMs?: number; maxAnswerBytes?: number } = {}) {
  return openAiProvider({
    apiBase: new URL(server.apiBase),
    apiKey: KEY,
    model: 'vision-test',
    timeoutMs: options.timeoutMs ?? 5_000,
    maxAnswerBytes: options.maxAnswerBytes ?? 64 * 1024,
  });
}

async function failure(promise: Promise<unknown>): Promise<DraftProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DraftProviderError);
  return error as DraftProviderError;
}

describe('openai provider: a good answer', () => {
  it('sends the photos, the note, the tree and the registry with a JSON-schema format', async () => {
    server.answerWith(good);
    const before = server.calls.length;
    const answer = await provider().suggest(request);
    expect(answer).toEqual(good);

    const call = server.calls[before]!;
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.body.model).toBe('vision-test');
    expect(call.body.response_format?.type).toBe('json_schema');
    const user = call.body.messages.find((m) => m.role === 'user')!;
    const parts = user.content as Array<{
      type: string;
      text?: string;
      image_url?: { url: string };
    }>;
    const text = parts.find((p) => p.type === 'text')!.text!;
    expect(text).toContain(request.note);
    expect(text).toContain('3: Furniture / Tables');
    expect(text).toContain('mid-century (Mid-century)');
    const images = parts.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url);
    expect(images).toEqual([
      `data:image/jpeg;base64,${Buffer.from('photo-one').toString('base64')}`,
      `data:image/jpeg;base64,${Buffer.from('photo-two').toString('base64')}`,
    ]);
  });

  it('holds the answer to the registry: unknown tags are proposed, never picked', () => {
    const suggestions = toSuggestions(good, request.categories, request.tags);
    expect(suggestions.tag_ids.sort()).toEqual([2, 5]);
    expect(suggestions.proposed_tags.sort()).toEqual(['danish', 'drawer']);
    expect(suggestions.category_id).toBe(3);
    expect(
      toSuggestions({ ...good, category_id: 99 }, request.categories, request.tags).category_id,
    ).toBeNull();
  });

  it('takes an answer a local model wrapped in a Markdown fence', async () => {
    server.behave({ kind: 'answer', content: `\`\`\`json\n${JSON.stringify(good)}\n\`\`\`` });
    expect(await provider().suggest(request)).toEqual(good);
  });

  it('sends no Authorization header without a key (Ollama needs none)', async () => {
    server.answerWith(good);
    const before = server.calls.length;
    await openAiProvider({
      apiBase: new URL(server.apiBase),
      apiKey: null,
      model: 'llava',
      timeoutMs: 5_000,
      maxAnswerBytes: 64 * 1024,
    }).suggest(request);
    expect(server.calls[before]!.headers.authorization).toBeUndefined();
  });
});

describe('openai provider: failures', () => {
  it('a malformed answer (not JSON, wrong shape, missing content) is malformed_answer', async () => {
    server.behave({ kind: 'answer', content: 'Here is a nice table!' });
    expect((await failure(provider().suggest(request))).failure).toBe('malformed_answer');

    server.answerWith({ ...good, price_cents: '120.00' });
    const wrongType = await failure(provider().suggest(request));
    expect(wrongType.failure).toBe('malformed_answer');
    expect(wrongType.message).toContain('price_cents');

    server.answerWith({ ...good, extra: 'field' });
    expect((await failure(provider().suggest(request))).failure).toBe('malformed_answer');

    server.behave({ kind: 'raw', status: 200, body: '{"choices":[]}' });
    expect((await failure(provider().suggest(request))).failure).toBe('malformed_answer');
  });

  it('a provider that does not answer in time is a retryable timeout', async () => {
    server.behave({ kind: 'hang' });
    const error = await failure(provider({ timeoutMs: 200 }).suggest(request));
    expect(error.failure).toBe('timeout');
    expect(error.retryable).toBe(true);
  });

  it('a 429 is rate_limited, retryable, with the wait the provider asked for', async () => {
    server.behave({
      kind: 'raw',
      status: 429,
      body: '{"error":{"message":"slow down"}}',
      headers: { 'retry-after': '7' },
    });
    const error = await failure(provider().suggest(request));
    expect(error.failure).toBe('rate_limited');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(7_000);
  });

  it('a 401 is refused and not retried; a 503 is retried', async () => {
    server.behave({ kind: 'raw', status: 401, body: '{"error":{"message":"bad key"}}' });
    const refused = await failure(provider().suggest(request));
    expect([refused.failure, refused.retryable]).toEqual(['refused', false]);
    server.behave({ kind: 'raw', status: 503, body: '' });
    const down = await failure(provider().suggest(request));
    expect([down.failure, down.retryable]).toEqual(['unavailable', true]);
  });

  it('an answer over the size cap is refused before it is parsed', async () => {
    server.answerWith({ ...good, description: 'x'.repeat(5_000) });
    const error = await failure(provider({ maxAnswerBytes: 2_000 }).suggest(request));
    expect(error.failure).toBe('answer_too_large');
  });

  it('no error message carries the key', async () => {
    const messages: string[] = [];
    for (const behaviour of [
      { kind: 'raw', status: 401, body: KEY },
      { kind: 'raw', status: 429, body: KEY },
      { kind: 'answer', content: KEY },
    ] as const) {
      server.behave(behaviour);
      messages.push((await failure(provider().suggest(request))).message);
    }
    expect(messages.join('\n')).not.toContain(KEY);
  });
});
