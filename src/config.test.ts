import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const run = promisify(execFile);

describe('configuration', () => {
  it('uses the documented defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe('shop@localhost');
    expect(config.publicBaseUrl.origin).toBe('http://127.0.0.1:3000');
    expect(config.publicBaseUrlSet).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.cartHoldMinutes).toBe(30);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.drafting).toMatchObject({
      provider: 'none',
      workers: 1,
      cutoutProvider: 'builtin',
      apiKey: null,
    });
    expect(config.shopCurrency).toBe('EUR');
    expect(config.shopLanguage).toBe('en');
    expect(config.webDistDir.endsWith('/web/dist')).toBe(true);
    expect(config.databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(
      false,
    );
  });

  it('keeps 500 MB of item JSON unless STOREFRONT_ITEM_JSON_MB says otherwise (0: none)', () => {
    expect(loadConfig({}).storefront.itemJsonBytes).toBe(500 * 1024 * 1024);
    expect(loadConfig({ STOREFRONT_ITEM_JSON_MB: '512' }).storefront.itemJsonBytes).toBe(
      512 * 1024 * 1024,
    );
    expect(loadConfig({ STOREFRONT_ITEM_JSON_MB: '0' }).storefront.itemJsonBytes).toBe(0);
  });

  it('without PUBLIC_BASE_URL, links point where the shop listens: the README address on PORT', () => {
    const address = (env: Record<string, string>) => loadConfig(env).publicBaseUrl.origin;
    expect(address({ PORT: '4123' })).toBe('http://127.0.0.1:4123');
    expect(address({ PORT: '4123', HOST: 'localhost' })).toBe('http://127.0.0.1:4123');
    expect(address({ PORT: '4123', HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4123');
    expect(address({ PORT: '4123', HOST: '::' })).toBe('http://127.0.0.1:4123');
    expect(address({ PORT: '4123', HOST: 'shop.lan' })).toBe('http://shop.lan:4123');
    expect(address({ PORT: '4123', HOST: 'fd00::5' })).toBe('http://[fd00::5]:4123');
    const set = loadConfig({
      PORT: '4123',
      PUBLIC_BASE_URL: 'https://shop.example',
      PAYMENT_PROVIDER: 'accept',
    });
    expect(set.publicBaseUrl.origin).toBe('https://shop.example');
    expect(set.publicBaseUrlSet).toBe(true);
  });

  it('takes SHOP_CURRENCY as an ISO 4217 code', () => {
    expect(loadConfig({ SHOP_CURRENCY: 'CHF' }).shopCurrency).toBe('CHF');
  });

  it.each([
    ['PORT', 'abc', /^PORT must be a whole number/],
    ['PORT', '70000', /^PORT must be between 1 and 65535/],
    ['CART_HOLD_MINUTES', '0', /^CART_HOLD_MINUTES must be between/],
    ['DATABASE_URL', 'mysql://x', /^DATABASE_URL must use postgres or postgresql/],
    ['REDIS_URL', 'not a url', /^REDIS_URL is not a valid URL/],
    ['PUBLIC_BASE_URL', 'https://shop.example/path', /^PUBLIC_BASE_URL must be an origin only/],
    ['TRUST_PROXY', 'yes', /^TRUST_PROXY must be false, true or a comma-separated list/],
    ['SHOP_CURRENCY', 'eur', /^SHOP_CURRENCY must be an ISO 4217 currency code/],
    ['SHOP_CURRENCY', 'XYZ', /^SHOP_CURRENCY must be an ISO 4217 currency code/],
    ['SHOP_CURRENCY', 'JPY', /^SHOP_CURRENCY must have cents \(two minor digits\).*JPY has 0/],
    ['SHOP_CURRENCY', 'KWD', /^SHOP_CURRENCY must have cents \(two minor digits\).*KWD has 3/],
    ['SHOP_LANGUAGE', 'fr', /^SHOP_LANGUAGE must be one of en, de, got "fr"/],
    ['SHOP_ADMIN_EMAIL', 'boss@example.com', /^SHOP_ADMIN_PASSWORD must be set together/],
    ['DRAFT_PROVIDER', 'gpt', /^DRAFT_PROVIDER must be one of none, openai/],
    ['DRAFT_PROVIDER', 'openai', /^DRAFT_API_BASE is required when DRAFT_PROVIDER=openai/],
    ['DRAFT_WORKERS', '-1', /^DRAFT_WORKERS must be a whole number/],
    ['CUTOUT_PROVIDER', 'http', /^CUTOUT_URL is required when CUTOUT_PROVIDER=http/],
    [
      'STOREFRONT_ITEM_JSON_MB',
      '150MB',
      /^STOREFRONT_ITEM_JSON_MB must be a whole number, got "150MB"/,
    ],
    ['STOREFRONT_ITEM_JSON_MB', '-1', /^STOREFRONT_ITEM_JSON_MB must be a whole number/],
    [
      'STOREFRONT_ITEM_JSON_MB',
      '100000',
      /^STOREFRONT_ITEM_JSON_MB must be between 0 and 65536, got 100000/,
    ],
  ])('refuses %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads the shop’s own settings: payment instructions, pickup, time zone (issue 30)', () => {
    expect(loadConfig({}).shop).toEqual({
      paymentInstructions: null,
      pickup: { address: null, hours: null },
      timeZone: 'UTC',
    });
    const shop = loadConfig({
      SHOP_PAYMENT_INSTRUCTIONS: ' Bank transfer\\nIBAN DE02 1203 0000 0000 2020 51 ',
      SHOP_PICKUP_ADDRESS: 'Werkstatt Lee\nHafenstraße 3',
      SHOP_PICKUP_HOURS: 'Tue–Sat 10–18',
      SHOP_TIME_ZONE: 'europe/berlin',
    }).shop;
    // A literal \n is a line break, for environments that cannot hold one.
    expect(shop).toEqual({
      paymentInstructions: 'Bank transfer\nIBAN DE02 1203 0000 0000 2020 51',
      pickup: { address: 'Werkstatt Lee\nHafenstraße 3', hours: 'Tue–Sat 10–18' },
      timeZone: 'Europe/Berlin',
    });
  });

  it.each([
    [
      'SHOP_TIME_ZONE',
      'Mars/Base',
      /^SHOP_TIME_ZONE must be an IANA time zone such as Europe\/Berlin/,
    ],
    ['SHOP_TIME_ZONE', '+02:00', /^SHOP_TIME_ZONE must be an IANA time zone/],
    ['SHOP_PICKUP_HOURS', 'x'.repeat(501), /^SHOP_PICKUP_HOURS must be at most 500 characters/],
    [
      'SHOP_PAYMENT_INSTRUCTIONS',
      'x'.repeat(2001),
      /^SHOP_PAYMENT_INSTRUCTIONS must be at most 2000 characters/,
    ],
  ])('refuses %s=%s naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('never echoes a connection string, which may carry a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:s3cret@[bad' })).toThrow(
      /^DATABASE_URL is not a valid URL$/,
    );
  });

  it('accepts TRUST_PROXY as false, true or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8' }).trustProxy).toEqual(
      ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8'],
    );
  });

  it('stops the server at start with a message naming PORT', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failure && failure.code).toBe(1);
    expect((failure as { stderr: string }).stderr.trim()).toBe(
      'Configuration error: PORT must be a whole number, got "abc"',
    );
  }, 60_000);
});

