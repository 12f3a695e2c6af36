import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD_MIN_LENGTH } from './auth/passwords.js';

/** Everything the service reads from its environment, validated once (conventions: config is read once). */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  /**
   * Where browsers reach the shop: the base of every mailed link and the one origin
   * writes may come from. Unset (`publicBaseUrlSet` false): the address `npm start`
   * prints, on the listened port, and writes are accepted from every loopback spelling
   * of that port (src/http/own-origins.ts).
   */
  readonly publicBaseUrl: URL;
  /** Whether PUBLIC_BASE_URL was set; when not, `publicBaseUrl` was worked out from HOST and PORT. */
  readonly publicBaseUrlSet: boolean;
  /** Fastify's `trustProxy`: false, true, or the proxies' addresses and CIDR ranges. */
  readonly trustProxy: boolean | readonly string[];
  readonly adminEmail: string | null;
  readonly adminPassword: string | null;
  readonly cartHoldMinutes: number;
  readonly logLevel: string;
  /** The language of the shop's content: text search stems words in it (SHOP_LANGUAGE). */
  readonly shopLanguage: ShopLanguage;
  /** ISO 4217 code the web client formats prices in (prices themselves are cents). */
  readonly shopCurrency: string;
  /** The built web client (`web/dist`), served at `/`; absent → a page saying how to build it. */
  readonly webDistDir: string;
  /** The drafting step (issue: drafting); see README, Drafting. */
  readonly drafting: DraftingConfig;
  /** Where photos are kept and where their URLs point (docs/deployment.md). */
  readonly media: MediaConfig;
  /** The one LISTEN connection; DATABASE_URL when unset (it may be a transaction-mode pooler). */
  readonly databaseListenUrl: string | null;
  /** Named prepared statements for the storefront's fixed-shape reads; off behind PgBouncer < 1.21. */
  readonly databasePreparedStatements: boolean;
  /**
   * `accept`: paid at checkout, no money taken (a test shop); `manual`: the order waits as
   * placed until the admin marks it paid; `stripe`: the buyer pays on Stripe Checkout.
   */
  readonly paymentProvider: PaymentProvider;
  /** Stripe's keys and address; set exactly when `paymentProvider` is `stripe`. */
  readonly stripe: StripeConfig | null;
  /**
   * Unpaid manual-payment orders: the last day to pay is this many days after the day of
   * the order (in `shop.timeZone`); they are cancelled once it has ended (a reminder goes a day before).
   */
  readonly orderPaymentDays: number;
  /** The shop's own particulars, told to buyers (see ShopSettings). */
  readonly shop: ShopSettings;
  /** What an operator sees of the running instance (docs/operations.md, Metrics and traces). */
  readonly observability: ObservabilityConfig;
  /** Outbound webhooks (contract, third round: /api/admin/webhooks). */
  readonly webhooks: WebhooksConfig;
  /** What the storefront keeps in memory beside its index. */
  readonly storefront: StorefrontConfig;
}

export interface StorefrontConfig {
  /** Bytes of item JSON kept, bookkeeping included (STOREFRONT_ITEM_JSON_MB); 0 keeps none. */
  readonly itemJsonBytes: number;
}

/**
 * What the shop tells its buyers about itself. Environment variables until the shop's
 * settings live in the database and the admin (contract third round: /api/admin/shop);
 * everything reads them from here, so that move changes this one place.
 */
export interface ShopSettings {
  /** How to pay a manual payment: bank details, what to quote. Required with PAYMENT_PROVIDER=manual. */
  readonly paymentInstructions: string | null;
  /** Where and when pickup orders are collected; each may be several lines. */
  readonly pickup: { readonly address: string | null; readonly hours: string | null };
  /** IANA name of the zone the shop's days are counted in (the last day to pay). */
  readonly timeZone: string;
}

