import pg from 'pg';

/** A request whose end the test can look at without awaiting it. */
export interface Tracked<T> {
  promise: Promise<T>;
  done(): boolean;
}

export function track<T>(promise: Promise<T>): Tracked<T> {
  let finished = false;
  const tracked = promise.finally(() => {
    finished = true;
  });
  return { promise: tracked, done: () => finished };
}

/**
 * A transaction of the test's own on real PostgreSQL that takes row locks and
 * keeps them until `release`: a request that needs one of those rows stops
 * there, so the test decides what runs in between (a forced race).
 */
export async function holdLocks(
  databaseUrl: string,
  statements: Array<{ text: string; values: unknown[] }>,
): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  for (const statement of statements) await client.query(statement.text, statement.values);
  return {
    async release() {
      try {
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Waits until at least `count` statements matching `pattern` (a LIKE pattern)
 * wait on a lock in this database, or until `orDone` says the request we are
 * waiting for has finished without waiting (how the code before a fix behaved).
 */
export async function waitForLockWaiters(
  databaseUrl: string,
  pattern: string,
  count: number,
  orDone: () => boolean = () => false,
): Promise<'waiting' | 'done'> {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (orDone()) return 'done';
      const { rows } = await watcher.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
        [pattern],
      );
      if (rows[0].n >= count) return 'waiting';
      if (Date.now() > deadline)
        throw new Error(`fewer than ${count} statements like ${pattern} waited`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await watcher.end();
  }
}
