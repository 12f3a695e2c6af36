import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { linkFromMail } from './support/mail.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Issue "Web client, part 1", done when: a shopper registers, verifies through the mailed
// link, favorites, opts in, adds to cart, sees the countdown, checks out; and resets a
// password through the mailed link.
describe.skipIf(!hasChromium)('a shopper in Chromium', () => {
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

  async function register(page: Page, email: string, password: string) {
    await page.goto('/account/register');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
  }

  it('browses the storefront: facets live in the address and the back button undoes them', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Teak side table' }).waitFor();
    expect(await page.getByRole('list').filter({ hasText: 'Brass desk lamp' }).count()).toBe(1);
    await checkPage(page, 'storefront');

    // On a phone the filters fold away behind a button; at this width they show.
    expect(await page.getByRole('button', { name: 'Filters' }).isVisible()).toBe(false);
    // On a slow phone the box shows its click before the new list is drawn.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
    await page.getByRole('checkbox', { name: /Vintage/ }).check();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForURL(/tags=vintage/);
    await page.getByRole('link', { name: 'Oak dining table' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('link', { name: 'Brass desk lamp' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Tables', exact: true }).click();
    await page.waitForURL(/category=\d+/);
    await expect.poll(() => page.getByRole('link', { name: 'Brass desk lamp' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Teak side table' }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('category'));
    await page.getByRole('link', { name: 'Brass desk lamp' }).waitFor();

    await page.goto('/?q=nothing-like-this');
    await page.getByRole('heading', { name: 'Nothing matches your search' }).waitFor();
    // The hint says what to try next: another search word, fewer filters.
    await page
      .getByText(/No piece mentions “nothing-like-this”. Try a shorter or different search word/)
      .waitFor();
    await checkPage(page, 'storefront-empty');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is usable by keyboard alone: skip link, search, tags, an item, signing in', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Teak side table' }).waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main');

    // Tab on until the tag "Teak" has focus, then tick it with the space bar.
    const focusedName = () =>
      page.evaluate(
        '(document.activeElement.closest("label") || document.activeElement).textContent.trim()',
      ) as Promise<string>;
    for (let i = 0; i < 30 && !(await focusedName()).startsWith('Teak'); i++)
      await page.keyboard.press('Tab');
    expect(await focusedName()).toMatch(/^Teak/);
    await page.keyboard.press('Space');
    await page.waitForURL(/tags=teak/);

    for (let i = 0; i < 30 && (await focusedName()) !== 'Teak side table'; i++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Teak side table' }).waitFor();

    await page.goto('/account/sign-in');
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.type('nobody@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await page.getByText('The email or password is wrong.').waitFor();
    await context.close();
  });

  it('registers, verifies through the mailed link, favorites, opts in, holds and buys', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const email = 'ada@example.com';

    await page.goto('/account/register');
    await checkPage(page, 'register');
    await register(page, email, 'correct horse battery');
    await checkPage(page, 'account');

    const verifyLink = await linkFromMail(
      shop.dataDir,
      'verification',
      email,
      `${shop.baseUrl}/account/verify#token=`,
    );
    await page.goto(verifyLink);
    await page.getByRole('heading', { name: 'Your email address is verified' }).waitFor();
    // The token left the address bar as soon as it was read.
    expect(page.url()).toBe(`${shop.baseUrl}/account/verify`);

    const table = items[0]!;
    await page.goto(`/items/${table.id}`);
    await page.getByRole('heading', { name: table.title }).waitFor();
    await page.getByRole('button', { name: /Save to favorites/ }).click();
    await page.getByRole('button', { name: /Saved to favorites/ }).waitFor();
    await checkPage(page, 'item');

    await page.goto('/account');
    await page.getByRole('link', { name: table.title }).waitFor();
    const optIn = page.getByRole('checkbox', {
      name: /Email me when a piece in my favorites is sold/,
    });
    // Saved before the reload: the page must not be left while the change is on its way.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/customers/me/sold-notifications') &&
        response.request().method() === 'PUT',
    );
    await optIn.check();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => optIn.isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => optIn.isChecked()).toBe(true);

    await page.goto(`/items/${table.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('It is in your cart.').waitFor();
    await page.getByRole('link', { name: 'Go to your cart' }).click();
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    const timer = page.locator('time');
    const first = await timer.textContent();
    expect(first).toMatch(/^(29|30):\d\d$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    await checkPage(page, 'cart');

    await page.getByRole('button', { name: 'Order and pay' }).click();
    await page.getByRole('heading', { name: 'Thank you, it is yours' }).waitFor();
    await checkPage(page, 'thank-you');

    await page.goto(`/items/${table.id}`);
    await page.getByText('This piece has been sold.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a piece held by someone else as taken, and refuses it as "just taken"', async () => {
    const first = await personContext(browser, shop.baseUrl);
    const second = await personContext(browser, shop.baseUrl);
    const a = await first.newPage();
    const b = await second.newPage();
    await register(a, 'first@example.com', 'first person passphrase');
    await register(b, 'second@example.com', 'second person passphrase');
    const lamp = items[1]!;
    await a.goto(`/items/${lamp.id}`);
    await b.goto(`/items/${lamp.id}`);
    // Both pages have read the piece as available before either shopper acts.
    await b.getByRole('button', { name: 'Add to cart' }).waitFor();
    await a.getByRole('button', { name: 'Add to cart' }).click();
    await a.getByText('It is in your cart.').waitFor();
    // The second shopper's page still offers it; the server decides.
    await b.getByRole('button', { name: 'Add to cart' }).click();
    await b.getByText(/Just taken/).waitFor();
    await b.goto('/');
    await b.getByRole('link', { name: lamp.title }).waitFor();
    expect(await b.getByText("In someone's cart").count()).toBeGreaterThan(0);
    await first.close();
    await second.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const email = 'grace@example.com';
    await register(page, email, 'original passphrase');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();

    await page.goto('/account/forgot');
    await checkPage(page, 'forgot');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByText(/If an account uses that address/).waitFor();

    const resetLink = await linkFromMail(
      shop.dataDir,
      'password-reset',
      email,
      `${shop.baseUrl}/account/reset#token=`,
    );
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(page.url()).toBe(`${shop.baseUrl}/account/reset`);
    await checkPage(page, 'reset');
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Your new password is set' }).waitFor();

    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto('/account/sign-in');
    await checkPage(page, 'sign-in');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('original passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The email or password is wrong.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
