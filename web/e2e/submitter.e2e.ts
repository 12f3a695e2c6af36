import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { linkFromMail } from './support/mail.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { photoFiles } from './support/photos.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Issue "Web client, part 1", done when: a submitter opens a mailed upload link on a
// phone, adds 3 real photos, sees progress, gets the thank-you, and the admin API shows
// the pending item with 3 images; an unknown link shows "not active"; an exhausted
// allowance shows "wait a moment" (spec 4.3: never the same message).
describe.skipIf(!hasChromium)('a photo submitter on a phone', () => {
  let shop: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('sends 3 photos through the mailed link and the owner sees one pending item with 3 images', async () => {
    const admin = await adminApi(shop.baseUrl);
    await admin.createUploadLink('maker@example.com', 1);
    const link = await linkFromMail(
      shop.dataDir,
      'upload-link',
      'maker@example.com',
      `${shop.baseUrl}/upload/`,
    );
    const context = await personContext(browser, shop.baseUrl, 'phone');
    const page = await context.newPage();
    const problems = watchProblems(page);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Send photos of your piece' }).waitFor();
    await checkPage(page, 'upload');
    await page.getByLabel(/Take or choose photos/).setInputFiles(await photoFiles(3));
    expect(await page.getByRole('list', { name: 'Chosen photos' }).getByRole('img').count()).toBe(
      3,
    );
    await page
      .getByLabel('A note about the piece')
      .fill('A walnut stool my grandfather made, 45 cm high.');
    await checkPage(page, 'upload-chosen');

    // A slow uplink, so the progress bar is there to be seen before the answer.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByRole('button', { name: 'Send photos' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor({ timeout: 60_000 });
    await page.getByText('We received your 3 photos.').waitFor();
    await checkPage(page, 'upload-thank-you');

    const pending = await admin.pendingItems();
    expect(pending.items).toHaveLength(1);
    expect(pending.items[0]?.images).toHaveLength(3);

    // The link allowed one submission: opened again, it is not active.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link is not active' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows an unknown link as "not active"', async () => {
    const context = await personContext(browser, shop.baseUrl, 'phone');
    const page = await context.newPage();
    await page.goto(`/upload/${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This link is not active' }).waitFor();
    expect(await page.getByText(/wait a moment/i).count()).toBe(0);
    await checkPage(page, 'upload-not-active');
    await context.close();
  });

  it('shows an exhausted allowance as "wait a moment", saying how long', async () => {
    const context = await personContext(browser, shop.baseUrl, 'phone');
    const page = await context.newPage();
    // The same caller as the page: use its address to spend the read allowance first.
    const address = await new Promise<string>((resolve) => {
      page.once('request', (request) => resolve(request.headers()['x-forwarded-for'] ?? ''));
      void page.goto('/favicon.svg');
    });
    let status = 0;
    for (let i = 0; i < 200 && status !== 429; i++) {
      const res = await fetch(`${shop.baseUrl}/api/upload-links/${'B'.repeat(43)}`, {
        headers: { 'x-forwarded-for': address },
      });
      status = res.status;
    }
    expect(status).toBe(429);

    await page.goto(`/upload/${'C'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Please wait a moment' }).waitFor();
    await page.getByText(/Try again in about \d+ (seconds|minutes)/).waitFor();
    expect(await page.getByText('This link is not active').count()).toBe(0);
    await checkPage(page, 'upload-wait');
    await context.close();
  });
});
