import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium } from './support/chromium.js';
import { focusedName, focusInsideDialog, signedInOwner } from './support/owner-pages.js';
import { expectAccessible, screenshot } from './support/page-checks.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Issue 17, done when: keyboard use works for tables, dialogs and the tree. Every step
// below is a key press; the mouse is never used.
describe.skipIf(!hasChromium)('the shop owner by keyboard in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof adminApi>>;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
    owner = await adminApi(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** Presses Tab until `name` has the focus (a person tabbing through the page). */
  async function tabTo(page: Page, name: string, shift = false) {
    for (let i = 0; i < 40; i++) {
      if ((await focusedName(page)) === name) return;
      await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`Tab never reached ${name}; focus is on ${await focusedName(page)}`);
  }

  it('selects rows of the items table and publishes them in bulk', async () => {
    const made: number[] = [];
    for (const title of ['Keyboard lamp', 'Keyboard stool', 'Keyboard rug'])
      made.push(
        (await owner.call<{ id: number }>('POST', '/api/admin/items', { title, price_cents: 1500 }))
          .id,
      );
    const page = await signedInOwner(browser, shop.baseUrl, '/admin/items?status=pending');
    await page.getByRole('link', { name: 'Keyboard rug' }).waitFor();

    await tabTo(page, 'Select all items on this page');
    await page.keyboard.press('Space');
    await page.getByText('3 selected').waitFor();
    await page.keyboard.press('Space');
    await page.getByText('0 selected').waitFor();

    // Down the rows: a row's checkbox, then its title link, then the next row.
    await tabTo(page, 'Select Keyboard stool');
    await page.keyboard.press('Space');
    await tabTo(page, 'Select Keyboard lamp');
    await page.keyboard.press('Space');
    await page.getByText('2 selected').waitFor();

    // Back up to the bulk actions above the table.
    await tabTo(page, 'Publish selected', true);
    await page.keyboard.press('Enter');
    await page.getByText('2 published.').waitFor();
    const statuses = await Promise.all(
      made.map(
        async (id) =>
          (await owner.call<{ status: string }>('GET', `/api/admin/items/${id}`)).status,
      ),
    );
    expect(statuses).toEqual(['available', 'available', 'pending']);
    await page.context().close();
  });

  it('keeps focus inside a dialog, closes it with Escape and returns focus to its button', async () => {
    const item = await owner.call<{ id: number }>('POST', '/api/admin/items', {
      title: 'Keyboard chest',
    });
    const page = await signedInOwner(browser, shop.baseUrl, `/admin/items/${item.id}`);
    await page.getByRole('heading', { name: /Keyboard chest/ }).waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this item?' });
    await dialog.waitFor();
    expect(await focusInsideDialog(page)).toBe(true);
    await expectAccessible(page, 'admin-dialog');
    await screenshot(page, 'admin-dialog');
    // Tab and Shift+Tab go round the dialog's two buttons and never leave it.
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInsideDialog(page)).toBe(true);
      seen.add(await focusedName(page));
    }
    expect([...seen].sort()).toEqual(['Cancel', 'Delete item']);
    await page.keyboard.press('Shift+Tab');
    expect(await focusInsideDialog(page)).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Delete');
    // Escape cancelled: the item is still there.
    expect((await page.request.get(`/api/admin/items/${item.id}`)).status()).toBe(200);

    // Opened again and confirmed with Enter, it is gone.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'Delete item');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/items$/);
    expect((await page.request.get(`/api/admin/items/${item.id}`)).status()).toBe(404);
    await page.context().close();
  });

  it('changes the category tree by Tab, Enter and Escape', async () => {
    const rooms = await owner.call<{ id: number }>('POST', '/api/admin/categories', {
      name: 'Rooms',
    });
    await owner.call('POST', '/api/admin/categories', { name: 'Seats', parent_id: rooms.id });
    const page = await signedInOwner(browser, shop.baseUrl, '/admin/categories');
    const tree = page.getByRole('list', { name: 'Category tree' });
    await tree.getByText('Seats').waitFor();

    await tabTo(page, 'Change Seats');
    await page.keyboard.press('Enter');
    // The form opens with the focus in the name, ready to type.
    expect(await focusedName(page)).toBe('name');
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'Change Seats' }).waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Change Seats');

    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Armchairs');
    await page.keyboard.press('Enter');
    await tree.getByText('Armchairs', { exact: true }).waitFor();
    expect(await focusedName(page)).toBe('Change Armchairs');
    const categories = await owner.call<{
      categories: Array<{ children: Array<{ name: string }> }>;
    }>('GET', '/api/admin/categories');
    expect(categories.categories[0]?.children.map((c) => c.name)).toEqual(['Armchairs']);
    await page.context().close();
  });
});
