import type { Config } from '../config.js';

/** The browser origins a write may come from (the `Origin` header), and what to tell an operator. */
export interface OwnOrigins {
  accepts(origin: string): boolean;
  /** One line for the log when a browser writes from elsewhere: names PUBLIC_BASE_URL. */
  refusalHint(origin: string): string;
  /** The address to open, printed at start. */
  readonly address: string;
}

const LOOPBACK_SPELLINGS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * PUBLIC_BASE_URL set: its origin only. Unset (a first run, `npm start` as the README
 * says): every loopback spelling of the port listened on, and the address worked out
 * from HOST, so a newcomer's browser on http://127.0.0.1:3000 or http://localhost:3000
 * can register and buy without configuring anything.
 */
export function ownOrigins(
  config: Pick<Config, 'publicBaseUrl' | 'publicBaseUrlSet' | 'port'>,
): OwnOrigins {
  const address = config.publicBaseUrl.origin;
  const accepted = new Set([address]);
  if (!config.publicBaseUrlSet) {
    for (const host of LOOPBACK_SPELLINGS) accepted.add(`http://${host}:${config.port}`);
  }
  return {
    address,
    accepts: (origin) => accepted.has(origin),
    refusalHint: (origin) =>
      config.publicBaseUrlSet
        ? `A browser wrote from ${origin}, but PUBLIC_BASE_URL is ${address}: writes from any other origin are refused (403 cross_site_request). If the shop is reached at ${origin}, set PUBLIC_BASE_URL to it.`
        : `A browser wrote from ${origin}, but PUBLIC_BASE_URL is unset, so only ${[...accepted].join(', ')} may write (403 cross_site_request). Set PUBLIC_BASE_URL to the address browsers use.`,
  };
}
