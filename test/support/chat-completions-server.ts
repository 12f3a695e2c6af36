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
  | { kind: 'hang' };

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
      if (behaviour.kind === 'raw') {
        res.writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...behaviour.headers,
        });
        res.end(behaviour.body);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: behaviour.content },
              finish_reason: 'stop',
            },
          ],
        }),
      );
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
