import { sql } from 'kysely';
import { CHANNELS } from '../../src/db/notifications.js';
import type { TestApp } from './build-test-app.js';

/**
 * What each catalogue commit announces it changed (migration 0024), heard as
 * another instance hears it: `scopeOf(write)` gives the `<dimensions>:<item ids>`
 * of every commit `write` makes, once the last one is heard. `stop` ends listening.
 */
export function catalogueScopes(t: TestApp) {
  const heard: string[] = [];
  const stop = t.database.notifications.subscribe(CHANNELS.catalogueChanges, {
    message: (payload) => heard.push(payload),
    reset() {},
  });
  const latest = async () =>
    Number(
      (await sql<{ v: string }>`SELECT max(version) AS v FROM catalogue_changes`.execute(t.db))
        .rows[0]!.v,
    );

  async function scopeOf(write: () => Promise<unknown>): Promise<string[]> {
    const before = await latest();
    heard.length = 0;
    await write();
    const after = await latest();
    const until = Date.now() + 5_000;
    const lastHeard = () => Number(heard.at(-1)?.split(':')[1] ?? before);
    while (after > before && lastHeard() < after && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Only this write's: a commit made just before may be heard only now.
    return heard
      .filter((payload) => Number(payload.split(':')[1]) > before)
      .map((payload) => payload.split(':').slice(2).join(':'));
  }

  return { scopeOf, stop };
}
