import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { focusedName, signIn } from './support/owner-pages.js';
import { expectAccessible, screenshot, watchProblems } from './support/page-checks.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Issue 30 (a first week of real use), the owner's findings: saving an item keeps its
// category however late the tree arrives; irreversible steps ask first, with the focus
// on the safe button; no admin page is wider than a 390 px phone.
describe.skipIf(!hasChromium)('the shop owner in the first week, in Chromium', () => {
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

  async function ownerPage(form: 'phone' | 'desktop' = 'desktop'): Promise<Page> {
    const context = await personContext(browser, shop.baseUrl, form);
    const page = await context.newPage();
    await page.goto('/admin/sign-in');
    await signIn(page);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    return page;
  }

  /** The elements that stick out past the viewport while their parent does not: the cause. */
  const overflowing = (page: Page) =>
    page.evaluate(`[...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1
        && el.parentElement.getBoundingClientRect().right <= innerWidth + 1)
      .slice(0, 3)
      .map((el) => el.tagName.toLowerCase() + ' "' + el.textContent.trim().slice(0, 40) + '"')
      .join(', ')`) as Promise<string>;

  /** A customer registered through the API, signed in in a browser of their own. */
  async function customerPage(email: string, firstName: string, lastName: string) {
    const page = await (await personContext(browser, shop.baseUrl)).newPage();
    const registered = await page.request.post('/api/customers/register', {
      data: { email, password: 'a fine long password', first_name: firstName, last_name: lastName },
    });
    expect(registered.status()).toBe(201);
    return { page, id: ((await registered.json()) as { id: number }).id };
  }

  const itemOf = (id: number) =>
    owner.call<{ status: string; title: string; category: { id: number } | null }>(
      'GET',
      `/api/admin/items/${id}`,
    );

  it('saving an item keeps its category when the category tree arrives late', async () => {
    const lamps = await owner.call<{ id: number }>('POST', '/api/admin/categories', {
      name: 'Lamps',
    });
    const item = await owner.call<{ id: number }>('POST', '/api/admin/items', {
      title: 'Opal lamp',
      category_id: lamps.id,
    });
    const page = await ownerPage();
    // The tree answers after the form is drawn, as on a slow connection.
    await page.route('**/api/admin/categories', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto(`/admin/items/${item.id}`);
    await page.getByLabel('Title').fill('Opal table lamp');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = await itemOf(item.id);
    expect(saved.title).toBe('Opal table lamp');
    expect(saved.category?.id).toBe(lamps.id);
    // Once the tree is there, the select still shows the item's category.
    await page.getByRole('option', { name: 'Lamps' }).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Category').inputValue()).toBe(String(lamps.id));
    await page.context().close();
  });

  it('asks before Mark sold and Revoke, and every destructive dialog starts on its safe button', async () => {
    const item = await owner.call<{ id: number }>('POST', '/api/admin/items', {
      title: 'Walnut chair',
    });
    await owner.publish(item.id);
    const link = await owner.call<{ id: number }>('POST', '/api/admin/upload-links', {
      contact_email: 'attic@example.com',
      label: 'Attic',
    });
    const page = await ownerPage();
    const problems = watchProblems(page);

    await page.goto(`/admin/items/${item.id}`);
    await page.getByRole('button', { name: 'Mark sold' }).click();
    const sell = page.getByRole('dialog', { name: 'Mark “Walnut chair” as sold?' });
    await sell.waitFor();
    await sell.getByText(/favorites/).waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    await expectAccessible(page, 'admin-mark-sold-dialog');
    await screenshot(page, 'admin-mark-sold-dialog');
    // Enter on the first focus is the safe answer.
    await page.keyboard.press('Enter');
    await sell.waitFor({ state: 'hidden' });
    expect((await itemOf(item.id)).status).toBe('available');
    await page.getByRole('button', { name: 'Mark sold' }).click();
    await sell.getByRole('button', { name: 'Mark sold' }).click();
    await page.getByText('Sold', { exact: true }).first().waitFor();
    await expect.poll(async () => (await itemOf(item.id)).status).toBe('sold');

    const other = await owner.call<{ id: number }>('POST', '/api/admin/items', {
      title: 'Pine box',
    });
    await page.goto(`/admin/items/${other.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this item?' }).waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Escape');

    await page.goto('/admin/upload-links');
    await page.getByRole('button', { name: 'Revoke the link Attic' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke the link “Attic”?' });
    await revoke.waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await revoke.waitFor({ state: 'hidden' });
    const links = () =>
      owner.call<{ upload_links: Array<{ id: number; revoked_at: string | null }> }>(
        'GET',
        '/api/admin/upload-links',
      );
    expect((await links()).upload_links.find((l) => l.id === link.id)?.revoked_at).toBeNull();
    await page.getByRole('button', { name: 'Revoke the link Attic' }).click();
    await revoke.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByRole('cell', { name: 'Revoked' }).waitFor();
    expect((await links()).upload_links.find((l) => l.id === link.id)?.revoked_at).not.toBeNull();

    const doomed = await owner.call<{ id: number }>('POST', '/api/admin/tags', { name: 'Doomed' });
    await page.goto('/admin/tags');
    await page.getByRole('button', { name: 'Delete Doomed' }).click();
    const untag = page.getByRole('dialog', { name: 'Delete the tag “Doomed”?' });
    await untag.waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    await untag.getByRole('button', { name: 'Delete tag' }).click();
    await page.getByRole('button', { name: 'Delete Doomed' }).waitFor({ state: 'detached' });
    const tags = await owner.call<{ tags: Array<{ id: number }> }>('GET', '/api/admin/tags');
    expect(tags.tags.some((tag) => tag.id === doomed.id)).toBe(false);

    const { page: customer, id: customerId } = await customerPage(
      'dialog@example.com',
      'Dee',
      'Alog',
    );
    await page.goto(`/admin/customers/${customerId}`);
    await page.getByRole('button', { name: /^Disable/ }).click();
    await page.getByRole('dialog', { name: 'Disable Dee Alog?' }).waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await customer.context().close();
    await page.context().close();
  });

  it('no admin page is wider than a 390 px phone', async () => {
    // Something on every page: an order, a customer, a link, a category tree, tags.
    const tables = await owner.call<{ id: number }>('POST', '/api/admin/categories', {
      name: 'Tables with a rather long category name',
    });
    await owner.call('POST', '/api/admin/tags', { name: 'Mid-century modern' });
    const item = await owner.call<{ id: number }>('POST', '/api/admin/items', {
      title: 'Extending mid-century teak dining table with two leaves',
      price_cents: 125000,
      category_id: tables.id,
    });
    await owner.publish(item.id);
    await owner.createUploadLink('a.very.long.contact.address@example.com');
    const { page: buyer, id: customerId } = await customerPage(
      'narrow.buyer.with.a.long.address@example.com',
      'Nora',
      'Narrow',
    );
    expect((await buyer.request.post('/api/cart/items', { data: { item_id: item.id } })).ok()).toBe(
      true,
    );
    const checkout = await buyer.request.post('/api/cart/checkout', { data: {} });
    expect(checkout.status()).toBe(200);
    const { order } = (await checkout.json()) as { order: { id: number } };
    await buyer.context().close();

    const page = await ownerPage('phone');
    const wide: string[] = [];
    for (const [path, heading] of [
      ['/admin', 'Overview'],
      ['/admin/items', 'Items'],
      [`/admin/items/${item.id}`, /Extending mid-century/],
      ['/admin/drafts', /Drafts|Submissions/],
      ['/admin/upload-links', 'Upload links'],
      ['/admin/orders', 'Orders'],
      [`/admin/orders/${order.id}`, /Order /],
      ['/admin/customers', 'Customers'],
      [`/admin/customers/${customerId}`, 'Nora Narrow'],
      ['/admin/categories', 'Categories'],
      ['/admin/tags', 'Tags'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      if (width > 390) wide.push(`${path}: ${width} px, from ${await overflowing(page)}`);
      await screenshot(page, `admin-phone${path.replaceAll('/', '-')}`);
    }
    expect(wide).toEqual([]);
    await page.context().close();
  });
});
