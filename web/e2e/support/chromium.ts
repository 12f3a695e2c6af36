import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, devices } from 'playwright-core';

/** Debian's chromium package (no browser download); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM_PATH);

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

let callers = 0;

/**
 * A fresh browser (cookies, storage) as one person. Each comes from its own address
 * (the shop trusts X-Forwarded-For in these tests), so rate limits of one journey never
 * leak into another.
 */
export async function personContext(
  browser: Browser,
  baseURL: string,
  form: 'phone' | 'desktop' = 'desktop',
  /** The browser's language (Accept-Language): the shop answers in it when it speaks it. */
  locale = 'en-GB',
): Promise<BrowserContext> {
  callers += 1;
  const address = `10.${process.pid % 250}.${Math.floor(callers / 250)}.${(callers % 250) + 1}`;
  const device = form === 'phone' ? devices['Pixel 7'] : undefined;
  const context = await browser.newContext({
    ...(device ?? { viewport: { width: 1280, height: 900 } }),
    ...(form === 'phone' ? { viewport: { width: 390, height: 844 } } : {}),
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
    locale,
  });
  // Argon2 and a fresh embedded database are slow on a shared 2-core machine: a page
  // waiting on sign-in or verification gets more than Playwright's 30 s default.
  context.setDefaultTimeout(90_000);
  return context;
}
