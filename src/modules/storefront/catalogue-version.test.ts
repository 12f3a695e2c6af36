import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { FakeNotifications } from '../../../test/support/fake-notifications.js';
import { CHANNELS } from '../../db/notifications.js';
import {
  ANNOUNCEMENT_WAIT_MS,
  catalogueVersion,
  parseAnnouncement,
  VERSION_RECHECK_MS,
} from './catalogue-version.js';

const EPOCH = '0123456789ab';
/** The version as served: `<epoch>-<number>`. */
const v = (n: number, epoch = EPOCH) => `${epoch}-${n}`;
/** As the commit trigger announces it. */
const announced = (n: number, epoch = EPOCH) => `${epoch}:${n}`;

/** The database's version, and how often it was read. */
function fakeDatabase(start = 1) {
  const state = { epoch: EPOCH, version: start, reads: 0, gate: null as Promise<void> | null };
  return {
    state,
    /** Reads from now on wait until the returned function is called. */
    hold(): () => void {
      let open!: () => void;
      state.gate = new Promise((resolve) => {
        open = resolve;
      });
      return open;
    },
    async read() {
      state.reads++;
      const seen = { epoch: state.epoch, version: state.version };
      await state.gate;
      return seen;
    },
  };
}

function setup(start = 1) {
  const database = fakeDatabase(start);
  const notifications = new FakeNotifications();
  const clock = new FakeClock();
  const version = catalogueVersion(() => database.read(), notifications, clock);
  return { database, notifications, clock, version };
}

