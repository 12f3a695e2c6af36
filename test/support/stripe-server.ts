import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STRIPE_SECRET_KEY = 'sk_test_shop_service';
export const STRIPE_WEBHOOK_SECRET = 'whsec_shop_service_test_secret';

/** A request the server received, as the SDK sent it. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
}

/** A Checkout Session as this server keeps it (the fields the shop reads, as Stripe names them). */
export interface TestSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  line_items: Array<{ name: string; unit_amount: number; quantity: number }>;
  /** The shipping option chosen (the first offered), as Stripe reports it; null for none. */
  shipping_cost: { amount_total: number; display_name: string } | null;
  livemode: false;
  created: number;
}

/** `a[b][0][c]=v` as Stripe's form encoding writes nested parameters. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}

const listOf = (value: unknown) =>
  value && typeof value === 'object' ? Object.values(value as object) : [];

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

interface Answer {
  status: number;
  body: unknown;
}

const invalid = (message: string, param?: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } },
});

/**
 * A Stripe-protocol server in the test process: a real HTTP server answering the
 * endpoints the official SDK calls for Checkout (sessions create, retrieve, expire)
 * and refunds, with Stripe's form-encoded parameters, JSON answers, errors and
 * idempotency (a key seen again answers the first answer). It records every request.
 * It also serves a minimal payment page at each session's `url`: "Pay" marks the
 * session paid, posts the signed `checkout.session.completed` to the shop's webhook
 * (as Stripe would) and redirects to `success_url`. Nothing of the SDK is mocked: the
 * shop's adapter is pointed here through STRIPE_API_BASE.
 */
export async function startStripeServer(
  options: { now?: () => Date; webhookUrl?: string; secret?: string } = {},
) {
  const now = options.now ?? (() => new Date());
  const secret = options.secret ?? STRIPE_WEBHOOK_SECRET;
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, TestSession>();
  const refunds: Array<{ id: string; payment_intent: string; amount: number; key: string }> = [];
  const idempotent = new Map<string, Answer>();
  /** Failures to answer, per path prefix: how many calls are still to fail. */
  const failing = new Map<string, number>();
  const signer = new Stripe(STRIPE_SECRET_KEY).webhooks;
  let webhookUrl = options.webhookUrl ?? null;
  let base = '';
  const seconds = () => Math.floor(now().getTime() / 1000);

  function createSession(params: Record<string, unknown>): Answer {
    const items = listOf(params.line_items).map((raw) => {
      const item = raw as {
        quantity?: string;
        price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
      };
      return {
        name: item.price_data?.product_data?.name ?? '',
        unit_amount: Number(item.price_data?.unit_amount),
        quantity: Number(item.quantity ?? 1),
        currency: item.price_data?.currency ?? '',
      };
    });
    if (items.length === 0) return invalid('line_items is required', 'line_items');
    // Stripe selects the first shipping option offered; its amount joins amount_total.
    const options = listOf(params.shipping_options).map((raw) => {
      const rate = (raw as { shipping_rate_data?: Record<string, unknown> }).shipping_rate_data;
      const fixed = rate?.fixed_amount as { amount?: string; currency?: string } | undefined;
      return {
        type: rate?.type,
        display_name: String(rate?.display_name ?? ''),
        amount: Number(fixed?.amount),
        currency: fixed?.currency,
      };
    });
    for (const option of options) {
      if (option.type !== 'fixed_amount' || !Number.isInteger(option.amount) || option.amount < 0)
        return invalid('Invalid shipping_rate_data', 'shipping_options');
      if (option.currency !== items[0]!.currency)
        return invalid('The shipping rate currency must match the line items', 'shipping_options');
      if (!option.display_name) return invalid('display_name is required', 'shipping_options');
    }
    const shipping = options[0]
      ? { amount_total: options[0].amount, display_name: options[0].display_name }
      : null;
    const expiresAt = Number(params.expires_at ?? seconds() + 24 * 3600);
    // Stripe's own bounds: at least 30 minutes, at most 24 hours from creation.
    if (expiresAt < seconds() + 30 * 60 || expiresAt > seconds() + 24 * 3600)
      return invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    const id = newId('cs');
    const session: TestSession = {
      id,
      object: 'checkout.session',
      mode: String(params.mode),
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      amount_total:
        items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0) +
        (shipping?.amount_total ?? 0),
      currency: items[0]!.currency,
      expires_at: expiresAt,
      success_url: String(params.success_url),
      cancel_url: String(params.cancel_url),
      url: `${base}/pay/${id}`,
      customer_email: (params.customer_email as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      line_items: items.map(({ name, unit_amount, quantity }) => ({ name, unit_amount, quantity })),
      shipping_cost: shipping,
      livemode: false,
      created: seconds(),
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function route(method: string, path: string, params: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (match) {
      const session = sessions.get(match[1]!);
      if (!session) return { status: 404, body: invalid(`No such checkout.session`).body };
      if (method === 'GET' && !match[2]) return { status: 200, body: session };
      if (method === 'POST' && match[2]) {
        if (session.status !== 'open')
          return invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
        session.status = 'expired';
        session.url = null;
        return { status: 200, body: session };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = String(params.payment_intent ?? '');
      const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
      if (!paid) return invalid(`No such payment_intent: '${paymentIntent}'`, 'payment_intent');
      const amount = Number(params.amount ?? paid.amount_total);
      const refunded = refunds
        .filter((r) => r.payment_intent === paymentIntent)
        .reduce((sum, r) => sum + r.amount, 0);
      if (amount + refunded > paid.amount_total)
        return invalid('Refund amount is greater than the unrefunded amount', 'amount');
      const refund = { id: newId('re'), payment_intent: paymentIntent, amount, key: '' };
      refunds.push(refund);
      return {
        status: 200,
        body: {
          id: refund.id,
          object: 'refund',
          amount,
          payment_intent: paymentIntent,
          status: 'succeeded',
        },
      };
    }
    return { status: 404, body: invalid(`Unrecognized request URL (${method}: ${path})`).body };
  }

  /** The session paid (or finished with a payment that settles later), as Stripe records it. */
  function complete(sessionId: string, paid = true): TestSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = paid ? 'paid' : 'unpaid';
    session.payment_intent ??= newId('pi');
    session.url = null;
    return session;
  }

  /** A Stripe event about a session, as its webhook delivers it. */
  function event(type: string, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { ...session } },
    };
  }

  /** The body and `Stripe-Signature` header of an event, signed with the SDK's own test signer. */
  function signed(payload: object | string, options: { secret?: string; at?: Date } = {}) {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const header = signer.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? secret,
      timestamp: Math.floor((options.at ?? now()).getTime() / 1000),
    });
    return { body, header };
  }

  async function deliver(payload: object): Promise<number> {
    if (!webhookUrl) throw new Error('no webhook URL to deliver to');
    const { body, header } = signed(payload);
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body,
    });
    return res.status;
  }

  const page = (session: TestSession) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test payment page</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>Test payment page</h1>
