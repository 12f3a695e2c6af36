import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    response_format?: { type: string };
    messages: Array<{ role: string; content: unknown }>;
  };
}

/** How the server answers the next call. */
export type Behaviour =
  | { kind: 'answer'; content: string }
  | { kind: 'raw'; status: number; body: string; headers?: Record<string, string> }
  | { kind: 'hang' }
  /** A well-formed answer, sent only once `until` settles (a model that is slow to finish). */
  | { kind: 'held'; content: string; until: Promise<void> };

function answer(res: http.ServerResponse, content: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    }),
  );
}

/**
 * A real HTTP server in the test process that speaks the chat-completions
 * wire format, so the provider under test is the real client over a socket.
 */
export async function chatCompletionsServer() {
  const calls: ReceivedCall[] = [];
  let behaviour: Behaviour = { kind: 'answer', content: '{}' };
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      calls.push({
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedCall['body'],
      });
      if (behaviour.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (behaviour.kind === 'held') {
        const { content, until } = behaviour;
        void until.then(() => {
          if (!res.destroyed) answer(res, content);
        });
        return;
      }
      if (behaviour.kind === 'raw') {
        res.writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...behaviour.headers,
        });
        res.end(behaviour.body);
        return;
      }
      answer(res, behaviour.content);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}/v1`,
    calls,
    behave(next: Behaviour) {
      behaviour = next;
    },
    /** Answers with this object as the message content (a well-formed answer). */
    answerWith(answer: object) {
      behaviour = { kind: 'answer', content: JSON.stringify(answer) };
    },
    /** Holds every answer (this one, well-formed) until `release()` is called. */
    holdAnswers(answerObject: object): { release(): void } {
      let release = () => {};
      const until = new Promise<void>((resolve) => {
        release = resolve;
      });
      behaviour = { kind: 'held', content: JSON.stringify(answerObject), until };
      return { release };
    },
    /** Ends every call left hanging, as a dropped connection would. */
    dropHanging() {
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ChatCompletionsServer = Awaited<ReturnType<typeof chatCompletionsServer>>;
