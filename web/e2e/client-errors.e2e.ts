import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { checkPage } from './support/page-checks.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Spec: "the frontend posts render-error reports". A render error in an area posts
// exactly one report with that area's context and no token, then a friendly page.
describe.skipIf(!hasChromium)('render errors are reported once', () => {
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

  async function brokenPage(url: string, apiPath: RegExp, brokenBody: unknown) {
    const context = await personContext(browser, shop.baseUrl);
    const page = await context.newPage();
    // The API answers something the page cannot render (as a bad deploy might).
    await page.route(apiPath, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(brokenBody),
      }),
    );
    const reports: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) reports.push(request);
    });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Something went wrong on this page' }).waitFor();
    await page.waitForTimeout(1_000);
    return { context, page, reports };
  }

  it('an item page that cannot render posts one report with context "item"', async () => {
    const { context, page, reports } = await brokenPage('/items/41', /\/api\/items\/41$/, {
      id: 41,
      title: 'Broken',
    });
    expect(reports).toHaveLength(1);
    const body = reports[0]!.postDataJSON() as Record<string, string>;
    expect(body.context).toBe('item');
    expect(body.url).toBe(`${shop.baseUrl}/items/41`);
    expect(body.message).toBeTruthy();
    expect(body.component_stack).toBeTruthy();
    await expect
      .poll(() => shop.logLines().filter((line) => line.includes('[client-error] item')).length)
      .toBe(1);
    await checkPage(page, 'error-fallback');
    await context.close();
  });

  it('an upload page posts its report without the link token in the address', async () => {
    const token = 'T'.repeat(43);
    const { context, reports } = await brokenPage(
      `/upload/${token}#secret=1`,
      new RegExp(`/api/upload-links/${token}$`),
      null,
    );
    expect(reports).toHaveLength(1);
    const raw = reports[0]!.postData() ?? '';
    const body = JSON.parse(raw) as Record<string, string>;
    expect(body.context).toBe('upload');
    expect(body.url).toBe(`${shop.baseUrl}/upload/…`);
    expect(raw).not.toContain(token);
    expect(raw).not.toContain('secret');
    await context.close();
  });
});