<p>Stripe-protocol test server: no money moves.</p>
<ul>${session.line_items.map((line) => `<li>${line.name.replace(/</g, '&lt;')}: ${(line.unit_amount / 100).toFixed(2)} ${session.currency.toUpperCase()}</li>`).join('')}</ul>
${session.shipping_cost ? `<p>${session.shipping_cost.display_name.replace(/</g, '&lt;')}: ${(session.shipping_cost.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</p>` : ''}
<p>Total: ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>
<p><a href="${session.cancel_url}">Back to the shop</a></p>
</body></html>`;

  async function payPage(method: string, id: string, res: http.ServerResponse) {
    const session = sessions.get(id);
    if (!session || session.status !== 'open') {
      res.writeHead(410, { 'content-type': 'text/plain' }).end('This payment page has expired.');
      return;
    }
    if (method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(session));
      return;
    }
    complete(id);
    const status = await deliver(event('checkout.session.completed', id));
    if (status !== 200) throw new Error(`the shop answered the webhook with ${status}`);
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', id) });
    res.end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const method = req.method ?? 'GET';
      const pay = url.pathname.match(/^\/pay\/([^/]+)$/);
      if (pay) {
        payPage(method, pay[1]!, res).catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        });
        return;
      }
      const params =
        method === 'GET'
          ? Object.fromEntries(url.searchParams)
          : parseForm(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({
        method,
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: req.headers.authorization ?? null,
      });
      const send = (answer: Answer) =>
        res
          .writeHead(answer.status, {
            'content-type': 'application/json',
            'request-id': newId('req'),
          })
          .end(JSON.stringify(answer.body));
      const failure = [...failing.entries()].find(
        ([prefix, left]) => left > 0 && url.pathname.startsWith(prefix),
      );
      if (failure) {
        failing.set(failure[0], failure[1] - 1);
        send({ status: 500, body: { error: { type: 'api_error', message: 'Test outage' } } });
        return;
      }
      if (req.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
        send({
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        });
        return;
      }
      const memo = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
      const seen = memo ? idempotent.get(memo) : undefined;
      if (seen) {
        send(seen);
        return;
      }
      const answer = route(method, url.pathname, params);
      if (memo && answer.status < 500) idempotent.set(memo, answer);
      if (url.pathname === '/v1/refunds' && answer.status === 200)
        refunds.at(-1)!.key = idempotencyKey ?? '';
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    /** The settings a shop needs to take payment here. */
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: base,
    },
    requests,
    sessions,
    refunds,
    /** Where "Pay" on the payment page posts the completed event. */
    deliverTo(url: string) {
      webhookUrl = url;
    },
    /** The next `times` calls whose path starts with `prefix` answer 500. */
    failNext(prefix: string, times = 1) {
      failing.set(prefix, times);
    },
    complete,
    event,
    signed,
    /** The requests to a path, oldest first. */
    calls(method: string, path: string) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;