describe('catalogue version in memory', () => {
  it('is read once, then answered from memory while notifications are live', async () => {
    const { database, version } = setup(7);
    expect(await version.current()).toBe(v(7));
    expect(await version.current()).toBe(v(7));
    expect(await version.current()).toBe(v(7));
    expect(database.state.reads).toBe(1);
  });

  it('takes an announced version without reading', async () => {
    const { database, notifications, version } = setup(7);
    await version.current();
    database.state.version = 8;
    notifications.deliver(CHANNELS.catalogue, announced(8));
    expect(await version.current()).toBe(v(8));
    expect(database.state.reads).toBe(1);
  });

  it('never goes back to an older announcement', async () => {
    const { notifications, version } = setup(7);
    await version.current();
    notifications.deliver(CHANNELS.catalogue, announced(9));
    notifications.deliver(CHANNELS.catalogue, announced(8));
    notifications.deliver(CHANNELS.catalogue, 'not a number');
    expect(await version.current()).toBe(v(9));
  });

  it('reads again after this process commits a write', async () => {
    const { database, notifications, version } = setup(7);
    await version.current();
    database.state.version = 8;
    notifications.committedHere();
    expect(await version.current()).toBe(v(8));
    expect(database.state.reads).toBe(2);
  });

  it("answers its own catalogue commit without a read, once the commit's version is heard", async () => {
    const { database, notifications, version } = setup(7);
    await version.current();
    database.state.version = 8;
    // Heard before the COMMIT's reply (the usual order): nothing to wait for.
    notifications.deliver(CHANNELS.catalogue, announced(8));
    notifications.committedHere({ catalogue: announced(8) });
    expect(await version.current()).toBe(v(8));
    // Still on its way: the next answer waits for it, and reads nothing.
    database.state.version = 9;
    notifications.committedHere({ catalogue: announced(9) });
    const next = version.current();
    setTimeout(() => notifications.deliver(CHANNELS.catalogue, announced(9)), 10);
    expect(await next).toBe(v(9));
    expect(database.state.reads).toBe(1);
  });

  it('reads after its own commit when the version told is of another epoch', async () => {
    const { database, notifications, version } = setup(7);
    await version.current();
    database.state.version = 8;
    notifications.committedHere({ catalogue: announced(8, 'fedcba987654') });
    expect(await version.current()).toBe(v(8));
    expect(database.state.reads).toBe(2);
  });

  it('counts its own commit never announced as a change of everything, after one short wait', async () => {
    const { database, notifications, version } = setup(7);
    await version.current();
    database.state.version = 8;
    notifications.committedHere({ catalogue: announced(8) }); // its announcement is lost
    const started = Date.now();
    const view = await version.view();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(ANNOUNCEMENT_WAIT_MS - 5);
    expect(waited).toBeLessThan(2 * ANNOUNCEMENT_WAIT_MS);
    expect(view.version).toBe(8);
    expect(view.changedSince(7, [], [])).toBe(true);
    expect(view.changedSince(8, [], [])).toBe(false);
    expect(database.state.reads).toBe(1);
  });

  it('reads while the feed is behind, and answers from memory again once it is live', async () => {
    const { database, notifications, version } = setup(7);
    // Behind (a busy process has not heard its echo for a moment), nothing missed: no reset.
    notifications.live = false;
    expect(await version.current()).toBe(v(7));
    expect(await version.current()).toBe(v(7)); // not answered from memory meanwhile
    expect(database.state.reads).toBe(2);
    notifications.live = true;
    database.state.version = 8;
    notifications.deliver(CHANNELS.catalogue, announced(8)); // what came after, heard
    expect(await version.current()).toBe(v(8)); // one read confirms memory
    expect(await version.current()).toBe(v(8));
    expect(database.state.reads).toBe(3);
  });

  it('reads on every call while notifications are down, and again once they are back', async () => {
    const { database, notifications, version } = setup(7);
    await version.current();
    notifications.drop();
    database.state.version = 8; // announced to nobody
    expect(await version.current()).toBe(v(8));
    expect(await version.current()).toBe(v(8));
    expect(database.state.reads).toBe(3);
    notifications.restore();
    database.state.version = 9; // also missed
    expect(await version.current()).toBe(v(9));
    expect(await version.current()).toBe(v(9));
    expect(database.state.reads).toBe(4);
  });

  it('reads again after the recheck interval even when nothing was announced', async () => {
    const { database, clock, version } = setup(7);
    await version.current();
    database.state.version = 8; // written without an announcement reaching us
    clock.advance(VERSION_RECHECK_MS - 1);
    expect(await version.current()).toBe(v(7));
    clock.advance(1);
    expect(await version.current()).toBe(v(8));
  });

  it('does not keep a read that began before its own write', async () => {
    const { database, notifications, version } = setup(7);
    const open = database.hold();
    const early = version.current(); // reads 7, still in flight
    database.state.version = 8;
    notifications.committedHere(); // the write committed meanwhile
    database.state.gate = null;
    expect(await version.current()).toBe(v(8));
    open();
    expect(await early).toBe(v(7));
    expect(await version.current()).toBe(v(8));
  });

  it('raises a read that began before an announcement to the announced version', async () => {
    const { database, notifications, version } = setup(7);
    const open = database.hold();
    const early = version.current(); // reads 7, still in flight
    notifications.deliver(CHANNELS.catalogue, announced(8));
    open();
    expect(await early).toBe(v(8));
    expect(await version.current()).toBe(v(8));
    expect(database.state.reads).toBe(1);
  });

  it('believes a lower version after memory was forgotten (a database restored from backup)', async () => {
    const { database, notifications, version } = setup(50);
    await version.current();
    notifications.deliver(CHANNELS.catalogue, announced(50));
    notifications.drop();
    database.state.version = 40;
    notifications.restore();
    expect(await version.current()).toBe(v(40));
    database.state.version = 41; // the next write must change what is served
    notifications.committedHere();
    expect(await version.current()).toBe(v(41));
  });

  it('starts over when a version of another epoch is announced (a restore)', async () => {
    const { database, notifications, version } = setup(50);
    await version.current();
    database.state.epoch = 'fedcba987654';
    database.state.version = 3;
    notifications.deliver(CHANNELS.catalogue, announced(3, 'fedcba987654'));
    expect(await version.current()).toBe(v(3, 'fedcba987654'));
    notifications.deliver(CHANNELS.catalogue, announced(4, 'fedcba987654'));
    expect(await version.current()).toBe(v(4, 'fedcba987654'));
  });

  it('takes a lower version of another epoch on the recheck, even with no announcement', async () => {
    const { database, clock, version } = setup(50);
    await version.current();
    database.state.epoch = 'fedcba987654';
    database.state.version = 3;
    clock.advance(VERSION_RECHECK_MS);
    expect(await version.current()).toBe(v(3, 'fedcba987654'));
  });

  it('shares one read among concurrent callers', async () => {
    const { database, version } = setup(7);
    const all = await Promise.all([version.current(), version.current(), version.current()]);
    expect(all).toEqual([v(7), v(7), v(7)]);
    expect(database.state.reads).toBe(1);
  });
});

