import type { Browser, Page } from 'playwright-core';
import { personContext } from './chromium.js';
import { ADMIN } from './shop-server.js';

/** Fills the admin sign-in form the page is on. */
export async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A fresh browser that opens `path`, is sent to sign-in, signs in and comes back. */
export async function signedInOwner(browser: Browser, baseUrl: string, path: string) {
  const context = await personContext(browser, baseUrl);
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page);
  return page;
}

/** What has the keyboard focus now, by its accessible label or text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(
    `(() => { const el = document.activeElement; if (!el) return '';
      return el.getAttribute('aria-label') || el.getAttribute('name') || el.textContent.trim(); })()`,
  ) as Promise<string>;
}

/** Whether the keyboard focus is inside the open modal dialog. */
export function focusInsideDialog(page: Page): Promise<boolean> {
  return page.evaluate(
    `!!document.activeElement && !!document.activeElement.closest('dialog[open]')`,
  ) as Promise<boolean>;
}
