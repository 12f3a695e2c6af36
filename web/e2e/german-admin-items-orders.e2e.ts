import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import {
  checkGerman as checkGermanPage,
  englishOnly,
  expectNoEnglish as noEnglishOn,
} from './support/german.js';
import { watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { ADMIN, type ShopServer, startShop } from './support/shop-server.js';

const ENGLISH = englishOnly(['common', 'admin', 'adminItems', 'adminOrders']);
const checkGerman = (page: Page, name: string) => checkGermanPage(page, name, ENGLISH);
const expectNoEnglish = (page: Page, name: string) => noEnglishOn(page, name, ENGLISH);

// Issue 37: the owner of a shop in Germany (SHOP_LANGUAGE=de) in a German browser reads
// the items list, an item's page, the orders list and a paid order in German, with no
// English left from these pages' catalogues, and each passes axe.
describe.skipIf(!hasChromium)("a German shop's items and orders pages in Chromium", () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop({
      SHOP_LANGUAGE: 'de',
      SHOP_CURRENCY: 'EUR',
      PAYMENT_PROVIDER: 'manual',
      SHOP_PAYMENT_INSTRUCTIONS: 'Überweisung an Werkstatt Lee, IBAN DE02 1203 0000 0000 2020 51',
    });
    items = await seedCatalogue(shop.baseUrl);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** A German buyer's pickup order for one piece, not yet paid; the buyer stays signed in. */
  async function placedOrder(item: SeededItem, email: string) {
    const buyer = await personContext(browser, shop.baseUrl, 'desktop', 'de-DE');
    const registered = await buyer.request.post('/api/customers/register', {
      data: {
        email,
        password: 'ein langes Passwort 42',
        first_name: 'Greta',
        last_name: 'Gruber',
      },
    });
    expect(registered.status()).toBe(201);
    expect((await buyer.request.post('/api/cart/items', { data: { item_id: item.id } })).ok()).toBe(
      true,
    );
    const checkout = await buyer.request.post('/api/cart/checkout', { data: {} });
    expect(checkout.status()).toBe(200);
    const { order } = (await checkout.json()) as { order: { id: number; number: string } };
    return { buyer, order };
  }

  /** A German buyer's pickup order for one piece, paid (marked by the owner). */
  async function paidOrder(item: SeededItem): Promise<{ id: number; number: string }> {
    const { buyer, order } = await placedOrder(item, 'greta@example.com');
    await buyer.close();
    const owner = await adminApi(shop.baseUrl);
    await owner.call('POST', `/api/admin/orders/${order.id}/mark-paid`);
    return order;
  }

  /** The owner in a German browser, signed in (the sign-in page is not what is tested here). */
  async function ownerPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await personContext(browser, shop.baseUrl, 'desktop', 'de-DE');
    const login = await context.request.post('/api/admin/login', { data: ADMIN });
    expect(login.ok()).toBe(true);
    return { context, page: await context.newPage() };
  }

  it('the items list and an item’s page', async () => {
    const { context, page } = await ownerPage();
    const problems = watchProblems(page);
    const table = items[0];
    if (!table) throw new Error('nothing seeded');

    await page.goto('/admin/items');
    await page.getByRole('heading', { name: 'Artikel', level: 1 }).waitFor();
    await page.getByRole('link', { name: table.title }).waitFor();
    await page.locator('tbody').getByText('Erhältlich').first().waitFor();
    // Prices in German: a comma before the cents, the euro sign after.
    await expect.poll(() => page.locator('main').innerText()).toMatch(/\d+,\d{2}\s€/);
    await checkGerman(page, 'de-admin-items');

    await page.getByRole('link', { name: table.title }).click();
    await page.getByRole('heading', { name: 'Angaben' }).waitFor();
    await page.getByText(/Eingesandt am .+ über den Link „browser test“/).waitFor();
    await page.getByRole('button', { name: 'Zurückziehen' }).waitFor();
    await checkGerman(page, 'de-admin-item');

    // A price the form cannot read: what to write, in German.
    await page.getByLabel('Preis', { exact: true }).fill('zwölf');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Schreiben Sie den Preis wie 12 oder 12,50.').waitFor();
    await expectNoEnglish(page, 'de-admin-item-price-refused');

    // Decimals as German writes them: typed with a comma, kept, and shown back with one.
    await page.getByLabel('Preis', { exact: true }).fill('420,50');
    await page.getByLabel('Gewicht (kg)').fill('4,25');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Angaben' }).waitFor();
    expect(await page.getByLabel('Preis', { exact: true }).inputValue()).toBe('420,50');
    expect(await page.getByLabel('Gewicht (kg)').inputValue()).toBe('4,25');

    // The confirmation before selling it by hand, then kept.
    await page.getByRole('button', { name: 'Als verkauft markieren' }).click();
    await page.getByRole('dialog', { name: `„${table.title}“ als verkauft markieren?` }).waitFor();
    await checkGerman(page, 'de-admin-item-mark-sold');
    await page.getByRole('button', { name: 'Abbrechen' }).click();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('the orders list and a paid order, handed over and refunded', async () => {
    const lamp = items[1];
    if (!lamp) throw new Error('nothing seeded');
    const order = await paidOrder(lamp);
    const { context, page } = await ownerPage();
    const problems = watchProblems(page);

    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: 'Bestellungen', level: 1 }).waitFor();
    await page.getByRole('link', { name: order.number }).waitFor();
    await page.getByText('Abholung im Shop').waitFor();
    await checkGerman(page, 'de-admin-orders');

    await page.getByRole('link', { name: order.number }).click();
    await page.getByRole('heading', { name: `Bestellung ${order.number}`, level: 1 }).waitFor();
    await page.getByText('Eingegangen', { exact: true }).waitFor();
    await page.getByText('Überweisung oder bei Abholung').waitFor();
    await checkGerman(page, 'de-admin-order-paid');

    // Cancelling asks first, in German; the order is kept.
    await page.getByRole('button', { name: 'Bestellung stornieren …' }).click();
    await page.getByRole('dialog', { name: `Bestellung ${order.number} stornieren?` }).waitFor();
    await page.getByText(/^Das Stück ist sofort wieder im Verkauf/).waitFor();
    await checkGerman(page, 'de-admin-order-cancel');
    await page.getByRole('button', { name: 'Bestellung behalten' }).click();

    // Handed over at the counter, then paid back: the refund form and its record.
    await page.getByRole('button', { name: 'Als übergeben markieren' }).click();
    await page.getByText('Als übergeben markiert: Die Bestellung ist abgeschlossen.').waitFor();
    await page.getByRole('heading', { name: 'Widerruf und Rückerstattungen' }).waitFor();
    await checkGerman(page, 'de-admin-order-handed-over');
    await page.getByRole('checkbox', { name: new RegExp(lamp.title) }).check();
    await page.getByRole('button', { name: /^\d+,\d{2}\s€ erstatten$/ }).click();
    await page.getByRole('heading', { name: 'Zurückgezahlt' }).waitFor();
    await expect
      .poll(() => page.locator('main').innerText())
      .toMatch(/Rückerstattungen[\s\S]*\d+,\d{2}\s€: (von Hand zurückzuzahlen|erstattet|läuft)/);
    await checkGerman(page, 'de-admin-order-refunded');

    expect(problems).toEqual([]);
    await context.close();
  });
  // The shop's own reason for ending an order is a code, worded in the reader's language:
  // the German buyer who withdrew before paying, and the owner, read it in German.
  it('an unpaid order the buyer withdrew from: why it ended, in German on both sides', async () => {
    const piece = items[2];
    if (!piece) throw new Error('nothing seeded');
    const { buyer, order } = await placedOrder(piece, 'hanna@example.com');
    const withdrawn = await buyer.request.post(`/api/customers/me/orders/${order.id}/withdraw`, {
      data: { item_ids: [piece.id] },
    });
    expect(withdrawn.status()).toBe(200);
    expect(await withdrawn.json()).toMatchObject({
      state: 'cancelled',
      cancel_reason_code: 'withdrawn_unpaid',
    });

    const mine = await buyer.newPage();
    const problems = watchProblems(mine);
    await mine.goto(`/account/orders/${order.id}`);
    await mine
      .getByText(
        'Storniert: Sie haben die Bestellung vor der Zahlung widerrufen. Bereits gezahltes Geld erhalten Sie zurück.',
      )
      .waitFor();
    await checkGermanPage(mine, 'de-order-withdrawn-unpaid', englishOnly(['common', 'orders']));
    await buyer.close();

    const { context, page } = await ownerPage();
    const ownerProblems = watchProblems(page);
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('heading', { name: `Bestellung ${order.number}`, level: 1 }).waitFor();
    await page.getByText('Der Kunde hat vor der Zahlung widerrufen', { exact: true }).waitFor();
    await checkGerman(page, 'de-admin-order-withdrawn-unpaid');

    expect(problems).toEqual([]);
    expect(ownerProblems).toEqual([]);
    await context.close();
  });
});