export interface ObservabilityConfig {
  /** `GET /metrics` answers only a request bearing this token; null: 404 for everyone. */
  readonly metricsToken: string | null;
  /** OTLP/HTTP base for traces (OTEL_EXPORTER_OTLP_ENDPOINT); null: tracing is not loaded. */
  readonly otlpEndpoint: string | null;
}

export interface WebhooksConfig {
  /** Private, loopback and link-local addresses and plain http allowed (development only). */
  readonly allowPrivate: boolean;
}

/** How buyers pay (contract third round: PAYMENT_PROVIDER). */
export const PAYMENT_PROVIDERS = ['accept', 'manual', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export interface StripeConfig {
  /** Sent only in the Authorization header of Stripe calls; never logged. */
  readonly secretKey: string;
  /** Verifies the `Stripe-Signature` of webhook events (`whsec_…`). */
  readonly webhookSecret: string;
  /** Where the SDK sends its requests; null means Stripe's own API. */
  readonly apiBase: URL | null;
}

/** The languages the shop speaks (contract, third round: SHOP_LANGUAGE). */
export const SHOP_LANGUAGES = ['en', 'de'] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];

export interface MediaConfig {
  /** `disk`: DATA_DIR/media; `s3`: an S3-compatible bucket (credentials: the standard AWS variables). */
  readonly store: 'disk' | 's3';
  readonly s3: S3Config | null;
  /** Image URLs start with this (a CDN or the bucket) instead of `/media`; no trailing slash. */
  readonly publicBaseUrl: string | null;
}

export interface S3Config {
  readonly bucket: string;
  /** For R2, MinIO, Ceph…; null means AWS itself. */
  readonly endpoint: string | null;
  readonly region: string;
  /** `bucket` in the path rather than the host name (most self-hosted stores want this). */
  readonly forcePathStyle: boolean;
}

export interface DraftingConfig {
  /** `none`: nothing is suggested; `openai`: an OpenAI-compatible chat-completions server. */
  readonly provider: 'none' | 'openai';
  readonly apiBase: URL | null;
  /** Sent only in the Authorization header of model calls; never logged. */
  readonly apiKey: string | null;
  readonly model: string | null;
  readonly timeoutMs: number;
  /** Drafting workers in this instance; 0 turns drafting off here. */
  readonly workers: number;
  readonly cutoutProvider: 'builtin' | 'http';
  readonly cutoutUrl: URL | null;
}

