import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandJsonLd, jsonLdOf } from '../../test/support/page-head.js';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { linkFromMail } from './support/mail.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { ADMIN, type ShopServer, startShop } from './support/shop-server.js';

// Issue 33 items 5 and 6: a piece's page tells search engines what it is and whether it is
// sold (JSON-LD in the page as served), a sold piece keeps its page marked sold, and a
// signed-in customer asks the shop about a piece from its page; the shop gets the mail with
// the customer's address to answer to.
const S = 'https://schema.org/';

/** The .eml the shop wrote for a template and recipient (DATA_DIR/mail, no SMTP_URL). */
async function mailFile(dataDir: string, template: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) =>
      n.includes(template),
    );
    for (const name of names) {
      const eml = await fs.readFile(path.join(dir, name), 'utf8');
      if (eml.toLowerCase().includes(`to: ${to}`)) return eml;
    }
    if (Date.now() > deadline) throw new Error(`no ${template} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!hasChromium)('asking about a piece, and a piece as search engines see it', () => {
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    shop = await startShop({ PAYMENT_PROVIDER: 'accept', SHOP_CURRENCY: 'EUR' });
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('serves each piece with its Product data; a sold one keeps its page, marked sold', async () => {
    const [table, lamp] = [items[0]!, items[1]!];
    await (await adminApi(shop.baseUrl)).call('POST', `/api/admin/items/${lamp.id}/mark-sold`);

    // The page as a crawler gets it, before any script runs.
    for (const [piece, availability] of [
      [table, 'InStock'],
      [lamp, 'SoldOut'],
    ] as const) {
      const res = await fetch(`${shop.baseUrl}/items/${piece.id}`);
      expect(res.status).toBe(200);
      const blocks = jsonLdOf(await res.text());
      expect(blocks).toHaveLength(1);
      const [product] = (await expandJsonLd(blocks[0])) as Record<string, unknown[]>[];
      expect(product!['@type']).toEqual([`${S}Product`]);
      expect((product![`${S}name`]![0] as { '@value': string })['@value']).toBe(piece.title);
      const offer = product![`${S}offers`]![0] as Record<string, { '@value': string }[]>;
      expect(offer[`${S}availability`]![0]!['@value']).toBe(`${S}${availability}`);
      expect(offer[`${S}priceCurrency`]![0]!['@value']).toBe('EUR');
    }
    const sitemap = await (await fetch(`${shop.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${shop.baseUrl}/items/${lamp.id}</loc>`);

    // A person on the sold piece's page sees plainly that it is sold.
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`/items/${lamp.id}`);
    await page.getByRole('heading', { name: lamp.title, level: 1 }).waitFor();
    await page.getByText('Sold', { exact: true }).waitFor();
    await page.getByText('This piece has been sold.').waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    // The data is in the page the browser has, too.
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    // Signed out: how to ask, not a form that would be refused.
    await page.getByRole('heading', { name: 'Ask about this piece' }).waitFor();
    await page.getByText('to ask the shop about this piece').waitFor();
    expect(await page.getByLabel('Your question').count()).toBe(0);
    await checkPage(page, 'item-sold');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a customer asks about a piece: told to confirm first, refused in words, then sent', async () => {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const email = 'grace@example.com';
    await page.goto('/account/register');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('grace hopper passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Hello, Grace' }).waitFor();

    const table = items[0]!;
    await page.goto(`/items/${table.id}`);
    await page.getByText('Confirm your email address first').waitFor();
    expect(await page.getByLabel('Your question').count()).toBe(0);

    await page.goto(
      await linkFromMail(
        shop.dataDir,
        'verification',
        email,
        `${shop.baseUrl}/account/verify#token=`,
      ),
    );
    await page.getByRole('heading', { name: 'Your email address is verified' }).waitFor();

    await page.goto(`/items/${table.id}`);
    const question = page.getByLabel('Your question');
    await question.waitFor();
    // The hint says where the answer goes, read out with the field.
    expect(await question.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText(`The shop answers by email to ${email}.`).waitFor();

    // Nothing written: the shop's refusal, in words, next to the field.
    await question.fill('   ');
    await page.getByRole('button', { name: 'Send question' }).click();
    // The refusal comes back from the server: the field names it once it is there.
    await page.locator('textarea[aria-invalid="true"]').waitFor();
    const errorId = (await question.getAttribute('aria-describedby'))!.split(' ').at(-1);
    const refusal = page.locator(`[id="${errorId}"]`);
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Please write your question first.');
    expect(await question.getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'item-ask-refused');

    // Too long is said before sending, with the count.
    await question.fill('x'.repeat(2001));
    await page
      .getByText('Please shorten your question to 2,000 characters; it has 2,001.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Send question' }).isDisabled()).toBe(true);

    const text = 'Is the top solid teak, and could I collect it on Saturday?';
    await question.fill(text);
    await page.getByRole('button', { name: 'Send question' }).click();
    await page
      .getByRole('status')
      .getByText(`Your question has been sent. The shop will answer by email to ${email}.`)
      .waitFor();
    await checkPage(page, 'item-ask-sent');

    // The owner's mail: the question, the piece, and Reply-To the customer.
    const eml = await mailFile(shop.dataDir, 'item-question', ADMIN.email);
    expect(eml).toMatch(new RegExp(`^Reply-To: ${email}\\r?$`, 'im'));
    expect(eml).toContain('Is the top solid teak');
    expect(eml).toContain(`${shop.baseUrl}/items/${table.id}`);

    await page.getByRole('button', { name: 'Ask something else' }).click();
    expect(await page.getByLabel('Your question').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });
});
