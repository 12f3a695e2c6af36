/**
 * Polls until `check` holds, or fails after `withinMs`: for what happens in the
 * background (another instance's commit heard, the storefront index applying it).
 */
export async function eventually(
  check: () => Promise<boolean>,
  withinMs = 5_000,
  everyMs = 20,
): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
