import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

// Issue 32 items 1 and 6: PAYMENT_PROVIDER adds stripe; honest defaults.
describe('PAYMENT_PROVIDER', () => {
  it('is accept when unset on a local shop, so `npm start` works with no configuration', () => {
    expect(loadConfig({})).toMatchObject({ paymentProvider: 'accept', stripe: null });
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://shop.lan:3000' }).paymentProvider).toBe('accept');
  });

  it('must be set on a public (https) shop: one line naming it and its choices', () => {
    const publicShop = { PUBLIC_BASE_URL: 'https://shop.example' };
    expect(() => loadConfig(publicShop)).toThrow(ConfigError);
    expect(() => loadConfig(publicShop)).toThrow(
      /^PAYMENT_PROVIDER must be set when PUBLIC_BASE_URL is https \(a public shop\): one of accept, manual, stripe/,
    );
    expect(loadConfig({ ...publicShop, PAYMENT_PROVIDER: 'accept' }).paymentProvider).toBe(
      'accept',
    );
  });

  it('stripe takes STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and an optional STRIPE_API_BASE', () => {
    expect(loadConfig(STRIPE)).toMatchObject({
      paymentProvider: 'stripe',
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: null },
    });
    const local = loadConfig({ ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(local.stripe?.apiBase?.href).toBe('http://127.0.0.1:12111/');
  });

  it.each([
    ['STRIPE_SECRET_KEY', /^STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe/],
    ['STRIPE_WEBHOOK_SECRET', /^STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe/],
  ])('stripe without %s is refused, naming it', (name, message) => {
    expect(() => loadConfig({ ...STRIPE, [name]: '' })).toThrow(message);
  });

  it('refuses STRIPE_API_BASE that is no origin, and providers it does not know', () => {
    expect(() => loadConfig({ ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toThrow(
      /^STRIPE_API_BASE must be an origin only/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /^PAYMENT_PROVIDER must be one of accept, manual, stripe/,
    );
  });

  it('the server refuses to start on https without it, with that one line and no stack trace', async () => {
    const error = await run(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PUBLIC_BASE_URL: 'https://shop.example',
        PAYMENT_PROVIDER: '',
        DATABASE_URL: '',
      },
    }).then(
      () => null,
      (failure: { code: number; stderr: string }) => failure,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Configuration error: PAYMENT_PROVIDER must be set when PUBLIC_BASE_URL is https/,
      ),
    ]);
  }, 60_000);
});
