import { describe, expect, it } from 'vitest';
import { FakeNotifications } from '../../../test/support/fake-notifications.js';
import { catalogueMirror, type MirrorSource } from './catalogue-mirror.js';
import type { CatalogueVersion, CatalogueView } from './catalogue-version.js';

// Found measuring a seeded shop's start-up (issue 35 item 6): the first view a
// storefront read got was one read alone (memory started over during it: a job's
// catalogue commit at start), so the mirror followed nothing yet. Each kick's
// work returned at once and kicked again, on microtasks: the event loop never
// ran a timer or answered a request again.

const view: CatalogueView = {
  epoch: 'abc',
  version: 7,
  life: -1,
  tag: 'abc-7',
  changedSince: () => true,
};

/** A version that has not told its followers anything yet. */
const silentVersion: CatalogueVersion = {
  view: async () => view,
  current: async () => view.tag,
  follow: () => () => {},
  close() {},
};

const source: MirrorSource = {
  indexSnapshot: () => Promise.reject(new Error('not loaded before a change is followed')),
  indexRows: async () => [],
  tagSlugs: async () => new Map(),
  catalogueEpoch: async () => view.epoch,
  searchTerms: async () => [],
};

describe('the storefront mirror before it follows any change', () => {
  it('answers nothing (SQL answers) and leaves the event loop free', async () => {
    const mirror = catalogueMirror(source, silentVersion, new FakeNotifications(), {
      warn() {},
    });
    const keys = await mirror.keys(
      { includePending: false, sort: 'newest', limit: 24 } as Parameters<typeof mirror.keys>[0],
      view,
    );
    expect(keys).toBeUndefined();
    // A timer still fires: nothing spins on microtasks.
    const fired = await Promise.race([
      new Promise((resolve) => setTimeout(() => resolve('timer'), 20)),
      new Promise((resolve) => setTimeout(() => resolve('stuck'), 2_000).unref()),
    ]);
    expect(fired).toBe('timer');
    await mirror.close();
  });
});
