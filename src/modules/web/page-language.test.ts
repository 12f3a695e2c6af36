import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';

// Issue 37: the page's <html lang> is the visitor's language: their choice in the
// footer (cookie), else the browser's Accept-Language among the shop's languages,
// else SHOP_LANGUAGE. The client starts in the language the page names.
const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;

let english: TestApp;
let german: TestApp;
beforeAll(async () => {
  english = await buildTestApp({ env: { WEB_DIST_DIR: FIXTURE_DIST } });
  // A shop paid by hand (german) and one that takes no money (english, the default).
  german = await buildTestApp({
    env: {
      WEB_DIST_DIR: FIXTURE_DIST,
      SHOP_LANGUAGE: 'de',
      PAYMENT_PROVIDER: 'manual',
      SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE02',
    },
  });
}, 120_000);
afterAll(async () => {
  await english.close();
  await german.close();
});

const langOf = async (
  t: TestApp,
  url: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) => {
  const res = await t.app.inject({ method: 'GET', url, headers, cookies });
  expect(res.statusCode).toBe(200);
  expect(res.headers.vary).toMatch(/Accept-Language/);
  return /<html lang="([^"]*)"/.exec(res.body)?.[1];
};

describe('the language of the page', () => {
  it('is the shop’s own when the browser names none the shop speaks', async () => {
    expect(await langOf(english, '/')).toBe('en');
    expect(await langOf(german, '/')).toBe('de');
    expect(await langOf(german, '/account/sign-in', { 'accept-language': 'fr-FR, it' })).toBe('de');
  });

  it('follows Accept-Language among the shop’s languages', async () => {
    expect(await langOf(english, '/', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).toBe('de');
    expect(await langOf(german, '/upload/x', { 'accept-language': 'en-GB' })).toBe('en');
  });

  it('follows a signed-in customer’s stored choice before the browser, after the footer’s', async () => {
    const customer = await makeCustomer(english, { verified: true });
    await english.db
      .updateTable('customers')
      .set({ language: 'de' })
      .where('id', '=', customer.id)
      .execute();
    const session = { shop_session: customer.cookie };
    expect(await langOf(english, '/', { 'accept-language': 'en-GB' }, session)).toBe('de');
    expect(await langOf(english, '/', {}, { ...session, shop_lang: 'en' })).toBe('en');
  });

  it('follows the footer’s choice before the browser; an unknown cookie is ignored', async () => {
    expect(await langOf(english, '/', { 'accept-language': 'de' }, { shop_lang: 'en' })).toBe('en');
    expect(await langOf(english, '/cart', {}, { shop_lang: 'de' })).toBe('de');
    expect(await langOf(german, '/', {}, { shop_lang: 'xx' })).toBe('de');
  });
});

// A test shop's banner ("no payment is taken") is known from the page as served, so it
// holds its place from the first paint: no layout shift when /api/shop answers.
describe('the page as served', () => {
  it('says when the shop takes no money, and only then', async () => {
    const root = async (t: TestApp) =>
      /<html[^>]*>/.exec((await t.app.inject({ method: 'GET', url: '/items/1' })).body)?.[0];
    expect(await root(english)).toBe('<html lang="en" data-test-shop>');
    expect(await root(german)).toBe('<html lang="de">');
  });
});
