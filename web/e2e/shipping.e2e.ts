import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';
import { fillCartAddress, VIENNA } from './support/shopper.js';

// Issue 34 items 1 and 2, done when: the owner sets shipping zones and weight bands and
// gives a piece its weight, size and condition; a shopper sees them on the piece, filters
// by condition, and in the cart sees shipping and the total change with the country,
// is told at once where the shop does not ship, and buys with shipping charged.
describe.skipIf(!hasChromium)('shipping and item details, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('the owner sets rates and details; the shopper sees them and pays shipping', async () => {
    const table = items[0]!; // Teak side table, 80.00
    const owner = await signedInOwner(browser, shop.baseUrl, '/admin/shipping');
    const ownerProblems = watchProblems(owner);
    await owner.getByRole('heading', { name: 'Shipping' }).waitFor();
    await owner.getByText('No zones yet: shipping is free to every country.').waitFor();

    // Two zones; the first with a band up to 2 kg and one for any heavier parcel.
    await owner.getByRole('button', { name: 'Add a zone' }).click();
    await owner.getByLabel('Zone name').fill('Germany');
    await owner.getByLabel('Countries').fill('DE');
    await owner.getByLabel('Germany, band 1: up to kg (empty: any heavier parcel)').fill('2');
    await owner.getByLabel('Germany, band 1: price').fill('4.90');
    await owner.getByRole('button', { name: 'Add a weight band' }).click();
    await owner.getByLabel('Germany, band 2: price').fill('9.90');
    await owner.getByRole('button', { name: 'Add a zone' }).click();
    await owner.getByLabel('Zone name').nth(1).fill('Neighbours');
    await owner.getByLabel('Countries').nth(1).fill('at, fr');
    await owner.getByLabel('Neighbours, band 1: price').fill('14.50');
    // A country in both zones is refused in words, and nothing is saved.
    await owner.getByLabel('Countries').nth(1).fill('AT, FR, DE');
    await owner.getByRole('button', { name: 'Save shipping rates' }).click();
    await owner.getByText('Germany (DE) is in two zones, "Germany" and "Neighbours"').waitFor();
    await checkPage(owner, 'admin-shipping-refused');
    await owner.getByLabel('Countries').nth(1).fill('AT, FR');
    await owner.getByRole('button', { name: 'Save shipping rates' }).click();
    await owner.getByText('Saved. Carts and checkout use these rates now.').waitFor();
    await checkPage(owner, 'admin-shipping-saved');

    // The table's weight, size and condition, typed in kg and cm.
    await owner.goto(`/admin/items/${table.id}`);
    await owner.getByLabel('Weight (kg)').fill('3.5');
    await owner.getByLabel('Width (cm)').fill('45');
    await owner.getByLabel('Height (cm)').fill('55');
    await owner.getByLabel('Depth (cm)').fill('45');
    await owner.getByRole('combobox', { name: /^Condition/ }).selectOption('good');
    await owner.getByLabel('About its condition').fill('A ring mark on the top; sturdy.');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByText('Saved.', { exact: true }).waitFor();
    await checkPage(owner, 'admin-item-details');

    // The shopper: the piece's details, and the storefront filtered by condition.
    const context = await personContext(browser, shop.baseUrl);
    const shopper = await context.newPage();
    const shopperProblems = watchProblems(shopper);
    await shopper.goto('/account/register');
    await shopper.getByLabel('First name').fill('Nora');
    await shopper.getByLabel('Last name').fill('Berg');
    await shopper.getByLabel('Email', { exact: true }).fill('nora@example.com');
    await shopper.getByLabel('Password', { exact: true }).fill('nora berg passphrase');
    await shopper.getByRole('button', { name: 'Create account' }).click();
    await shopper.getByRole('heading', { name: 'Hello, Nora' }).waitFor();

    await shopper.goto('/');
    await shopper.getByRole('checkbox', { name: 'Good' }).check();
    await shopper.waitForURL(/condition=good/);
    await shopper.getByRole('link', { name: table.title }).first().waitFor();
    expect(await shopper.getByRole('link', { name: items[1]!.title }).count()).toBe(0);
    await checkPage(shopper, 'storefront-condition-good');

    await shopper.getByRole('link', { name: table.title }).first().click();
    const details = shopper.getByRole('definition');
    await shopper.getByText('Condition', { exact: true }).waitFor();
    await details.getByText('Good', { exact: true }).waitFor();
    await details.getByText('A ring mark on the top; sturdy.').waitFor();
    await details.getByText('45 × 55 × 45 cm (W × H × D)').waitFor();
    await details.getByText('3.5 kg').waitFor();
    await checkPage(shopper, 'item-details');

    // The cart: shipping and the total follow the country chosen.
    await shopper.getByRole('button', { name: 'Add to cart' }).click();
    await shopper.getByText('It is in your cart.').waitFor();
    await shopper.goto('/cart');
    const summary = shopper.getByRole('complementary', { name: 'Checkout' });
    await summary.getByText('Free (pick up)').waitFor();
    await shopper.getByRole('radio', { name: 'Send to a new address' }).check();
    await summary.getByText('Choose the country').waitFor();
    await shopper.getByLabel('Country').selectOption({ label: 'Germany' });
    // 3.5 kg: past the 2 kg band, so the band for any heavier parcel.
    await summary.getByText('€9.90').waitFor();
    await summary.getByText('€89.90').waitFor();
    await shopper.getByLabel('Country').selectOption({ label: 'United States' });
    await summary.getByText('The shop does not ship to United States').waitFor();
    expect(await shopper.getByRole('button', { name: 'Order and pay' }).isDisabled()).toBe(true);
    await checkPage(shopper, 'cart-no-shipping-to-country');
    await shopper.getByLabel('Country').selectOption({ label: 'Austria' });
    await summary.getByText('€14.50').waitFor();
    await summary.getByText('€94.50').waitFor();
    expect(await summary.getByRole('alert').count()).toBe(0);
    await fillCartAddress(shopper, VIENNA);
    await checkPage(shopper, 'cart-shipping-austria');
    await shopper.getByRole('button', { name: 'Order and pay' }).click();

    await shopper.getByRole('heading', { name: 'Thank you, it is yours' }).waitFor();
    await shopper.getByRole('link', { name: /^See order SO-\d+$/ }).click();
    await shopper.getByText('Shipping: €14.50').waitFor();
    await shopper.getByText('Total: €94.50').waitFor();
    await checkPage(shopper, 'account-order-with-shipping');

    expect(ownerProblems).toEqual([]);
    expect(shopperProblems).toEqual([]);
    await owner.context().close();
    await context.close();
  }, 300_000);
});
