import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';
import { holdForPickup, registerInBrowser } from './support/shopper.js';

// Issue 30 items 11 and 12, done when: a shopper buys to collect at the shop with a manual
// payment and is told, on the thank-you page and the order page, that payment is due, by
// which day, how (the shop's bank details) and where and when to collect; the owner marks
// it paid and hands it over (no carrier, no tracking); the buyer sees it collected. The
// admin order page and the buyer's order page are photographed at 390 and 1280 px.
const INSTRUCTIONS = 'Bank transfer to Werkstatt Lee\nIBAN DE02 1203 0000 0000 2020 51';
const PICKUP_ADDRESS = 'Werkstatt Lee\nHafenstraße 3\n20095 Hamburg';
const PICKUP_HOURS = 'Tuesday to Saturday, 10:00 to 18:00';

describe.skipIf(!hasChromium)('a pickup order with a bank transfer, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop({
      PAYMENT_PROVIDER: 'manual',
      ORDER_PAYMENT_DAYS: '7',
      SHOP_TIME_ZONE: 'Europe/Berlin',
      SHOP_PAYMENT_INSTRUCTIONS: INSTRUCTIONS,
      SHOP_PICKUP_ADDRESS: PICKUP_ADDRESS,
      SHOP_PICKUP_HOURS: PICKUP_HOURS,
    });
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** Multi-line text as the page shows it: one line of the shop's text is enough to find it. */
  const line = (page: Page, text: string) => page.getByText(text, { exact: false }).first();

  it('told how and by when to pay and where to collect; handed over; seen collected', async () => {
    const customer = await personContext(browser, shop.baseUrl);
    const shopper = await customer.newPage();
    const shopperProblems = watchProblems(shopper);
    await registerInBrowser(shopper, {
      first: 'Ada',
      last: 'Lovelace',
      email: 'ada@example.com',
      password: 'ada lovelace passphrase',
    });

    const lamp = items[1]!;
    await holdForPickup(shopper, lamp.id);
    await shopper.getByRole('button', { name: 'Order with obligation to pay' }).click();

    // The thank-you page does not say "it is yours": payment is due, and how.
    await shopper.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect(await shopper.getByText('it is yours').count()).toBe(0);
    await shopper.getByRole('heading', { name: 'Payment due' }).waitFor();
    const link = shopper.getByRole('link', { name: /^See order SO-\d+$/ });
    const number = ((await link.textContent()) ?? '').replace('See order ', '');
    await shopper.getByText(`quoting ${number} as the reference`).waitFor();
    await line(shopper, 'IBAN DE02 1203 0000 0000 2020 51').waitFor();
    await shopper.getByRole('heading', { name: 'Collection' }).waitFor();
    await line(shopper, 'Hafenstraße 3').waitFor();
    await shopper.getByText(`Opening hours: ${PICKUP_HOURS}`).waitFor();
    await checkPage(shopper, 'thank-you-pickup-unpaid');

    // The order page says the same, with the last day to pay.
    await link.click();
    await shopper.getByRole('heading', { name: `Order ${number}` }).waitFor();
    await shopper.getByText('Waiting for payment').waitFor();
    await shopper.getByRole('heading', { name: 'How to pay' }).waitFor();
    await shopper.getByText(/Please pay .+ by \w+,? \d+ \w+ \d{4}, quoting/).waitFor();
    await line(shopper, 'Bank transfer to Werkstatt Lee').waitFor();
    await shopper.getByRole('heading', { name: 'Collection' }).waitFor();
    await shopper.getByText('Collect it at the shop:').waitFor();
    await checkPage(shopper, 'account-order-pickup-unpaid');

    // The owner: no carrier or tracking for a pickup order; marked paid, then handed over.
    const page = await signedInOwner(browser, shop.baseUrl, '/admin/orders');
    const problems = watchProblems(page);
    await page.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
    await page.getByText('Pickup at the shop: the buyer collects it').waitFor();
    await page.getByRole('heading', { name: 'Collection' }).waitFor();
    // The owner matches the transfer by the number the buyer was asked to quote.
    await page.getByText('Buyer quotes').waitFor();
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText('Marked paid.').waitFor();
    await page.getByRole('button', { name: 'Mark handed over' }).waitFor();
    expect(await page.getByLabel('Carrier').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark shipped' }).count()).toBe(0);
    await checkPage(page, 'admin-order-pickup-paid');

    await page.getByRole('button', { name: 'Mark handed over' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Marked handed over: the order is complete.').waitFor();
    await page.getByText('Handed over: nothing left to do.').waitFor();
    await page.getByText('Collected at the shop.').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order…' }).count()).toBe(0);
    await checkPage(page, 'admin-order-pickup-handed-over');

    // The buyer: collected; nothing asks for payment any more.
    await shopper.reload();
    await shopper.getByText('Collected', { exact: true }).waitFor();
    await shopper.getByText('You collected it at the shop.').waitFor();
    expect(await shopper.getByRole('heading', { name: 'How to pay' }).count()).toBe(0);
    await checkPage(shopper, 'account-order-pickup-collected');

    expect(problems).toEqual([]);
    expect(shopperProblems).toEqual([]);
    await page.context().close();
    await customer.close();
  }, 300_000);
});
