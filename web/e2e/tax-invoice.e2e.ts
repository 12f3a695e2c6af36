import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, shots, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';
import { registerInBrowser } from './support/shopper.js';

// Issue 34, done when: a customer in another country sees shipping and tax, pays,
// downloads the invoice, withdraws; the owner refunds and the item is on sale again
// (with a credit note on the order). The invoice PDF is left as an image beside the
// screenshots (pdftoppm) for a person to look at.
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

  it('VAT at the destination’s rate in the cart, the invoice PDF, a withdrawal after delivery, the refund with its credit note', async () => {
    const table = items[0]!; // Teak side table, 80.00
    const settings = await signedInOwner(browser, shop.baseUrl, '/admin/shop');
    await settings.getByLabel('How prices are taxed').selectOption('included');
    await settings.getByLabel('VAT rate (%)').fill('19');
    await settings.getByLabel('Rates by destination (OSS)').fill('at 20');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Saved. Every page and mail uses the new settings now.').waitFor();
    await checkPage(settings, 'admin-shop-tax');
    await settings.context().close();

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
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await fs.mkdir(shots, { recursive: true });
    await fs.writeFile(path.join(shots, 'invoice.pdf'), bytes);
    // Poppler's pdftoppm when installed (CI installs poppler-utils): the page as an image.
    spawnSync('pdftoppm', ['-png', '-r', '70', '-singlefile', 'invoice.pdf', 'invoice'], {
      cwd: shots,
    });
    const number = (await shopper.getByRole('heading', { name: /^Order SO-/ }).textContent())!
      .replace('Order ', '')
      .trim();

    // The owner sends it and it arrives: the 14 days to withdraw begin.
    const owner = await signedInOwner(browser, shop.baseUrl, '/admin/orders');
    const ownerProblems = watchProblems(owner);
    await owner.getByRole('link', { name: number }).click();
    await owner.getByLabel('Carrier').fill('Post AT');
    await owner.getByLabel('Tracking reference').fill('RR123456789AT');
    await owner.getByRole('button', { name: 'Mark shipped' }).click();
    await owner.getByText('Marked shipped; the buyer gets a mail').waitFor();
    await owner.getByRole('button', { name: 'Mark delivered' }).click();
    await owner.getByText('Marked delivered.').waitFor();

    // The buyer withdraws: the button, the confirmation step, the acknowledgment.
    await shopper.reload();
    await shopper.getByText(/You can withdraw from this purchase until/).waitFor();
    await shopper.getByRole('button', { name: 'Withdraw from this purchase' }).click();
    await shopper.getByRole('heading', { name: 'Confirm your withdrawal' }).waitFor();
    await shopper.getByLabel('Reason (optional)').fill('The colour is not as I hoped.');
    await shopper.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await shopper.getByText(/We received your withdrawal on/).waitFor();

    // The owner has it back and refunds the piece and the shipping: on sale again.
    await owner.reload();
    await owner.getByRole('heading', { name: 'Withdrawal and refunds' }).waitFor();
    await owner.getByRole('checkbox', { name: /Give back the shipping/ }).check();
    await owner.getByRole('radio', { name: 'Back on sale at once' }).check();
    await owner.getByRole('button', { name: 'Refund €94.50' }).click();
    await owner.getByText('Refunded: nothing left to do.').waitFor();
    await owner.getByText(/^CN-\d{4}-\d{5}: /).waitFor();
    const adminCopy = await owner
      .getByRole('link', { name: /^INV-\d{4}-\d{5} \(PDF\)$/ })
      .getAttribute('href');
    expect((await owner.request.get(adminCopy!)).headers()['content-type']).toBe('application/pdf');
    await checkPage(owner, 'admin-order-refunded-with-shipping');
    await shopper.goto(`/items/${table.id}`);
    await shopper.getByRole('button', { name: 'Add to cart' }).waitFor();
    await shopper.goBack();
    await shopper.reload();
    const credit = shopper.getByRole('list', { name: 'Credit notes' });
    await credit.getByText(/^Credit note CN-\d{4}-\d{5}/).waitFor();
    await credit.getByText(/€94\.50/).waitFor();
    await checkPage(shopper, 'account-order-credit-note');

    expect(problems).toEqual([]);
    expect(ownerProblems).toEqual([]);
    await owner.context().close();
    await context.close();
  }, 300_000);
});
