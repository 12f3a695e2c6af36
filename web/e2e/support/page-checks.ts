import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where the browser journeys leave what a person should look at. */
export const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** axe-core in the page: no serious or critical violation (WCAG 2.x A/AA rules). */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays on.
  await page.evaluate(axe.source);
  // A string, as the page runs it: the test's own TypeScript has no DOM types.
  const violations = (await page.evaluate(`axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  }).then((result) => result.violations)`)) as AxeViolation[];
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
  expect(bad).toEqual([]);
}

/** A full-page screenshot at the viewport's width, into the git-ignored folder. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await fs.mkdir(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
}

/** The page checked and photographed at phone (390 px) and desktop (1280 px) width. */
export async function checkPage(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  await expectAccessible(page, name);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(100);
    await screenshot(page, name);
    // Nothing reaches past a phone's edge (a table may scroll inside its own box).
    const pageWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(
      pageWidth,
      `${name}: the page is wider than the screen at ${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(original);
}

/**
 * Problems the page itself reports: uncaught errors, CSP refusals, failed requests for
 * the page's own files. A journey ends by expecting this list to be empty.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  return problems;
}
