import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type ShopServer, startShop } from './support/shop-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The images in the page's main content: what the browser chose from the srcset, and whether it loaded. */
function images(page: Page) {
  return page.evaluate(`[...document.querySelectorAll('main img')].map((img) => ({
    src: img.currentSrc, loaded: img.complete && img.naturalWidth > 0, alt: img.alt }))`) as Promise<
    Array<{ src: string; loaded: boolean }>
  >;
}

/** Scrolls to the end, so every lazy photo of the page is fetched. */
async function scrollThrough(page: Page) {
  for (let y = 0; y < 8; y++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
}

// Issue 30, item 2: `npm run seed` makes a shop a person would believe. The journey
// seeds an empty DATA_DIR exactly as the README says, starts the shop on it, and
// photographs the storefront, a category, an item and the owner's overview.
describe.skipIf(!hasChromium)('a shop filled by npm run seed, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-seeded-'));
    await promisify(execFile)('npm', ['run', 'seed'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
      // The first seeding on a machine renders every photo (minutes on a busy machine); later ones copy them.
      timeout: 900_000,
    });
    shop = await startShop({}, { dataDir });
    browser = await launchChromium();
  }, 1_200_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('shows photographed objects filed in a category tree, at believable prices', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Furniture' })
      .waitFor();
    await scrollThrough(page);
    const shown = await images(page);
    expect(shown.length).toBeGreaterThan(10);
    // Every card's photo loads, and a list size of it, never the full photo.
    for (const image of shown) {
      expect(image.loaded, image.src).toBe(true);
      expect(image.src).toMatch(/\/media\/variants\/[0-9a-f]+\.webp$/);
    }
    const prices = await page
      .getByRole('main')
      .getByText(/^€[\d,]+(\.\d\d)?$/)
      .allTextContents();
    expect(prices.length).toBeGreaterThan(10);
    // Whole euros, as a shop prices one-offs (never €6.37).
    for (const price of prices) expect(price).toMatch(/^€[\d,]+(\.00)?$/);
    // Photographed with every photo of the page loaded (they load lazily as one scrolls).
    await checkPage(page, 'seeded-storefront');

    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Chairs' })
      .click();
    await page.waitForURL(/category=\d+/);
    // The list before the click stays on screen until the category's own has come (it
    // has chairs too, so a chair's heading alone does not say the new list is drawn),
    // and between the two no list may be drawn at all: wait for a drawn list of chairs.
    const chair = /(dining|rocking|desk) chair$|armchair$/i;
    const headings = () =>
      page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    await expect
      .poll(
        async () => {
          const drawn = await headings();
          if (drawn.length <= 3) return [`only ${drawn.length} items drawn`];
          return drawn.filter((title) => !chair.test(title));
        },
        { timeout: 15_000 },
      )
      .toEqual([]);
    const titles = await headings();
    expect(titles.length).toBeGreaterThan(3);
    await checkPage(page, 'seeded-category');

    const first = titles[0]!;
    await page.getByRole('link', { name: first, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    await page.waitForLoadState('networkidle');
    expect((await images(page)).every((image) => image.loaded)).toBe(true);
    await checkPage(page, 'seeded-item');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the owner holds by real customers with their deadlines, this week’s sales and orders', async () => {
    const page = await signedInOwner(browser, shop.baseUrl, '/admin');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const holds = page.getByRole('region', { name: 'Holds that end soonest' });
    await holds
      .getByText(/ends in/)
      .first()
      .waitFor();
    expect(await holds.getByText('No item is held in a cart.').count()).toBe(0);
    const sold = page.getByRole('region', { name: 'Sold in the last 7 days' });
    expect(Number(await sold.locator('strong').first().textContent())).toBeGreaterThan(0);
    await checkPage(page, 'seeded-admin-overview');

    await page.goto('/admin/orders');
    await page
      .getByRole('link', { name: /^SO-\d{6}$/ })
      .first()
      .waitFor();
    await checkPage(page, 'seeded-admin-orders');
    await page.context().close();
  });
});