/** As the commit trigger of 0024 announces it: dimensions and item ids. */
const scoped = (n: number, dims: string, ids: string, epoch = EPOCH) =>
  `${epoch}:${n}:${dims}:${ids}`;

describe('what each change touched (migration 0024)', () => {
  it('reads the scope of an announcement; the older form and anything unknown mean everything', () => {
    expect(parseAnnouncement(scoped(8, 'price,status', '3,4'))).toEqual({
      epoch: EPOCH,
      version: 8,
      scope: { dims: ['price', 'status'], ids: [3, 4] },
    });
    expect(parseAnnouncement(scoped(8, '', ''))).toMatchObject({ scope: { dims: [], ids: [] } });
    expect(parseAnnouncement(announced(8))).toMatchObject({ version: 8, scope: '*' });
    expect(parseAnnouncement(scoped(8, '*', ''))).toMatchObject({ scope: '*' });
    expect(parseAnnouncement(scoped(8, 'colour', '3'))).toMatchObject({ scope: '*' });
    expect(parseAnnouncement('0123:x')).toBeNull();
  });

  it('says an answer changed only when a dimension or an item it depends on changed after it', async () => {
    const { notifications, version } = setup(7);
    await version.view();
    notifications.deliver(CHANNELS.catalogueChanges, scoped(8, 'status', '42'));
    const view = await version.view();
    expect(view.version).toBe(8);
    expect(view.changedSince(7, ['visibility'], [1, 2])).toBe(false);
    expect(view.changedSince(7, ['visibility', 'status'], [1, 2])).toBe(true);
    expect(view.changedSince(7, [], [42])).toBe(true);
    expect(view.changedSince(8, ['status'], [42])).toBe(false);
    // The plain announcement of the same commit follows the scoped one: already heard.
    notifications.deliver(CHANNELS.catalogue, announced(8));
    expect((await version.view()).changedSince(7, ['visibility'], [1])).toBe(false);
    // Unscoped (a database before 0024): everything.
    notifications.deliver(CHANNELS.catalogue, announced(9));
    expect((await version.view()).changedSince(8, [], [])).toBe(true);
  });

  it("waits for the announcement of this process's own write, so only what it touched changes", async () => {
    const { database, notifications, version } = setup(7);
    await version.view();
    database.state.version = 8;
    notifications.committedHere();
    setTimeout(() => notifications.deliver(CHANNELS.catalogueChanges, scoped(8, 'price', '5')), 10);
    const view = await version.view();
    expect(view.version).toBe(8);
    expect(view.changedSince(7, ['visibility'], [1])).toBe(false);
    expect(view.changedSince(7, ['price'], [])).toBe(true);
    expect(view.changedSince(7, [], [5])).toBe(true);
  });

  it('counts a commit never announced as a change of everything, after a short wait', async () => {
    const { database, notifications, version } = setup(7);
    await version.view();
    database.state.version = 8;
    notifications.committedHere(); // its announcement is lost
    const started = Date.now();
    const view = await version.view();
    expect(Date.now() - started).toBeGreaterThanOrEqual(ANNOUNCEMENT_WAIT_MS - 5);
    expect(view.version).toBe(8);
    expect(view.changedSince(7, [], [])).toBe(true);
    expect(view.changedSince(8, [], [])).toBe(false);
  });

  it('trusts nothing it heard while notifications are down: every change is everything', async () => {
    const { database, notifications, version } = setup(7);
    await version.view();
    notifications.drop();
    database.state.version = 8;
    const view = await version.view();
    expect(view.version).toBe(8);
    expect(view.changedSince(7, [], [])).toBe(true);
    expect((await version.view()).changedSince(8, [], [])).toBe(false);
    expect(database.state.reads).toBe(3);
  });

  it('starts a new life after a reset: nothing computed before it is vouched for by its numbers alone', async () => {
    const { database, notifications, version } = setup(7);
    const before = await version.view();
    notifications.drop();
    notifications.restore();
    database.state.version = 9; // written while nobody listened
    const after = await version.view();
    expect(after.changedSince(before.version, [], [])).toBe(true);
  });
});
