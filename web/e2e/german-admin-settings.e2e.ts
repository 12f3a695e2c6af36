import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookReceiver, webhookReceiver } from '../../test/support/webhook-receiver.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import {
  checkGerman as checkGermanPage,
  englishOnly,
  expectNoEnglish as noEnglishOn,
} from './support/german.js';
import { watchProblems } from './support/page-checks.js';
import { seedCatalogue } from './support/seed.js';
import { ADMIN, type ShopServer, startShop } from './support/shop-server.js';

const ENGLISH = englishOnly(['common', 'admin', 'adminSettings']);
const checkGerman = (page: Page, name: string) => checkGermanPage(page, name, ENGLISH);
const expectNoEnglish = (page: Page, name: string) => noEnglishOn(page, name, ENGLISH);

// Issue 37: the owner of a shop in Germany (SHOP_LANGUAGE=de), in a German browser, keeps
// the shop's settings, shipping rates, upload links and webhooks in German: no English
// left from these pages' catalogue, decimal commas read and written, the server's
// refusals in German, and axe passes.
describe.skipIf(!hasChromium)('the admin settings of a German shop, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    receiver = await webhookReceiver();
    // The receiver listens on loopback: allowed only in development.
    shop = await startShop({
      SHOP_LANGUAGE: 'de',
      SHOP_CURRENCY: 'EUR',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    browser = await launchChromium();
    context = await personContext(browser, shop.baseUrl, 'desktop', 'de-DE');
    // Signed in through the API: these pages, not the sign-in form, are under test here.
    const login = await context.request.post('/api/admin/login', { data: ADMIN });
    expect(login.status()).toBe(200);
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await shop?.stop();
    await receiver?.close();
  });

  it('shop settings: German labels and legal page names, a VAT rate with a decimal comma', async () => {
    await page.goto('/admin/shop');
    await page.getByRole('heading', { name: 'Shop-Einstellungen', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Impressum', exact: true, pressed: true }).waitFor();
    // A page not written yet starts with its German name as the title.
    await expect
      .poll(() => page.getByLabel('Titel', { exact: true }).inputValue())
      .toBe('Impressum');
    expect(await page.title()).toBe('Shop-Einstellungen · Verwaltung');
    await checkGerman(page, 'de-admin-shop');

    // The server's refusal of a field, beside it in German.
    await page.getByLabel('Name des Shops').fill('   ');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.getByText('Der Shop braucht einen Namen.').waitFor();
    await page.getByLabel('Name des Shops').fill('Stuhlwerk');

    await page.getByLabel('MwSt.-Satz (%)').fill('7,5');
    await page.getByLabel('Steuersätze nach Bestimmungsland (OSS)').fill('AT 20, FR 5,5');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.getByText('Gespeichert. Alle Seiten und E-Mails verwenden jetzt').waitFor();
    // Read back as German writes it: the comma is a decimal, not a list.
    await page.reload();
    await expect.poll(() => page.getByLabel('MwSt.-Satz (%)').inputValue()).toBe('7,5');
    expect(await page.getByLabel('Steuersätze nach Bestimmungsland (OSS)').inputValue()).toBe(
      'AT 20, FR 5,5',
    );
    const saved = await context.request.get('/api/admin/shop');
    expect(
      ((await saved.json()) as { tax: { rate_bp: number; rates_bp: Record<string, number> } }).tax,
    ).toMatchObject({ rate_bp: 750, rates_bp: { AT: 2000, FR: 550 } });

    await page.getByRole('button', { name: 'AGB', exact: true }).click();
    const terms = page.getByRole('form', { name: 'AGB bearbeiten' });
    await terms.waitFor();
    await terms.getByLabel('Titel', { exact: true }).fill('   ');
    await terms.getByLabel('Text (Markdown)').fill('Es gilt deutsches Recht.');
    await terms.getByRole('button', { name: 'AGB speichern' }).click();
    await terms.getByText('Bitte geben Sie der Seite einen Titel.').waitFor();
    await checkGerman(page, 'de-admin-shop-terms-refused');
    await terms.getByLabel('Titel', { exact: true }).fill('Allgemeine Geschäftsbedingungen');
    await terms.getByRole('button', { name: 'AGB speichern' }).click();
    await terms.getByText('Als Version 1 gespeichert.').waitFor();
    await terms.getByText(/^Version 1\. Beim Speichern bleibt diese Version/).waitFor();
    await checkGerman(page, 'de-admin-shop-terms-saved');
  });

  it('shipping: zones and bands in German, refusals in German, prices with a comma', async () => {
    await page.goto('/admin/shipping');
    await page.getByRole('heading', { name: 'Versand', level: 1 }).waitFor();
    await page.getByText('Noch keine Zonen: Der Versand ist in jedes Land kostenlos.').waitFor();
    await checkGerman(page, 'de-admin-shipping-empty');

    await page.getByRole('button', { name: 'Zone hinzufügen' }).click();
    await page.getByLabel('Name der Zone').fill('Deutschland');
    await page.getByLabel('Länder').fill('DE');
    await page.getByLabel('Deutschland, Stufe 1: bis kg (leer: jedes schwerere Paket)').fill('2');
    await page.getByLabel('Deutschland, Stufe 1: Preis').fill('4,9x');
    await page.getByRole('button', { name: 'Versandkosten speichern' }).click();
    await page
      .getByText('In der Zone „Deutschland“ schreiben Sie bitte jeden Preis wie 4,90.')
      .waitFor();
    await page.getByLabel('Deutschland, Stufe 1: Preis').fill('4,90');
    await page.getByRole('button', { name: 'Gewichtsstufe hinzufügen' }).click();
    await page.getByLabel('Deutschland, Stufe 2: Preis').fill('9,90');

    // A country in two zones: the server's refusal, told in German with the zones named.
    await page.getByRole('button', { name: 'Zone hinzufügen' }).click();
    await page.getByLabel('Name der Zone').nth(1).fill('Nachbarn');
    await page.getByLabel('Länder').nth(1).fill('AT, DE');
    await page.getByLabel('Nachbarn, Stufe 1: Preis').fill('14,50');
    await page.getByRole('button', { name: 'Versandkosten speichern' }).click();
    await page
      .getByText(
        'Deutschland (DE) steht in zwei Zonen, „Deutschland“ und „Nachbarn“: Ein Land gehört zu genau einer Zone.',
      )
      .waitFor();
    await checkGerman(page, 'de-admin-shipping-refused');

    await page.getByLabel('Länder').nth(1).fill('AT, FR');
    await page.getByLabel('Versandkostenfrei ab').fill('150,50');
    await page.getByRole('button', { name: 'Versandkosten speichern' }).click();
    await page.getByText('Gespeichert. Warenkorb und Kasse verwenden jetzt diese').waitFor();
    const rates = (await (await context.request.get('/api/admin/shipping')).json()) as {
      zones: Array<{ rates: Array<{ price_cents: number }> }>;
      free_over_cents: number | null;
    };
    expect(rates.zones[0]?.rates.map((rate) => rate.price_cents)).toEqual([490, 990]);
    expect(rates.free_over_cents).toBe(15050);
    // The saved rates come back as German writes them.
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Deutschland, Stufe 1: Preis').inputValue())
      .toBe('4,90');
    expect(await page.getByLabel('Versandkostenfrei ab').inputValue()).toBe('150,50');
    await checkGerman(page, 'de-admin-shipping-saved');
  });

  it('upload links: create, the table, and the revoke question in German', async () => {
    await page.goto('/admin/upload-links');
    await page.getByRole('heading', { name: 'Upload-Links', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Noch keine Upload-Links' }).waitFor();
    await checkGerman(page, 'de-admin-upload-links-empty');

    await page.getByLabel('Kontakt-E-Mail-Adresse').fill('macherin@example.com');
    await page.getByLabel('Bezeichnung').fill('Flohmarkt');
    await page.getByRole('button', { name: 'Link erstellen' }).click();
    await page.getByRole('heading', { name: 'Neuer Link für macherin@example.com' }).waitFor();
    await page.getByRole('cell', { name: '0 von 20', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Aktiv', exact: true }).waitFor();
    await checkGerman(page, 'de-admin-upload-link-created');

    await page.getByRole('button', { name: 'Den Link Flohmarkt widerrufen' }).click();
    const question = page.getByRole('dialog', { name: 'Den Link „Flohmarkt“ widerrufen?' });
    await question.waitFor();
    await checkGerman(page, 'de-admin-upload-link-revoke');
    await question.getByRole('button', { name: 'Link widerrufen' }).click();
    await page.getByRole('cell', { name: 'Widerrufen', exact: true }).waitFor();
    await expectNoEnglish(page, 'de-admin-upload-link-revoked');
  });

  it('webhooks: add an endpoint, the secret, and the delivery log in German', async () => {
    await page.goto('/admin/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Noch keine Webhooks' }).waitFor();
    await checkGerman(page, 'de-admin-webhooks-empty');

    // The server's refusal, by its code, in German.
    await page.getByLabel('URL des Endpunkts').fill('ftp://files.example/hooks');
    await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
    await page.getByText('An diese Adresse sendet der Shop keine Webhooks').waitFor();

    await page.getByLabel('URL des Endpunkts').fill(receiver.url);
    // The event's name stays the identifier a receiver is built against.
    await page.getByLabel(/Stück veröffentlicht \(item\.published\)/).check();
    await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signaturschlüssel' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.useSecret(secret);
    await checkGerman(page, 'de-admin-webhook-secret');
    await page.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('cell', { name: 'Aktiv', exact: true }).waitFor();

    // Pieces published: each is delivered, and the log says so in German.
    await seedCatalogue(shop.baseUrl);
    await expect.poll(() => receiver.requests.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Zustellungen an ${receiver.url}` }).click();
    const log = page.getByRole('region', { name: `Zustellungen an ${receiver.url}` });
    await log.getByRole('cell', { name: 'item.published', exact: true }).first().waitFor();
    await log.getByRole('cell', { name: 'zugestellt', exact: true }).first().waitFor();
    await log
      .getByText(/^#1 .+: HTTP 200 \(\d+ ms\)$/)
      .first()
      .waitFor();
    await log
      .getByRole('button', { name: /^Erneut senden: item\.published vom / })
      .first()
      .waitFor();
    await checkGerman(page, 'de-admin-webhook-deliveries');

    await page.getByRole('button', { name: `${receiver.url} löschen` }).click();
    const question = page.getByRole('dialog', { name: 'Diesen Webhook-Endpunkt löschen?' });
    await question.waitFor();
    await checkGerman(page, 'de-admin-webhook-delete');
    await question.getByRole('button', { name: 'Endpunkt löschen' }).click();
    await page.getByRole('heading', { name: 'Noch keine Webhooks' }).waitFor();
    expect(problems).toEqual([]);
  });
});