describe('scale-out settings', () => {
  it('keeps photos on disk with relative URLs unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.media).toEqual({ store: 'disk', s3: null, publicBaseUrl: null });
    expect(config.databaseListenUrl).toBeNull();
  });

  it('reads the bucket settings for MEDIA_STORE=s3 and drops a trailing slash from the public base', () => {
    const config = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'shop-media',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_BASE_URL: 'https://media.example.com/shop/',
      DATABASE_LISTEN_URL: 'postgres://shop@db.internal:5432/shop',
    });
    expect(config.media).toEqual({
      store: 's3',
      publicBaseUrl: 'https://media.example.com/shop',
      s3: {
        bucket: 'shop-media',
        endpoint: 'https://account.r2.cloudflarestorage.com/',
        region: 'auto',
        forcePathStyle: true,
      },
    });
    expect(config.databaseListenUrl).toBe('postgres://shop@db.internal:5432/shop');
  });

  it('names the variable that is missing or wrong', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ MEDIA_STORE: 'ftp' })).toMatch(/^MEDIA_STORE /);
    expect(refused({ MEDIA_STORE: 's3' })).toMatch(/^S3_BUCKET is required/);
    expect(refused({ MEDIA_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toMatch(/^S3_BUCKET /);
    expect(
      refused({ MEDIA_STORE: 's3', S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toMatch(/^S3_FORCE_PATH_STYLE /);
    expect(refused({ MEDIA_PUBLIC_BASE_URL: 'ftp://cdn' })).toMatch(/^MEDIA_PUBLIC_BASE_URL /);
    expect(refused({ DATABASE_LISTEN_URL: 'mysql://x' })).toMatch(/^DATABASE_LISTEN_URL /);
    expect(refused({ DATABASE_PREPARED_STATEMENTS: 'false' })).toMatch(
      /^DATABASE_PREPARED_STATEMENTS must be one of on, off/,
    );
  });
});
