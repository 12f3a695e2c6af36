import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Sends one webhook request, refusing addresses inside private networks (SSRF):
 * a shop's admin types a URL, and without this a URL naming 169.254.169.254 or
 * an internal host would make the shop's server call into its own network. The
 * address is checked where the connection is made — the resolver the socket uses
 * refuses a private answer — so a name that resolved to a public address when it
 * was registered and resolves to 127.0.0.1 now (DNS rebinding) is still refused.
 * With WEBHOOK_ALLOW_PRIVATE=true (development) every address and plain http pass.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Name resolution, as the operating system does it (dns.lookup); a dependency for tests. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;
export const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookResponse {
  /** The HTTP status, or null when none came (refused, unreachable, timed out). */
  status: number | null;
  /** Why it did not succeed, safe to store and show (never a header or the body). */
  error: string | null;
  /** True when the address was refused and nothing was sent. */
  refused: boolean;
  durationMs: number;
}

export type WebhookSend = (request: WebhookRequest) => Promise<WebhookResponse>;

export interface SenderOptions {
  allowPrivate: boolean;
  resolve?: Resolve;
  /** The whole exchange, connect to last byte (default 10 s). */
  timeoutMs?: number;
}

/** The kind of network an address belongs to when it is not the public internet; null when it is. */
export function privateRangeOf(address: string): string | null {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

class AddressRefused extends Error {
  override name = 'AddressRefused';
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why a URL may not receive webhooks, or null when it may: the scheme, then
 * every address its host resolves to. Used at registration (an early, clear
 * refusal) and again by the sender at every delivery.
 */
export async function refusalOf(url: URL, options: SenderOptions): Promise<string | null> {
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) {
    return options.allowPrivate
      ? 'The URL must start with https:// or http://.'
      : 'The URL must start with https://.';
  }
  if (url.username || url.password) return 'The URL must not carry a user name or password.';
  if (options.allowPrivate) return null;
  const host = bareHost(url);
  let addresses: ResolvedAddress[];
  try {
    addresses = net.isIP(host)
      ? [{ address: host, family: net.isIP(host) }]
      : await (options.resolve ?? systemResolve)(host);
  } catch {
    return `The host ${host} could not be resolved.`;
  }
  for (const { address } of addresses) {
    const range = privateRangeOf(address);
    if (range)
      return `The host ${host} resolves to ${address}, a ${range} address; only public addresses receive webhooks.`;
  }
  return addresses.length === 0 ? `The host ${host} could not be resolved.` : null;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

export function webhookSender(options: SenderOptions): WebhookSend {
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? 10_000;

  /** The socket's resolver: refuses, at connect time, any name with a private answer. */
  const guardedLookup = ((
    hostname: string,
    lookupOptions: { all?: boolean },
    callback: (error: Error | null, address?: unknown, family?: number) => void,
  ) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = options.allowPrivate
          ? undefined
          : addresses.find(({ address }) => privateRangeOf(address) !== null);
        if (refused || addresses.length === 0) {
          callback(
            new AddressRefused(
              refused
                ? `address not allowed: ${hostname} resolves to ${refused.address} (${privateRangeOf(refused.address)})`
                : `${hostname} did not resolve`,
            ),
          );
        } else if (lookupOptions.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: Error) => callback(error),
    );
  }) as unknown as net.LookupFunction;

  return async (request) => {
    const started = performance.now();
    const done = (status: number | null, error: string | null, refused = false) => ({
      status,
      error,
      refused,
      durationMs: Math.round(performance.now() - started),
    });
    const url = new URL(request.url);
    // A literal address never reaches the resolver: checked here, with the scheme.
    const host = bareHost(url);
    if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:'))
      return done(null, 'address not allowed: plain http', true);
    if (!options.allowPrivate && net.isIP(host) && privateRangeOf(host)) {
      return done(null, `address not allowed: ${host} (${privateRangeOf(host)})`, true);
    }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<WebhookResponse>((settle) => {
      let finished = false;
      const finish = (response: WebhookResponse) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        settle(response);
      };
      const outgoing = client.request(url, {
        method: 'POST',
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'shop-service-webhooks',
        },
        lookup: guardedLookup,
        // One connection per delivery: a kept-alive socket would skip the next address check.
        agent: false,
      });
      const timer = setTimeout(
        () => outgoing.destroy(new Error(`timed out after ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      outgoing.on('response', (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const status = response.statusCode ?? 0;
        const result = () =>
          finish(done(status, status >= 200 && status < 300 ? null : `HTTP ${status}`));
        response.on('end', result);
        response.on('close', result);
        response.on('error', result);
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof AddressRefused) finish(done(null, error.message, true));
        else finish(done(null, error.code ? `${error.code}: ${error.message}` : error.message));
      });
      outgoing.end(request.body);
    });
  };
}
