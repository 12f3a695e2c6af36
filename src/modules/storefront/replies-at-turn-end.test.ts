import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';

// The app installs the gathering of replies (http/replies-per-turn.ts) on the
// storefront's scope: its answers leave at the end of their turn of the loop, after
// work queued earlier in that turn; the rest of the API answers at once.
let t: TestApp;
let itemId: number;
beforeAll(async () => {
  t = await buildTestApp();
  itemId = (await makeItem(t.db)).id;
});
afterAll(() => t.close());

/** Whether a callback queued for the end of the turn the request starts in ran before its answer arrived. */
async function turnEndedFirst(url: string): Promise<boolean> {
  // Asked before: answered from memory, with no statement to wait for.
  expect((await t.app.inject({ url })).statusCode).toBe(200);
  let turnEnded = false;
  const answered = t.app.inject({ url }).then((response) => {
    expect(response.statusCode).toBe(200);
    return turnEnded;
  });
  setImmediate(() => {
    turnEnded = true;
  });
  return answered;
}

describe('storefront replies leave at the end of their turn', () => {
  it.each(['/api/items', '/api/filters', 'item'])('%s waits for the turn to end', async (url) => {
    await t.app.storefrontMemory.settled();
    expect(await turnEndedFirst(url === 'item' ? `/api/items/${itemId}` : url)).toBe(true);
  });

  it('a reply outside the storefront does not', async () => {
    expect(await turnEndedFirst('/healthz')).toBe(false);
  });
});