/** A bad setting; `message` is one line naming the variable and what is wrong with it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function fail(variable: string, problem: string): never {
  throw new ConfigError(`${variable} ${problem}`);
}

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) fail(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) fail(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: string, protocols: readonly string[]): URL | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    // Never echo the value: connection strings carry passwords.
    return fail(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    fail(name, `must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}`);
  }
  return parsed;
}

function email(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw !== null && !/^[^\s@]+@[^\s@]+$/.test(raw)) fail(name, `is not an email address`);
  return raw;
}

const IPV4_OR_CIDR = /^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

function trustProxy(env: Env): boolean | readonly string[] {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const ok = IPV4_OR_CIDR.test(entry) || (entry.includes(':') && IPV6_OR_CIDR.test(entry));
    if (!ok)
      fail(
        'TRUST_PROXY',
        `must be false, true or a comma-separated list of addresses or CIDR ranges; "${entry}" is neither`,
      );
  }
  return Object.freeze(entries);
}

function oneOf<const T extends string>(
  env: Env,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  const raw = text(env, name) ?? fallback;
  if (!values.includes(raw as T)) fail(name, `must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

function drafting(env: Env): DraftingConfig {
  const provider = oneOf(env, 'DRAFT_PROVIDER', ['none', 'openai'], 'none');
  const apiBase = url(env, 'DRAFT_API_BASE', ['http:', 'https:']);
  const model = text(env, 'DRAFT_MODEL');
  if (provider === 'openai' && apiBase === null)
    fail('DRAFT_API_BASE', 'is required when DRAFT_PROVIDER=openai');
  if (provider === 'openai' && model === null)
    fail('DRAFT_MODEL', 'is required when DRAFT_PROVIDER=openai');
  const cutoutProvider = oneOf(env, 'CUTOUT_PROVIDER', ['builtin', 'http'], 'builtin');
  const cutoutUrl = url(env, 'CUTOUT_URL', ['http:', 'https:']);
  if (cutoutProvider === 'http' && cutoutUrl === null)
    fail('CUTOUT_URL', 'is required when CUTOUT_PROVIDER=http');
  return Object.freeze({
    provider,
    apiBase,
    apiKey: env.DRAFT_API_KEY?.trim() || null,
    model,
    timeoutMs: integer(env, 'DRAFT_TIMEOUT_SECONDS', 120, 1, 3600) * 1000,
    workers: integer(env, 'DRAFT_WORKERS', 1, 0, 16),
    cutoutProvider,
    cutoutUrl,
  });
}

function media(env: Env): MediaConfig {
  const store = oneOf(env, 'MEDIA_STORE', ['disk', 's3'], 'disk');
  const base = url(env, 'MEDIA_PUBLIC_BASE_URL', ['http:', 'https:']);
  if (base && (base.search || base.hash))
    fail('MEDIA_PUBLIC_BASE_URL', 'must not have a query or fragment');
  const publicBaseUrl = base ? base.href.replace(/\/+$/, '') : null;
  if (store === 'disk') return Object.freeze({ store, s3: null, publicBaseUrl });
  const bucket = text(env, 'S3_BUCKET');
  // Bucket names: 3-63 lowercase letters, digits, dots and hyphens (S3's own rule).
  if (bucket === null) fail('S3_BUCKET', 'is required when MEDIA_STORE=s3');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    fail('S3_BUCKET', 'is not a valid bucket name');
  const pathStyle = oneOf(env, 'S3_FORCE_PATH_STYLE', ['true', 'false'], 'false');
  return Object.freeze({
    store,
    publicBaseUrl,
    s3: Object.freeze({
      bucket,
      endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:'])?.href ?? null,
      region: text(env, 'S3_REGION') ?? 'us-east-1',
      forcePathStyle: pathStyle === 'true',
    }),
  });
}

// From src/ and from dist/ alike, the repository's web/dist is one folder up.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

function currency(env: Env): string {
  const raw = text(env, 'SHOP_CURRENCY') ?? 'EUR';
  // Intl knows the ISO 4217 codes it can format; a code it cannot format is no use to the client.
  if (!/^[A-Z]{3}$/.test(raw) || !Intl.supportedValuesOf('currency').includes(raw))
    fail('SHOP_CURRENCY', `must be an ISO 4217 currency code such as EUR or USD, got "${raw}"`);
  // Prices are whole cents, and Stripe's amounts are minor units: a currency without
  // exactly two of them (JPY, KWD) would be priced and charged a hundredfold off.
  const minorDigits = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: raw,
  }).resolvedOptions().maximumFractionDigits;
  if (minorDigits !== 2)
    fail(
      'SHOP_CURRENCY',
      `must have cents (two minor digits) as EUR or USD do; ${raw} has ${minorDigits}`,
    );
  return raw;
}

/** Free text of at most `max` characters; a literal `\n` is a line break (for env files that cannot hold one). */
function paragraphText(env: Env, name: string, max: number): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  const value = raw.replace(/\\n/g, '\n').replace(/\r\n?/g, '\n').trim();
  if (value.length > max) fail(name, `must be at most ${max} characters, got ${value.length}`);
  return value;
}

function timeZone(env: Env): string {
  const raw = text(env, 'SHOP_TIME_ZONE') ?? 'UTC';
  let resolved: string | undefined;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    resolved = undefined;
  }
  // Intl also takes offsets ("+02:00") on newer Node; an offset knows no summer time.
  if (!resolved || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(resolved))
    fail('SHOP_TIME_ZONE', `must be an IANA time zone such as Europe/Berlin or UTC, got "${raw}"`);
  return resolved;
}

