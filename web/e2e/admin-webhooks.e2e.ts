import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookReceiver, webhookReceiver } from '../../test/support/webhook-receiver.js';
import { adminApi } from './support/admin-api.js';
import { hasChromium, launchChromium } from './support/chromium.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, watchProblems } from './support/page-checks.js';
import { type ShopServer, startShop } from './support/shop-server.js';

// Issue 36: the owner registers a webhook in the admin, keeps the secret shown once,
// a sale reaches the receiver signed, and the delivery log shows it and sends it again.
describe.skipIf(!hasChromium)('webhooks in the admin, in Chromium', () => {
  let shop: ShopServer;
  let browser: Browser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await webhookReceiver();
    // The receiver listens on loopback: allowed only in development.
    shop = await startShop({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await receiver?.close();
  });

  it('adds an endpoint, shows the secret once, logs a sale delivered and sends it again', async () => {
    const page = await signedInOwner(browser, shop.baseUrl, '/admin/webhooks');
    const problems = watchProblems(page);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await expect.poll(() => page.getByText('No webhooks yet').isVisible()).toBe(true);
    await checkPage(page, 'admin-webhooks-empty');

    // A URL the shop will not post to is refused next to the field.
    await page.getByLabel('Endpoint URL').fill('ftp://files.example/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('The URL must start with https:// or http://.').waitFor();

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel(/Order paid/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.useSecret(secret);
    await checkPage(page, 'admin-webhooks-secret');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Signing secret' }).count()).toBe(0);
    await page.getByRole('cell', { name: receiver.url, exact: true }).waitFor();

    // A sale in the shop reaches the receiver, signed.
    const owner = await adminApi(shop.baseUrl);
    const item = await owner.call<{ id: number }>('POST', '/api/admin/items', {
      title: 'Walnut stool',
    });
    await owner.publish(item.id);
    await owner.call('POST', `/api/admin/items/${item.id}/mark-sold`);
    await expect
      .poll(() => receiver.requests.filter((r) => r.type === 'item.sold').length, {
        timeout: 20_000,
      })
      .toBe(1);
    expect(receiver.requests[0]).toMatchObject({ verified: true, data: { id: item.id } });

    await page.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    await log.getByRole('cell', { name: 'item.sold', exact: true }).waitFor();
    await log.getByText(/HTTP 200/).waitFor();
    await checkPage(page, 'admin-webhooks-deliveries');

    await log.getByRole('button', { name: /^Send again: item\.sold of / }).click();
    await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.requests[1]!.id).toBe(receiver.requests[0]!.id);

    // The table fits a phone: it scrolls in its frame, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Deleting asks first, with the focus on the safe answer.
    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    const question = page.getByRole('dialog', { name: 'Delete this webhook endpoint?' });
    await question.waitFor();
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Cancel');
    await question.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No webhooks yet').waitFor();
    expect(problems).toEqual([]);
  });
});
