import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { linkFromMail } from './support/mail.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';
import { holdForPickup, registerInBrowser } from './support/shopper.js';

// Issue 34 item 5, done when: a buyer withdraws from a purchase on their order page (a
// visible button, a confirmation step, an acknowledgment on the page and by mail); the
// owner sees the withdrawal with its deadline, refunds the piece, and it is on sale again.
describe.skipIf(!hasChromium)('withdrawing from a purchase and the refund, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop({ SHOP_TIME_ZONE: 'Europe/Berlin' });
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('the buyer withdraws after collecting; the owner refunds; the piece is on sale again', async () => {
    const customer = await personContext(browser, shop.baseUrl);
    const shopper = await customer.newPage();
    const shopperProblems = watchProblems(shopper);
    await registerInBrowser(shopper, {
      first: 'Grace',
      last: 'Hopper',
      email: 'grace@example.com',
      password: 'grace hopper passphrase',
    });
    const lamp = items[1]!;
    await holdForPickup(shopper, lamp.id);
    await shopper.getByRole('button', { name: 'Order and pay' }).click();
    const link = shopper.getByRole('link', { name: /^See order SO-\d+$/ });
    const number = ((await link.textContent()) ?? '').replace('See order ', '');

    // The owner hands it over: the 14 days begin.
    const owner = await signedInOwner(browser, shop.baseUrl, '/admin/orders');
    const ownerProblems = watchProblems(owner);
    await owner.getByRole('link', { name: number }).click();
    await owner.getByRole('button', { name: 'Mark handed over' }).click();
    await owner.getByText('Marked handed over: the order is complete.').waitFor();

    // The buyer: the button, the confirmation step, the acknowledgment.
    await link.click();
    await shopper.getByRole('heading', { name: `Order ${number}` }).waitFor();
    await shopper.getByRole('heading', { name: 'Withdrawal and returns' }).waitFor();
    await shopper.getByText(/You can withdraw from this purchase until/).waitFor();
    await shopper.getByRole('button', { name: 'Withdraw from this purchase' }).click();
    await shopper.getByRole('heading', { name: 'Confirm your withdrawal' }).waitFor();
    const piece = shopper.getByRole('checkbox', { name: new RegExp(lamp.title) });
    expect(await piece.isChecked()).toBe(true);
    await shopper.getByLabel('Reason (optional)').fill('It does not fit the room.');
    await checkPage(shopper, 'account-order-withdraw-confirm');
    await shopper.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await shopper.getByText(/We received your withdrawal on/).waitFor();
    await shopper.getByText(new RegExp(`Withdrawn on .+: ${lamp.title}`)).waitFor();
    expect(await shopper.getByRole('button', { name: 'Withdraw from this purchase' }).count()).toBe(
      0,
    );
    await checkPage(shopper, 'account-order-withdrawn');
    // The acknowledgment on a durable medium: a mail, linking to the order.
    const mailed = await linkFromMail(
      shop.dataDir,
      'order-withdrawal-received',
      'grace@example.com',
      `${shop.baseUrl}/account/orders/`,
    );
    expect(mailed).toMatch(/\/account\/orders\/\d+$/);

    // The owner: the withdrawal in the list with its deadline, then the refund.
    await owner.goto('/admin/orders');
    await owner
      .getByText(/Withdrawal requested .+ refund by/)
      .first()
      .waitFor();
    await checkPage(owner, 'admin-orders-withdrawal');
    await owner.getByRole('link', { name: number }).click();
    await owner.getByRole('heading', { name: 'Withdrawal and refunds' }).waitFor();
    await owner.getByText('Reason: It does not fit the room.').waitFor();
    const received = owner.getByRole('checkbox', { name: new RegExp(`${lamp.title}.*withdrawn`) });
    expect(await received.isChecked()).toBe(true);
    await owner.getByRole('radio', { name: 'Back on sale at once' }).check();
    await checkPage(owner, 'admin-order-withdrawn');
    await owner.getByRole('button', { name: /^Refund / }).click();
    await owner.getByText('Refunded: the money goes back through the payment provider').waitFor();
    await owner.getByText('Refunded: nothing left to do.').waitFor();
    await owner.getByRole('heading', { name: 'Paid back' }).waitFor();
    await checkPage(owner, 'admin-order-refunded');

    // The piece is on sale again; the buyer sees the refund.
    await shopper.goto(`/items/${lamp.id}`);
    await shopper.getByRole('button', { name: 'Add to cart' }).waitFor();
    await shopper.goBack();
    await shopper.reload();
    await shopper.getByText(/Refunded .+ for /).waitFor();

    expect(ownerProblems).toEqual([]);
    expect(shopperProblems).toEqual([]);
    await owner.context().close();
    await customer.close();
  }, 300_000);
});
