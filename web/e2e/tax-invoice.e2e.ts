import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';
import { registerInBrowser } from './support/shopper.js';

// Issue 34 items 3, 4 and 6: a shopper in another country sees the VAT the total
// contains at that country's rate before paying, pays, and downloads the invoice
// from the order page.
describe.skipIf(!hasChromium)('tax and the invoice, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
    const admin = await adminApi(shop.baseUrl);
    await admin.call('PUT', '/api/admin/shop', {
      name: 'Werkstatt Lee',
      address: 'Marktstraße 3\n10117 Berlin\nGermany',
    });
    await admin.call('PUT', '/api/admin/shipping', {
      zones: [
        { name: 'Home', countries: ['DE'], rates: [{ up_to_grams: null, price_cents: 490 }] },
        {
          name: 'Neighbours',
          countries: ['AT'],
          rates: [{ up_to_grams: null, price_cents: 1_450 }],
        },
      ],
      free_over_cents: null,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('the owner sets VAT in the settings; the cart says it at the destination’s rate; the order links its invoice PDF', async () => {
    const table = items[0]!; // Teak side table, 80.00
    const owner = await signedInOwner(browser, shop.baseUrl, '/admin/shop');
    await owner.getByLabel('How prices are taxed').selectOption('included');
    await owner.getByLabel('VAT rate (%)').fill('19');
    await owner.getByLabel('Rates by destination (OSS)').fill('at 20');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await owner.getByText('Saved. Every page and mail uses the new settings now.').waitFor();
    await checkPage(owner, 'admin-shop-tax');
    await owner.context().close();

    const context = await personContext(browser, shop.baseUrl);
    const shopper = await context.newPage();
    const problems = watchProblems(shopper);
    await registerInBrowser(shopper, {
      first: 'Nora',
      last: 'Berg',
      email: 'nora.tax@example.com',
      password: 'nora berg passphrase',
    });
    await shopper.goto(`/items/${table.id}`);
    await shopper.getByRole('button', { name: 'Add to cart' }).click();
    await shopper.getByText('It is in your cart.').waitFor();
    await shopper.goto('/cart');
    const summary = shopper.getByRole('complementary', { name: 'Checkout' });
    // Picked up: the shop's own rate. 80.00 at 19 % contains 12.77.
    await shopper.getByRole('radio', { name: 'Pick up at the shop' }).check();
    await summary.getByText('incl. 19% VAT €12.77').waitFor();
    // To Austria: 20 %, shipping included. 94.50 contains 13.33 + 2.42 = 15.75.
    await shopper.getByRole('radio', { name: 'Send to a new address' }).check();
    await shopper.getByLabel('Country').selectOption({ label: 'Austria' });
    await summary.getByText('€94.50').waitFor();
    await summary.getByText('incl. 20% VAT €15.75').waitFor();
    await shopper.getByLabel('Name', { exact: true }).fill('Nora Berg');
    await shopper.getByLabel('Street and number').fill('Ringstraße 1');
    await shopper.getByLabel('Postal code').fill('1010');
    await shopper.getByLabel('City').fill('Wien');
    await checkPage(shopper, 'cart-tax-austria');
    await shopper.getByRole('button', { name: 'Order and pay' }).click();

    await shopper.getByRole('heading', { name: 'Thank you, it is yours' }).waitFor();
    await shopper.getByRole('link', { name: /^See order SO-\d+$/ }).click();
    await shopper.getByText('Total: €94.50').waitFor();
    const link = shopper.getByRole('link', { name: /^Invoice INV-\d{4}-\d{5} \(PDF\)$/ });
    await link.waitFor();
    await checkPage(shopper, 'account-order-invoice');
    // The link gives the PDF with the buyer's session.
    const href = await link.getAttribute('href');
    const pdf = await shopper.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
