import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { htmlFromMail } from './support/mail.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Issue 33, done when: the owner sets the shop's name and terms in the admin; a customer
// sees the name in the header and the title and the legal pages in the footer, must tick
// the terms to order, and the order shows the version accepted. The header, the footer,
// a legal page and the confirmation mail (its HTML, rendered) are photographed.
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const NAME = 'Werkstatt Lee';
const TERMS =
  '## 1. Scope\n\nThese terms apply to every order placed with **Werkstatt Lee**, Hafenstraße 3, 20095 Hamburg.\n\n## 2. Contract\n\nThe contract is made when you press *Order and pay*.\n\n## 3. Prices\n\n- All prices are final.\n- Each piece is one of a kind.';
const WITHDRAWAL =
  'You may withdraw from this contract within **14 days** without giving any reason. Write to hello@werkstatt-lee.example.';
const IMPRINT =
  'Werkstatt Lee\n\nHafenstraße 3  \n20095 Hamburg\n\nOwner: Ann Lee  \nhello@werkstatt-lee.example';

describe.skipIf(!hasChromium)('the shop’s name, pages and terms, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop({ PAYMENT_PROVIDER: 'accept' });
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
    await fs.mkdir(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('the owner names the shop and writes its terms; a customer sees them and must accept them', async () => {
    // The owner: settings, then the pages.
    const owner = await signedInOwner(browser, shop.baseUrl, '/admin/shop');
    const ownerProblems = watchProblems(owner);
    await owner.getByRole('heading', { name: 'Shop settings' }).waitFor();
    await owner.getByLabel('Shop name').fill(NAME);
    await owner.getByLabel('Contact email').fill('hello@werkstatt-lee.example');
    await owner.getByLabel('Postal address').fill('Hafenstraße 3\n20095 Hamburg');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await owner.getByText('Saved. Every page and mail uses the new settings now.').waitFor();

    const writePage = async (tab: string, title: string, body: string) => {
      await owner.getByRole('button', { name: tab, exact: true }).click();
      await owner.getByLabel('Title').fill(title);
      await owner.getByLabel('Text (Markdown)').fill(body);
      await owner.getByRole('button', { name: `Save ${tab}` }).click();
      await owner.getByText('Saved as version 1.').waitFor();
    };
    await writePage('Imprint', 'Imprint', IMPRINT);
    await writePage('Terms and conditions', 'Terms and conditions', TERMS);
    await writePage('Right of withdrawal', 'Right of withdrawal', WITHDRAWAL);
    await checkPage(owner, 'admin-shop-settings');

    // The customer: the name in the header and the title, the pages in the footer.
    const customer = await personContext(browser, shop.baseUrl);
    const shopper = await customer.newPage();
    const problems = watchProblems(shopper);
    await shopper.goto('/');
    await shopper.getByRole('banner').getByRole('link', { name: NAME }).waitFor();
    expect(await shopper.title()).toBe(NAME);
    const footer = shopper.getByRole('contentinfo');
    for (const title of ['Imprint', 'Terms and conditions', 'Right of withdrawal'])
      await footer.getByRole('link', { name: title }).waitFor();
    await footer.getByText('Hafenstraße 3, 20095 Hamburg').waitFor();
    await shopper.setViewportSize({ width: 1280, height: 900 });
    await shopper
      .getByRole('banner')
      .screenshot({ path: path.join(shots, 'shop-header-1280.png') });
    await footer.screenshot({ path: path.join(shots, 'shop-footer-1280.png') });

    await footer.getByRole('link', { name: 'Terms and conditions' }).click();
    await shopper.getByRole('heading', { name: 'Terms and conditions', level: 1 }).waitFor();
    await shopper.getByRole('heading', { name: '2. Contract' }).waitFor();
    await expect.poll(() => shopper.title()).toBe(`Terms and conditions · ${NAME}`);
    await checkPage(shopper, 'legal-page-terms');

    await shopper.goto('/account/register');
    await shopper.getByLabel('First name').fill('Ada');
    await shopper.getByLabel('Last name').fill('Lovelace');
    await shopper.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await shopper.getByLabel('Password', { exact: true }).fill('ada lovelace passphrase');
    await shopper.getByRole('button', { name: 'Create account' }).click();
    await shopper.getByRole('heading', { name: 'Hello, Ada' }).waitFor();

    const piece = items[0]!;
    await shopper.goto(`/items/${piece.id}`);
    await expect.poll(() => shopper.title()).toBe(`${piece.title} · ${NAME}`);
    await shopper.getByRole('button', { name: 'Add to cart' }).click();
    await shopper.getByText('It is in your cart.').waitFor();
    await shopper.goto('/cart');
    await shopper.getByRole('radio', { name: 'Pick up at the shop' }).check();
    // Not ticked: refused, and the piece stays held.
    await shopper.getByRole('button', { name: 'Order and pay' }).click();
    await shopper
      .getByText('Please accept the terms and conditions to place your order.')
      .waitFor();
    await shopper.getByRole('heading', { name: 'Your cart' }).waitFor();
    await shopper
      .getByRole('checkbox', {
        name: 'I accept the terms and conditions and have read the “Right of withdrawal”.',
      })
      .check();
    // Ticking answers the refusal: it no longer stands above the button.
    await shopper
      .getByText('Please accept the terms and conditions to place your order.')
      .waitFor({ state: 'detached' });
    await checkPage(shopper, 'cart-terms-ticked');
    await shopper.getByRole('button', { name: 'Order and pay' }).click();
    await shopper.getByRole('heading', { name: 'Thank you, it is yours' }).waitFor();

    // The order shows the version accepted, and opens it as it was.
    await shopper.getByRole('link', { name: /^See order SO-\d+$/ }).click();
    await shopper.getByRole('heading', { name: 'Terms you accepted' }).waitFor();
    await shopper
      .getByText(
        'You accepted version 1 of the terms and conditions and version 1 of the withdrawal policy with this order.',
      )
      .waitFor();
    await shopper.getByText('Read them as accepted').click();
    await shopper.getByRole('heading', { name: 'Terms and conditions (version 1)' }).waitFor();
    await shopper.getByText('within 14 days', { exact: false }).first().waitFor();
    await checkPage(shopper, 'account-order-terms-accepted');

    // The confirmation mail, as a mail program shows its HTML.
    const html = await htmlFromMail(shop.dataDir, 'order-confirmation', 'ada@example.com');
    expect(html).toContain(
      'Terms and conditions (version 1), as you accepted them with this order',
    );
    expect(html).toContain('Werkstatt Lee<br>Hafenstraße 3<br>20095 Hamburg');
    const mail = await customer.newPage();
    await mail.setViewportSize({ width: 800, height: 900 });
    await mail.setContent(html);
    await mail.getByText('Thank you for your order', { exact: false }).waitFor();
    await mail.screenshot({
      path: path.join(shots, 'order-confirmation-mail-800.png'),
      fullPage: true,
    });

    expect(problems).toEqual([]);
    expect(ownerProblems).toEqual([]);
    await owner.context().close();
    await customer.close();
  }, 300_000);
});