function shopSettings(env: Env, paymentProvider: Config['paymentProvider']): ShopSettings {
  const paymentInstructions = paragraphText(env, 'SHOP_PAYMENT_INSTRUCTIONS', 2000);
  // A manual payment the buyer is not told how to make never arrives (issue 30 item 12).
  if (paymentProvider === 'manual' && paymentInstructions === null)
    fail(
      'SHOP_PAYMENT_INSTRUCTIONS',
      'is required when PAYMENT_PROVIDER=manual: the bank details and what to quote',
    );
  return Object.freeze({
    paymentInstructions,
    pickup: Object.freeze({
      address: paragraphText(env, 'SHOP_PICKUP_ADDRESS', 500),
      hours: paragraphText(env, 'SHOP_PICKUP_HOURS', 500),
    }),
    timeZone: timeZone(env),
  });
}

/**
 * PAYMENT_PROVIDER: `accept` when unset on a local shop; a public (https) shop must say
 * how it takes money, or it would hand out goods for nothing (issue 32 item 6).
 */
function paymentProvider(env: Env, publicBaseUrl: URL): PaymentProvider {
  if (text(env, 'PAYMENT_PROVIDER') === null && publicBaseUrl.protocol === 'https:')
    fail(
      'PAYMENT_PROVIDER',
      `must be set when PUBLIC_BASE_URL is https (a public shop): one of ${PAYMENT_PROVIDERS.join(', ')} (accept takes no money)`,
    );
  return oneOf(env, 'PAYMENT_PROVIDER', PAYMENT_PROVIDERS, 'accept');
}

function stripe(env: Env, provider: PaymentProvider): StripeConfig | null {
  if (provider !== 'stripe') return null;
  const secretKey = text(env, 'STRIPE_SECRET_KEY');
  if (secretKey === null) fail('STRIPE_SECRET_KEY', 'is required when PAYMENT_PROVIDER=stripe');
  const webhookSecret = text(env, 'STRIPE_WEBHOOK_SECRET');
  if (webhookSecret === null)
    fail('STRIPE_WEBHOOK_SECRET', 'is required when PAYMENT_PROVIDER=stripe');
  const apiBase = url(env, 'STRIPE_API_BASE', ['http:', 'https:']);
  if (apiBase && (apiBase.pathname !== '/' || apiBase.search || apiBase.hash))
    fail('STRIPE_API_BASE', 'must be an origin only (scheme, host and port), without a path');
  return Object.freeze({ secretKey, webhookSecret, apiBase });
}

const MB = 1024 * 1024;
/**
 * Every card of a 1,000,000-item catalogue (packed to about 400 bytes, 460 with their
 * bookkeeping: about 440 MB) with room for longer descriptions. A bound, not an
 * allocation: a shop of 10,000 items keeps about 5 MB (docs/performance.md).
 */
const ITEM_JSON_MB = 500;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Hosts that mean "this machine only" or "every interface": a browser here reaches them on 127.0.0.1. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::', '']);

/**
 * Without PUBLIC_BASE_URL, the shop's address is where it listens: 127.0.0.1 (the README's
 * address) for a loopback or wildcard HOST, else HOST itself; always PORT, since the port
 * listened on is the one configured (PORT 0 is refused).
 */
