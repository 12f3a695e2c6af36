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

/** Types a postal address into the cart's new-address form (the country chosen apart). */
export async function fillCartAddress(
  page: Page,
  address: { name: string; line1: string; postalCode: string; city: string },
): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(address.name);
  await page.getByLabel('Street and number').fill(address.line1);
  await page.getByLabel('Postal code').fill(address.postalCode);
  await page.getByLabel('City').fill(address.city);
}

/** Nora's address in Vienna: a buyer in another country than the shop's. */
export const VIENNA = {
  name: 'Nora Berg',
  line1: 'Ringstraße 1',
  postalCode: '1010',
  city: 'Wien',
};
