import type { Page } from 'playwright-core';

export interface Shopper {
  first: string;
  last: string;
  email: string;
  password: string;
}

/** Registers through the page as a new customer would, and waits for the greeting. */
export async function registerInBrowser(page: Page, shopper: Shopper): Promise<void> {
  await page.goto('/account/register');
  await page.getByLabel('First name').fill(shopper.first);
  await page.getByLabel('Last name').fill(shopper.last);
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: `Hello, ${shopper.first}` }).waitFor();
}

/** Holds one piece from its page and opens the cart with pickup chosen. */
export async function holdForPickup(page: Page, itemId: number): Promise<void> {
  await page.goto(`/items/${itemId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('It is in your cart.').waitFor();
  await page.goto('/cart');
  await page.getByRole('radio', { name: 'Pick up at the shop' }).check();
}
