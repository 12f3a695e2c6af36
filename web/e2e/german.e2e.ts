import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import {
  checkGerman as checkGermanPage,
  englishOnly,
  expectNoEnglish as noEnglishOn,
} from './support/german.js';
import { htmlFromMail, linkFromMail } from './support/mail.js';
import { expectAccessible, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';

const ENGLISH = englishOnly(['common', 'storefront', 'account', 'upload', 'cart', 'orders']);
const checkGerman = (page: Page, name: string) => checkGermanPage(page, name, ENGLISH);
const expectNoEnglish = (page: Page, name: string) => noEnglishOn(page, name, ENGLISH);

// Issue 37: a shop in Germany (SHOP_LANGUAGE=de), visited by a German browser: the
// storefront, an item, registering, verifying through the German mail, the account, the
// cart and checkout, the order and the upload page are German, with no English left, and
// pass axe; the footer switches to English and the choice is kept on the account.
describe.skipIf(!hasChromium)('a German shop in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop({ SHOP_LANGUAGE: 'de', SHOP_CURRENCY: 'EUR' });
    items = await seedCatalogue(shop.baseUrl);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('storefront, item, register, verify through the German mail, account, cart, order', async () => {
    const context = await personContext(browser, shop.baseUrl, 'desktop', 'de-DE');
    const page = await context.newPage();
    const problems = watchProblems(page);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Unikate, nur einmal verkauft' }).waitFor();
    await page.getByRole('list').getByRole('link').first().waitFor();
    // Prices in German: the amount first, a comma before the cents, the euro sign after.
    await expect.poll(() => page.locator('body').innerText()).toMatch(/\d+,\d{2}\s€/);
    await checkGerman(page, 'de-storefront');

    const piece = items[0];
    if (!piece) throw new Error('nothing seeded');
    await page.goto(`/items/${piece.id}`);
    await page.getByRole('heading', { name: piece.title }).waitFor();
    await page.getByRole('link', { name: 'Melden Sie sich an' }).first().waitFor();
    await checkGerman(page, 'de-item');

    // A refusal from the API: its code, in the page's language (the server writes English).
    await page.goto('/account/sign-in');
    await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('niemand@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill('falsches Passwort');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByText('E-Mail-Adresse oder Passwort ist nicht korrekt.').waitFor();
    await checkGerman(page, 'de-sign-in-refused');

    await page.goto('/account/register');
    await page.getByRole('heading', { name: 'Kundenkonto anlegen' }).waitFor();
    await checkGerman(page, 'de-register');
    await page.getByLabel('Vorname').fill('Greta');
    await page.getByLabel('Nachname').fill('Gruber');
    await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('greta@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill('ein langes Passwort 42');
    await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click();
    await page.getByRole('heading', { name: 'Hallo Greta' }).waitFor();
    await checkGerman(page, 'de-account');

    const link = await linkFromMail(
      shop.dataDir,
      'verification',
      'greta@example.com',
      `${shop.baseUrl}/account/verify#token=`,
    );
    const mailDir = path.join(shop.dataDir, 'mail');
    const mails = (await fsp.readdir(mailDir)).filter((name) => name.includes('verification'));
    const mail = (
      await Promise.all(mails.map((name) => fsp.readFile(path.join(mailDir, name), 'utf8')))
    )
      .join('\n')
      .replace(/=\r?\n/g, '');
    expect(mail).toContain('Hallo Greta,');
    expect(mail).toContain('24 Stunden');
    expect(mail).toContain('lang=3D"de"');
    expect(mail).not.toMatch(/Hello|Confirm your|24 hours/);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Ihre E-Mail-Adresse ist bestätigt' }).waitFor();
    await checkGerman(page, 'de-verified');

    // The footer's switch: the page turns English, and the account keeps the choice.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Your email address is verified' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/customers/session');
        return ((await res.json()) as { customer: { language?: string } }).customer.language;
      })
      .toBe('en');
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Hello, Greta' }).waitFor();
    await expectAccessible(page, 'en-account-after-switch');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Hallo Greta' }).waitFor();

    // The cart: the piece held, with the time left, in German.
    await page.goto(`/items/${piece.id}`);
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByText('Es liegt in Ihrem Warenkorb.').waitFor();
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Ihr Warenkorb' }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Kasse' });
    await summary.getByText(/^Noch \d+:\d{2} für Sie reserviert$/).waitFor();
    await summary.getByText('Kostenlos (Abholung)').waitFor();
    await page
      .getByRole('button', { name: `${piece.title} aus dem Warenkorb entfernen` })
      .waitFor();
    await checkGerman(page, 'de-cart');

    // Checkout: sent to a new address in Germany (no zones: shipping is free), paid in the
    // test shop's way (nothing taken), with the button's words in German.
    await page.getByRole('radio', { name: 'An eine neue Adresse senden' }).check();
    await summary.getByText('Bitte Land wählen').waitFor();
    await page.getByLabel('Land', { exact: true }).selectOption({ label: 'Deutschland' });
    await summary.getByText('Kostenlos', { exact: true }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Greta Gruber');
    await page.getByLabel('Straße und Hausnummer').fill('Lindenstraße 5');
    await page.getByLabel('Postleitzahl').fill('10115');
    await page.getByLabel('Ort', { exact: true }).fill('Berlin');
    await page
      .getByRole('checkbox', { name: 'Diese Adresse in meinem Kundenkonto speichern' })
      .check();
    await checkGerman(page, 'de-cart-address');
    await page.getByRole('button', { name: 'Kaufen und bezahlen' }).click();

    await page.getByRole('heading', { name: 'Vielen Dank, es gehört Ihnen' }).waitFor();
    await page.getByText('Ihr Stück ist an Sie verkauft.').waitFor();
    await checkGerman(page, 'de-thank-you');

    // The order: paid, its invoice, where it goes, and the way to withdraw.
    await page.getByRole('link', { name: /^Bestellung SO-\d+ ansehen$/ }).click();
    await page.getByRole('heading', { name: /^Bestellung SO-\d+$/ }).waitFor();
    await page.getByText('Bezahlt, wird vorbereitet').waitFor();
    await page.getByText('Versand: kostenlos').waitFor();
    await page.getByText(/^Gesamt: \d+,\d{2}\s€/).waitFor();
    await page.getByRole('link', { name: /^Rechnung .+ \(PDF\)$/ }).waitFor();
    await page.getByText('Wir senden die Bestellung an:').waitFor();
    await page.getByText('Lindenstraße 5').waitFor();
    await page.getByText(/^Sie können diesen Kauf jederzeit widerrufen/).waitFor();
    await checkGerman(page, 'de-order');

    await page.getByRole('button', { name: 'Diesen Kauf widerrufen' }).click();
    await page.getByRole('heading', { name: 'Widerruf bestätigen' }).waitFor();
    await page
      .getByRole('checkbox', { name: new RegExp(`^${piece.title} \\(\\d+,\\d{2}\\s€\\)$`) })
      .waitFor();
    await checkGerman(page, 'de-order-withdraw-confirm');
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();

    await page.getByRole('link', { name: 'Alle Ihre Bestellungen' }).click();
    await page.getByRole('heading', { name: 'Ihre Bestellungen' }).waitFor();
    await page.getByText(/Bezahlt, wird vorbereitet · \d+,\d{2}\s€/).waitFor();
    await checkGerman(page, 'de-orders');

    // The order confirmation is German too, amounts as 80,00 €; and every mail she has by now.
    const confirmation = await htmlFromMail(
      shop.dataDir,
      'order-confirmation',
      'greta@example.com',
    );
    expect(confirmation).toContain('lang="de"');
    expect(confirmation).toMatch(/Ihre Bestellung SO-\d+/);
    expect(confirmation).toMatch(/\d+,\d{2}\s€/);
    expect(confirmation).not.toMatch(/Your order|Thank you|Total/);
    const hers = await Promise.all(
      (await fsp.readdir(mailDir)).map((name) => fsp.readFile(path.join(mailDir, name), 'utf8')),
    );
    const toGreta = hers.filter((eml) => eml.includes('greta@example.com'));
    expect(toGreta.length).toBeGreaterThan(0);
    for (const eml of toGreta) expect(eml).toContain('lang=3D"de"');

    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('the upload page, opened from the German upload-link mail on a phone', async () => {
    const admin = await adminApi(shop.baseUrl);
    await admin.createUploadLink('macherin@example.com', 1);
    const link = await linkFromMail(
      shop.dataDir,
      'upload-link',
      'macherin@example.com',
      `${shop.baseUrl}/upload/`,
    );
    const context = await personContext(browser, shop.baseUrl, 'phone', 'de-DE');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Senden Sie Fotos Ihres Stücks' }).waitFor();
    await checkGerman(page, 'de-upload');
    await page.getByRole('button', { name: 'Fotos senden' }).click();
    await page.getByText('Bitte wählen Sie mindestens ein Foto aus.').waitFor();
    await expectNoEnglish(page, 'de-upload-empty');

    await page.goto('/upload/not-a-real-link');
    await page.getByRole('heading', { name: 'Dieser Link ist nicht aktiv' }).waitFor();
    await checkGerman(page, 'de-upload-not-active');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a legal page in the visitor’s language, switched with the footer, or asked for', async () => {
    const admin = await adminApi(shop.baseUrl);
    await admin.call('PUT', '/api/admin/pages/terms?language=de', {
      title: 'Allgemeine Geschäftsbedingungen',
      body_markdown: 'Es gilt deutsches Recht.',
    });
    await admin.call('PUT', '/api/admin/pages/terms?language=en', {
      title: 'Terms and conditions',
      body_markdown: 'German law applies.',
    });
    const context = await personContext(browser, shop.baseUrl, 'desktop', 'de-DE');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/pages/terms');
    await page.getByRole('heading', { name: 'Allgemeine Geschäftsbedingungen' }).waitFor();
    await checkGerman(page, 'de-legal-page');
    // The footer's switch shows the English version, not the German one read before.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
    await page.getByText('German law applies.').waitFor();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Allgemeine Geschäftsbedingungen' }).waitFor();
    // Asked for in the address: that version, marked as English inside the German page.
    await page.goto('/pages/terms?language=en');
    await page.getByRole('heading', { name: 'Terms and conditions' }).waitFor();
    expect(await page.locator('article').getAttribute('lang')).toBe('en');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(problems).toEqual([]);
    await context.close();
  });
});
