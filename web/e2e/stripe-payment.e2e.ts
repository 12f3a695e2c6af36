import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeServer, startStripeServer } from '../../test/support/stripe-server.js';
import { hasChromium, launchChromium, personContext } from './support/chromium.js';
import { signedInOwner } from './support/owner-pages.js';
import { checkPage, screenshot, watchProblems } from './support/page-checks.js';
import { type SeededItem, seedCatalogue } from './support/seed.js';
import { type ShopServer, startShop } from './support/shop-server.js';
import { holdForPickup, registerInBrowser } from './support/shopper.js';

// Issue 32 item 5, done when: a shopper orders and pays on the payment page (the
// Stripe-protocol test server's, reached through the official SDK), leaves it once and
// finds the cart still held, pays, comes back to the order, and sees the payment received
// once the webhook has arrived. The owner sees the Payment Intent. Screenshots at 390 and 1280 px.
describe.skipIf(!hasChromium)('card payment through Stripe Checkout, in Chromium', () => {
  let stripe: StripeServer;
  let shop: ShopServer;
  let browser: Browser;
  let items: SeededItem[];

  beforeAll(async () => {
    stripe = await startStripeServer();
    shop = await startShop({ ...stripe.env });
    stripe.deliverTo(`${shop.baseUrl}/api/payments/stripe/webhook`);
    browser = await launchChromium();
    items = await seedCatalogue(shop.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await stripe?.close();
  });

  it('cart → payment page → back → pay → the order says payment received', async () => {
    const customer = await personContext(browser, shop.baseUrl);
    const shopper = await customer.newPage();
    const problems = watchProblems(shopper);
    await registerInBrowser(shopper, {
      first: 'Grace',
      last: 'Hopper',
      email: 'grace@example.com',
      password: 'grace hopper passphrase',
    });
    // A shop that takes money says nothing about being a test shop.
    expect(await shopper.getByText('no payment is taken').count()).toBe(0);

    const lamp = items[1]!;
    await holdForPickup(shopper, lamp.id);
    const pay = shopper.getByRole('button', { name: 'Order and pay' });
    await pay.waitFor();
    await checkPage(shopper, 'cart-order-and-pay');
    await pay.click();

    // Stripe's page (the test server's): the buyer changes their mind and goes back.
    await shopper.waitForURL(`${stripe.url}/pay/**`);
    await shopper.getByRole('heading', { name: 'Test payment page' }).waitFor();
    await screenshot(shopper, 'stripe-test-payment-page');
    await shopper.getByRole('link', { name: 'Back to the shop' }).click();
    await shopper.waitForURL(`${shop.baseUrl}/cart?payment=cancelled`);
    await shopper.getByText('The payment was not completed, and nothing was charged.').waitFor();
    await shopper.getByText(/Held for you for another/).waitFor();
    await shopper.getByRole('link', { name: lamp.title }).waitFor();
    await checkPage(shopper, 'cart-back-from-payment');

    // Again: the same page, and this time "Pay" (it posts the signed event to the shop).
    await shopper.getByRole('button', { name: 'Order and pay' }).click();
    await shopper.waitForURL(`${stripe.url}/pay/**`);
    expect(stripe.sessions.size).toBe(1);
    await shopper.getByRole('button', { name: 'Pay' }).click();
    await shopper.waitForURL(/\/account\/orders\/\d+\?payment=done$/);
    await shopper.getByText('Payment received. Thank you: the pieces are yours.').waitFor();
    const heading = await shopper.getByRole('heading', { level: 1 }).textContent();
    const number = (heading ?? '').replace('Order ', '');
    await shopper.getByText('Paid, ready to collect').waitFor();
    await checkPage(shopper, 'order-payment-received');

    // The piece is sold, and the cart is empty.
    await shopper.goto(`/items/${lamp.id}`);
    await shopper.getByText('Sold', { exact: true }).first().waitFor();

    // The owner sees Stripe's payment on the order.
    const owner = await signedInOwner(browser, shop.baseUrl, '/admin/orders');
    const ownerProblems = watchProblems(owner);
    await owner.getByRole('link', { name: number }).click();
    await owner.getByRole('heading', { name: `Order ${number}` }).waitFor();
    await owner.getByText('Received', { exact: true }).waitFor();
    await owner.getByText(/^pi_test_/).waitFor();
    expect(await owner.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await checkPage(owner, 'admin-order-paid-by-stripe');

    expect(problems).toEqual([]);
    expect(ownerProblems).toEqual([]);
    await owner.context().close();
    await customer.close();
  }, 300_000);

  it('back from paying before Stripe’s word came: after a minute the order says a mail will follow', async () => {
    const customer = await personContext(browser, shop.baseUrl);
    // The page's own timers run on a clock the test moves: a minute passes in no time.
    await customer.clock.install();
    const shopper = await customer.newPage();
    const problems = watchProblems(shopper);
    await registerInBrowser(shopper, {
      first: 'Edsger',
      last: 'Dijkstra',
      email: 'edsger@example.com',
      password: 'edsger dijkstra passphrase',
    });

    const piece = items[2]!;
    await holdForPickup(shopper, piece.id);
    await shopper.getByRole('button', { name: 'Order and pay' }).click();
    await shopper.waitForURL(`${stripe.url}/pay/**`);

    // Stripe sent the buyer back, but its event has not arrived (nothing was delivered).
    const session = [...stripe.sessions.values()].find(
      (s) => s.customer_email === 'edsger@example.com',
    )!;
    await shopper.goto(session.success_url);
    await shopper.getByText('Confirming your payment…').waitFor();
    expect(await shopper.getByText('Your payment is being confirmed.').count()).toBe(0);
    await customer.clock.runFor(61_000);
    await shopper.getByText(/Your payment is being confirmed\. We will email you/).waitFor();
    expect(await shopper.getByText('Confirming your payment…').count()).toBe(0);
    await checkPage(shopper, 'order-payment-being-confirmed');
    expect(problems).toEqual([]);
    await customer.close();
  }, 300_000);

  it('with PAYMENT_PROVIDER=accept every storefront page says no payment is taken', async () => {
    const testShop = await startShop();
    try {
      const context = await personContext(browser, testShop.baseUrl);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByText('Test shop: no payment is taken.').waitFor();
      await page.goto('/cart');
      await page.getByText('Test shop: no payment is taken.').waitFor();
      await checkPage(page, 'test-shop-notice');
      await context.close();
    } finally {
      await testShop.stop();
    }
  }, 300_000);
});
