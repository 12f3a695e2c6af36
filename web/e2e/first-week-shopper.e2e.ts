import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { checkPage, screenshot, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Issue 30 (a first week of real use), the shopper's findings: a re-add during the
// cool-down says why and until when; filters on a phone fold away and show the results;
// an anonymous visitor's pages log no console error; an empty form names every field.
describe.skipIf(!hasChromium)('a shopper in the first week, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop({ CART_HOLD_MINUTES: '30' });
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** The text of what an element's aria-describedby points at (its accessible description). */
  async function describedBy(element: Locator): Promise<string> {
    const ids = ((await element.getAttribute('aria-describedby')) ?? '').split(' ');
    const texts = await Promise.all(
      ids.filter(Boolean).map((id) => element.page().locator(`[id="${id}"]`).textContent()),
    );
    return texts.join(' ');
  }

  /** A signed-in shopper; the account is made through the API (the form has its own test). */
  async function shopper(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const registered = await page.request.post('/api/customers/register', {
      data: { email, password: 'a long enough passphrase', first_name: 'Ada', last_name: 'Re' },
    });
    expect(registered.status()).toBe(201);
    return { context, page };
  }

  it('says beforehand that a removed piece cannot be held again at once, and on a re-add says until when', async () => {
    const { context, page } = await shopper('readd@example.com');
    const problems = watchProblems(page);
    const table = items[0]!;
    await page.goto(`/items/${table.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('It is in your cart.').waitFor();

    await page.goto('/cart');
    const remove = page.getByRole('button', { name: `Remove ${table.title} from the cart` });
    await remove.waitFor();
    // Said before the click, next to the button and as its description.
    const warning = 'After you remove a piece, you can hold it again only after 30 minutes.';
    await page.getByText(warning).waitFor();
    expect(await describedBy(remove)).toContain(warning);
    await checkPage(page, 'cart-remove-warning');
    await remove.click();
    await page.getByRole('heading', { name: 'Nothing held right now' }).waitFor();

    await page.goto(`/items/${table.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const refusal = page.getByRole('alert');
    await refusal.getByText(/You let this piece go recently/).waitFor();
    // When, in the shopper's own clock, and how long that is from now.
    const said = (await refusal.textContent()) ?? '';
    expect(said).toMatch(/You can hold it again from \d{2}:\d{2} \(in (29|30) minutes\)\./);
    expect(said).not.toMatch(/Just taken|someone else/);
    await checkPage(page, 'item-readd-refused');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone, a filter pick folds the panel away and brings the results into view', async () => {
    const context = await personContext(browser, shop.baseUrl, 'phone');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Teak side table' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Filters' });
    const inView = async (name: string) => {
      const box = await page.getByRole('link', { name }).first().boundingBox();
      return box !== null && box.y >= 0 && box.y + 40 <= 844;
    };

    await toggle.click();
    await screenshot(page, 'filters-phone-open');
    await page.getByRole('checkbox', { name: /Vintage/ }).click();
    await page.waitForURL(/tags=vintage/);
    await page.getByRole('link', { name: 'Oak dining table' }).waitFor({ state: 'detached' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('checkbox', { name: /Vintage/ }).isVisible()).toBe(false);
    await expect.poll(() => inView('Brass desk lamp')).toBe(true);
    await screenshot(page, 'filters-phone-picked');

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('link', { name: 'Lighting', exact: true }).click();
    await page.waitForURL(/category=\d+/);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => inView('Brass desk lamp')).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('logs no console error on the pages an anonymous visitor opens', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const [path, heading] of [
      ['/', 'One of a kind, sold once'],
      [`/items/${items[1]!.id}`, items[1]!.title],
      ['/cart', 'Your cart'],
      ['/account/sign-in', 'Sign in'],
      ['/account/register', 'Create an account'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an empty registration names every missing field next to it, in words', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    await page.goto('/account/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const [label, message] of [
      ['First name', 'First name is required.'],
      ['Last name', 'Last name is required.'],
      ['Email', 'Email address is required.'],
      ['Password', 'Choose a password of at least 8 characters.'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(field)).toContain(message);
    }
    expect(await page.getByText(/The field "/).count()).toBe(0);
    await screenshot(page, 'register-empty');
    await context.close();
  });
});
