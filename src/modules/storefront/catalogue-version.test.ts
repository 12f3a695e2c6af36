import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { FakeNotifications } from '../../../test/support/fake-notifications.js';
import { CHANNELS } from '../../db/notifications.js';
import { catalogueVersion, VERSION_RECHECK_MS } from './catalogue-version.js';

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