function listenedAddress(host: string, port: number): URL {
  if (LOCAL_HOSTS.has(host) || host.startsWith('127.')) return new URL(`http://127.0.0.1:${port}`);
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const configuredBaseUrl = url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']);
  const publicBaseUrl = configuredBaseUrl ?? listenedAddress(host, port);
  if (publicBaseUrl.pathname !== '/' || publicBaseUrl.search || publicBaseUrl.hash) {
    fail('PUBLIC_BASE_URL', 'must be an origin only (scheme, host and port), without a path');
  }
  const adminEmail = email(env, 'SHOP_ADMIN_EMAIL');
  const adminPassword = env.SHOP_ADMIN_PASSWORD || null;
  if ((adminEmail === null) !== (adminPassword === null)) {
    fail(
      adminEmail ? 'SHOP_ADMIN_PASSWORD' : 'SHOP_ADMIN_EMAIL',
      'must be set together with its pair',
    );
  }
  if (adminPassword !== null && adminPassword.length < ADMIN_PASSWORD_MIN_LENGTH) {
    fail('SHOP_ADMIN_PASSWORD', `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`);
  }
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) fail('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const provider = paymentProvider(env, publicBaseUrl);

  return Object.freeze({
    port,
    host,
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'])?.href ?? null,
    databaseListenUrl: url(env, 'DATABASE_LISTEN_URL', ['postgres:', 'postgresql:'])?.href ?? null,
    databasePreparedStatements:
      oneOf(env, 'DATABASE_PREPARED_STATEMENTS', ['on', 'off'], 'on') === 'on',
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:'])?.href ?? null,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:'])?.href ?? null,
    mailFrom: text(env, 'MAIL_FROM') ?? 'shop@localhost',
    publicBaseUrl,
    publicBaseUrlSet: configuredBaseUrl !== null,
    trustProxy: trustProxy(env),
    adminEmail,
    adminPassword,
    cartHoldMinutes: integer(env, 'CART_HOLD_MINUTES', 30, 1, 24 * 60),
    logLevel,
    drafting: drafting(env),
    media: media(env),
    shopCurrency: currency(env),
    shopLanguage: oneOf(env, 'SHOP_LANGUAGE', SHOP_LANGUAGES, 'en'),
    webDistDir: path.resolve(text(env, 'WEB_DIST_DIR') ?? DEFAULT_WEB_DIST),
    paymentProvider: provider,
    stripe: stripe(env, provider),
    orderPaymentDays: integer(env, 'ORDER_PAYMENT_DAYS', 7, 1, 365),
    shop: shopSettings(env, provider),
    observability: Object.freeze({
      metricsToken: metricsToken(env),
      otlpEndpoint: otlpEndpoint(env),
    }),
    webhooks: Object.freeze({
      allowPrivate: oneOf(env, 'WEBHOOK_ALLOW_PRIVATE', ['true', 'false'], 'false') === 'true',
    }),
    storefront: Object.freeze({
      itemJsonBytes: integer(env, 'STOREFRONT_ITEM_JSON_MB', ITEM_JSON_MB, 0, 65_536) * MB,
    }),
  });
}

/** At least 16 characters of token68 (RFC 7235), so a Bearer header can carry it as it is. */
function metricsToken(env: Env): string | null {
  const raw = text(env, 'METRICS_TOKEN');
  if (raw === null) return null;
  if (raw.length < 16 || !/^[A-Za-z0-9._~+/-]+=*$/.test(raw))
    fail('METRICS_TOKEN', 'must be at least 16 characters of letters, digits and -._~+/');
  return raw;
}

/**
 * The standard OpenTelemetry variable (or its traces-only form), read here so that
 * the tracing entry (src/instrument.ts) decides from the same rule as the app.
 */
export function otlpEndpoint(env: Env = process.env): string | null {
  const name = text(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT')
    ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
    : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  return url(env, name, ['http:', 'https:'])?.href ?? null;
}

/** Cookies get the Secure attribute whenever the public address is https. */
export function isHttps(config: Pick<Config, 'publicBaseUrl'>): boolean {
  return config.publicBaseUrl.protocol === 'https:';
}

/**
 * For the process entry points (server, worker): the configuration, or one line
 * naming the variable and exit 1 — no stack trace for a settings mistake.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
