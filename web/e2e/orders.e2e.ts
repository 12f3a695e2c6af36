import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { expectAccessible, screenshot, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { ADMIN, type ShopServer, startShop } from './support/shop-server.js';

// Issue 18 (orders and fulfilment), done when: a customer checks out with an address, the
// owner finds the order, ships it with a tracking reference, and the buyer sees it shipped.
// The admin order pages pass axe and are photographed at 1280 px; their actions and the
// cancel dialog work from the keyboard. The shop takes manual payments (bank transfer), so
// every order starts placed and the owner walks it through each state.
describe.skipIf(!hasChromium)('an order from checkout to shipped, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];
  const buyer = { email: 'grace@example.com', password: 'grace hopper passphrase' };

  beforeAll(async () => {
    shop = await startShop({
      PAYMENT_PROVIDER: 'manual',
      SHOP_PAYMENT_INSTRUCTIONS: 'Bank transfer to Werkstatt Lee, IBAN DE02 1203 0000 0000 2020 51',
    });
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  async function check(page: Page, name: string) {
    await expectAccessible(page, name);
    await screenshot(page, name);
  }

  /** Holds one piece and buys it; a `to` address ships it, none is pickup. Returns the number. */
  async function buy(page: Page, item: SeededItem, to?: Record<string, string>) {
    await page.goto(`/items/${item.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('It is in your cart.').waitFor();
    await page.goto('/cart');
    if (to) {
      await page.getByRole('radio', { name: 'Send to a new address' }).check();
      for (const [label, value] of Object.entries(to)) {
        const field = page.getByLabel(label, { exact: true });
        if (label === 'Country') await field.selectOption({ label: value });
        else await field.fill(value);
      }
    }
    await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
    // A manual payment: the order is the buyer's once paid.
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const link = page.getByRole('link', { name: /^See order SO-\d+$/ });
    return ((await link.textContent()) ?? '').replace('See order ', '');
  }

  /** Where keyboard focus is: the accessible name of the element, or of its dialog. */
  const focusedText = (page: Page) =>
    page.evaluate('document.activeElement?.textContent?.trim() ?? ""') as Promise<string>;
  const focusInDialog = (page: Page) =>
    page.evaluate('document.activeElement?.closest("dialog")?.open === true') as Promise<boolean>;

  it('checkout with an address; the owner ships it; the buyer sees carrier and tracking', async () => {
    const customer = await personContext(browser, shop.baseUrl);
    const shopper = await customer.newPage();
    const shopperProblems = watchProblems(shopper);
    await shopper.goto('/account/register');
    await shopper.getByLabel('First name').fill('Grace');
    await shopper.getByLabel('Last name').fill('Hopper');
    await shopper.getByLabel('Email', { exact: true }).fill(buyer.email);
    await shopper.getByLabel('Password', { exact: true }).fill(buyer.password);
    await shopper.getByRole('button', { name: 'Create account' }).click();
    await shopper.getByRole('heading', { name: 'Hello, Grace' }).waitFor();

    const table = items[0]!;
    const shipped = await buy(shopper, table, {
      Name: 'Grace Hopper',
      'Street and number': 'Harbour Street 12',
      'Postal code': '20095',
      City: 'Hamburg',
      Country: 'Germany',
      'Phone (optional)': '+49 40 123456',
    });
    // The buyer is told how to pay.
    await shopper.getByRole('link', { name: `See order ${shipped}` }).click();
    await shopper.getByText('Waiting for payment').waitFor();
    await shopper.getByRole('heading', { name: 'How to pay' }).waitFor();
    await shopper.getByText(`quoting ${shipped} as the reference`).waitFor();
    await shopper.getByText('IBAN DE02 1203 0000 0000 2020 51').waitFor();
    await shopper.getByText('We send it to:').waitFor();
    // Two pickup orders: one the owner cancels, one that changes under the owner's eyes.
    const lamp = items[1]!;
    const cancelled = await buy(shopper, lamp);
    const raced = await buy(shopper, items[3]!);

    const owner = await personContext(browser, shop.baseUrl);
    const page = await owner.newPage();
    const problems = watchProblems(page);
    await page.goto('/admin/orders');
    await page.waitForURL(/\/admin\/sign-in\?next=/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await page.getByRole('link', { name: shipped }).waitFor();
    await check(page, 'admin-orders');

    // Found by the buyer's email; a search that matches nothing says so.
    await page.getByLabel('Number, email or name').fill(buyer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=grace%40example\.com/);
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByLabel('Number, email or name').fill('nobody-bought-this');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'No orders match' }).waitFor();
    await page.getByLabel('Number, email or name').fill(shipped);
    await page.getByLabel('State').selectOption({ label: 'Any' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: shipped }).click();

    await page.getByRole('heading', { name: `Order ${shipped}` }).waitFor();
    await page.getByText('Harbour Street 12').waitFor();
    // The owner sees the phone the buyer gave (the carrier may call); the buyer's page does not.
    await page.getByText('Phone +49 40 123456').waitFor();
    await page.getByRole('link', { name: 'Grace Hopper' }).waitFor();
    // The line keeps the photo it had at the sale.
    expect(await page.getByRole('table').locator('img[src^="/media/"]').count()).toBe(1);
    // Placed: mark paid or cancel; nothing else.
    await page.getByText('Cancelled automatically if unpaid once that day ends').waitFor();
    expect(await page.getByLabel('Carrier').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark delivered' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel order…' }).waitFor();
    await check(page, 'admin-order-detail');

    // Marked paid from the keyboard; then paid: ship or cancel.
    await page.getByRole('button', { name: 'Mark paid' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Marked paid.').waitFor();
    expect(await page.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark delivered' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel order…' }).waitFor();
    await check(page, 'admin-order-paid');

    // Shipped from the keyboard alone: type, Tab, type, Enter.
    await page.getByLabel('Carrier').focus();
    await page.keyboard.type('DHL');
    await page.keyboard.press('Tab');
    await page.keyboard.type('00340434161234567890');
    await page.keyboard.press('Enter');
    await page.getByText('Marked shipped; the buyer gets a mail').waitFor();
    await page.getByText('with DHL, tracking 00340434161234567890').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order…' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark delivered' }).waitFor();
    await check(page, 'admin-order-shipped');

    // The state filter: only the shipped order is listed as shipped.
    await page.getByRole('link', { name: '← All orders' }).click();
    await page.getByLabel('State').selectOption({ label: 'Shipped' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/state=shipped/);
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('link', { name: shipped }).waitFor();

    // The buyer's account: shipped, with the carrier and the tracking reference.
    await shopper.goto('/account/orders');
    await shopper
      .getByRole('list', { name: 'Your orders' })
      .getByText('On its way with DHL (00340434161234567890)')
      .waitFor();
    await shopper.getByRole('link', { name: `Order ${shipped}` }).click();
    await shopper.getByText('with DHL, tracking reference 00340434161234567890').waitFor();
    await shopper.getByText('On its way to:').waitFor();
    await shopper.getByText('Harbour Street 12').waitFor();
    expect(await shopper.getByText('+49 40 123456').count()).toBe(0);
    await check(shopper, 'account-order-shipped');

    // Cancel from the keyboard: focus moves into the dialog, Escape closes it and
    // gives focus back; then the reason is typed and the order cancelled.
    const admin = await adminApi(shop.baseUrl);
    const found = await admin.call<{ orders: Array<{ id: number }> }>(
      'GET',
      `/api/admin/orders?q=${cancelled}`,
    );
    await page.goto(`/admin/orders/${found.orders[0]!.id}`);
    const cancelButton = page.getByRole('button', { name: 'Cancel order…' });
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Cancel order ${cancelled}?` });
    await dialog.waitFor();
    await dialog.getByText('back on sale (available) at once, the payment is voided').waitFor();
    expect(await focusInDialog(page)).toBe(true);
    await check(page, 'admin-order-cancel-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedText(page)).toBe('Cancel order…');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.type('The lamp was damaged in the shop');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Cancel the order');
    await page.keyboard.press('Enter');
    await page.getByText('Cancelled: the pieces are back on sale').waitFor();
    await page.getByText('The lamp was damaged in the shop').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order…' }).count()).toBe(0);
    await shopper.goto(`/items/${lamp.id}`);
    await shopper.getByRole('button', { name: 'Add to cart' }).waitFor();

    // Another admin hands the third order (a pickup) over while this page still offers
    // Cancel: the refusal names the server's reason and the page follows the order's state.
    const third = await admin.call<{ orders: Array<{ id: number }> }>(
      'GET',
      `/api/admin/orders?q=${raced}`,
    );
    const thirdId = third.orders[0]!.id;
    await page.goto(`/admin/orders/${thirdId}`);
    await page.getByRole('button', { name: 'Cancel order…' }).waitFor();
    await admin.call('POST', `/api/admin/orders/${thirdId}/mark-paid`);
    await admin.call('POST', `/api/admin/orders/${thirdId}/deliver`);
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    await page.getByRole('dialog', { name: `Cancel order ${raced}?` }).waitFor();
    await page.getByLabel('Reason, told to the buyer').fill('Changed my mind');
    await page.getByRole('button', { name: 'Cancel the order' }).click();
    await page
      .getByRole('alert')
      .getByText(`Order ${raced} is delivered; it cannot be cancelled.`)
      .waitFor();
    await page.getByText('Handed over: nothing left to do.').waitFor();
    const after = await admin.call<{ state: string }>('GET', `/api/admin/orders/${thirdId}`);
    expect(after.state).toBe('delivered');

    // The buyer reads the cancellation and its reason.
    await shopper.goto(`/account/orders/${found.orders[0]!.id}`);
    await shopper
      .getByText(/The lamp was damaged in the shop\. Any payment you made is given back/)
      .waitFor();

    // Delivered, from the keyboard; the buyer reads where it went and with whom.
    await page.goto('/admin/orders?state=shipped');
    await page.getByRole('link', { name: shipped }).click();
    await page.getByRole('button', { name: 'Mark delivered' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Marked delivered.').waitFor();
    await page.getByText('Delivered: nothing left to do.').waitFor();
    await shopper.goto('/account/orders');
    await shopper.getByRole('link', { name: `Order ${shipped}` }).click();
    await shopper.getByText('with DHL, tracking reference 00340434161234567890').waitFor();
    await shopper.getByText('Delivered to:').waitFor();
    expect(problems).toEqual([]);
    expect(shopperProblems).toEqual([]);
    await owner.close();
    await customer.close();
  }, 300_000);
});
