import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  type: string;
  data: Record<string, unknown>;
  /** The signature verified with the Standard Webhooks library and the endpoint's secret. */
  verified: boolean;
  body: string;
}

/**
 * A webhook receiver on loopback, as a shop's integration would run one: it
 * verifies each request with the Standard Webhooks library, keeps every request
 * (`requests`) and the events once each by `webhook-id` (`events`, what a
 * receiver that dedupes acts on). `answer` decides the status of the next
 * request (200 unless told).
 */
export async function webhookReceiver() {
  const requests: ReceivedWebhook[] = [];
  let secret: string | null = null;
  let answer: (request: ReceivedWebhook) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([key, value]) => [key, String(value)]),
      );
      let verified = false;
      if (secret) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      const received: ReceivedWebhook = {
        id: headers['webhook-id'] ?? '',
        timestamp: headers['webhook-timestamp'] ?? '',
        type: parsed.type,
        data: parsed.data,
        verified,
        body,
      };
      requests.push(received);
      res.statusCode = answer(received);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    requests,
    /** Each event once, by webhook-id, in the order first received. */
    get events(): ReceivedWebhook[] {
      const seen = new Set<string>();
      return requests.filter((r) => !seen.has(r.id) && seen.add(r.id));
    },
    useSecret(value: string) {
      secret = value;
    },
    answerWith(decide: (request: ReceivedWebhook) => number) {
      answer = decide;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof webhookReceiver>>;
