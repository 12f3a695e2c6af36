import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogueChange } from './catalogue-version.js';
import {
  initialMirror,
  type Life,
  type MirrorEffect,
  type MirrorHappening,
  type MirrorState,
  mirrorTransition,
  RETRY_AFTER_MS,
  readiness,
} from './mirror-machine.js';

// The model: a database of five items, each holding a stamp of its last write
// (stamps only grow, across restores too); every commit is heard at once, in
// order, as the catalogue version tells it, and a restored database (another
// epoch, its versions counted again) starts a new life of memory. A shell as simple as catalogue-mirror.ts runs the machine's effects, taking
// each read's rows when it starts (the oldest they can be). Whatever the order
// of commits, reads landing or failing, readers, lost notifications and time,
// an index the machine says answers up to version `at` holds every item at
// least as new as its last write up to `at`; and once reads can run, it catches up.

const IDS = [1, 2, 3, 4, 5];

type Command =
  | { kind: 'commit'; ids: number[]; unknownScope: boolean }
  | { kind: 'memoryStartsOver' }
  | { kind: 'databaseRestored' }
  | { kind: 'readerAsks' }
  | { kind: 'readLands' }
  | { kind: 'readFails' }
  | { kind: 'liveIs'; live: boolean }
  | { kind: 'timePasses'; ms: number };

const commands = fc.array(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('commit' as const),
        ids: fc.subarray(IDS, { minLength: 0, maxLength: 3 }),
        unknownScope: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'memoryStartsOver' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'databaseRestored' as const }) },
    { weight: 3, arbitrary: fc.constant({ kind: 'readerAsks' as const }) },
    { weight: 6, arbitrary: fc.constant({ kind: 'readLands' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'readFails' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('liveIs' as const), live: fc.boolean() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('timePasses' as const),
        ms: fc.integer({ min: 0, max: 2 * RETRY_AFTER_MS }),
      }),
    },
  ),
  { maxLength: 80 },
);

function simulate() {
  // The database: each item's last write, and each epoch's writes for the check.
  let stamp = 0;
  let epoch = 'e0';
  let version = 1;
  const rows = new Map<number, number>();
  const writes = new Map<string, Array<{ id: number; version: number; stamp: number }>>();
  const write = (id: number, restored = false) => {
    // A restored row is older than anything written before the restore.
    const value = restored ? -++stamp : ++stamp;
    rows.set(id, value);
    writes.set(epoch, [...(writes.get(epoch) ?? []), { id, version, stamp: value }]);
  };
  for (const id of IDS) write(id);
  // A restore is heard with the next commit (the first announcement of its epoch).
  let restoreUnheard = false;
  let life: Life = { epoch, life: 1 };
  let heard = 0;
  let now = 0;
  let live = true;
  // The shell: the index, and the read under way with what it read.
  let index: Map<number, number> | null = null;
  let inFlight: {
    effect: MirrorEffect;
    rows: Map<number, number>;
    epoch: string;
    version: number;
  } | null = null;
  let landed: { rows: Map<number, number>; ids: number[] } | null = null;
  let state: MirrorState = initialMirror;

  function perform(effect: MirrorEffect): void {
    switch (effect.kind) {
      case 'readSnapshot':
      case 'readRows':
        expect(inFlight, 'one read at a time').toBeNull();
        inFlight = { effect, rows: new Map(rows), epoch, version };
        return;
      case 'install':
        expect(landed).not.toBeNull();
        index = new Map(landed!.rows);
        return;
      case 'apply':
        expect(landed).not.toBeNull();
        expect(index).not.toBeNull();
        for (const id of landed!.ids) index!.set(id, landed!.rows.get(id)!);
        return;
      case 'drop':
        index = null;
        return;
    }
  }

  function send(event: MirrorHappening): void {
    const step = mirrorTransition(state, { ...event, now, live });
    state = step.state;
    for (const effect of step.effects) perform(effect);
    landed = null;
  }

  function hear(change: CatalogueChange): void {
    heard = change.version;
    send({ kind: 'changeHeard', change });
  }

  function run(command: Command): void {
    switch (command.kind) {
      case 'commit': {
        if (restoreUnheard) {
          restoreUnheard = false;
          life = { epoch, life: life.life + 1 };
          hear({ ...life, version, scope: '*' });
        }
        version++;
        for (const id of command.ids) write(id);
        const scope = command.unknownScope
          ? ('*' as const)
          : { dims: ['price' as const], ids: command.ids };
        hear({ ...life, version, scope });
        return;
      }
      case 'databaseRestored':
        // Versions counted again from where the backup was; every row another.
        epoch = `e${stamp}`;
        version = 1;
        for (const id of IDS) write(id, true);
        restoreUnheard = true;
        return;
      case 'memoryStartsOver':
        restoreUnheard = false;
        life = { epoch, life: life.life + 1 };
        hear({ ...life, version, scope: '*' });
        return;
      case 'readerAsks':
        send({ kind: 'readerAsked' });
        return;
      case 'readLands': {
        if (!inFlight) return;
        const { effect, rows: read, epoch: readIn, version: readAt } = inFlight;
        inFlight = null;
        if (effect.kind === 'readSnapshot') {
          landed = { rows: read, ids: [] };
          send({ kind: 'snapshotRead', epoch: readIn, version: readAt });
          return;
        }
        landed = { rows: read, ids: effect.kind === 'readRows' ? effect.ids : [] };
        send({ kind: 'rowsRead' });
        return;
      }
      case 'readFails':
        if (!inFlight) return;
        inFlight = null;
        send({ kind: 'readFailed' });
        return;
      case 'liveIs':
        live = command.live;
        return;
      case 'timePasses':
        now += command.ms;
        return;
    }
  }

  /** Every item in the index is at least as new as its last write up to what the machine says. */
  function checkAnswers(): void {
    const at = readiness(state).answersUpTo(life);
    if (at === null) return;
    expect(index, 'an index to answer from').not.toBeNull();
    expect(at).toBeLessThanOrEqual(heard);
    for (const id of IDS) {
      const owed = Math.max(
        ...writes
          .get(life.epoch)!
          .filter((w) => w.id === id && w.version <= at)
          .map((w) => w.stamp),
      );
      expect(index!.get(id), `item ${id} as of ${at}`).toBeGreaterThanOrEqual(owed);
    }
  }

  return {
    run,
    checkAnswers,
    /** Reads may run: the mirror ends caught up with the database. */
    settle(): void {
      if (restoreUnheard) run({ kind: 'memoryStartsOver' });
      live = true;
      now += RETRY_AFTER_MS;
      send({ kind: 'readerAsked' });
      for (let reads = 0; inFlight && reads < 100; reads++) run({ kind: 'readLands' });
      expect(inFlight).toBeNull();
      if (state.kind === 'unfollowed') return;
      expect(readiness(state).answersUpTo(life)).toBe(heard);
      expect(index).toEqual(rows);
    },
  };
}

describe('the storefront mirror machine', () => {
  it('never answers from an index older than it claims, whatever the order of events', () => {
    fc.assert(
      fc.property(commands, (steps) => {
        const sim = simulate();
        for (const step of steps) {
          sim.run(step);
          sim.checkAnswers();
        }
        sim.settle();
        sim.checkAnswers();
      }),
      { numRuns: 500 },
    );
  });
});
