import type { FastifyBaseLogger } from 'fastify';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface Schedule {
  /** Stops the timers and waits for runs in progress, so the database can close after. */
  stop(): Promise<void>;
}

/**
 * Runs each job every `everyMs` in this process. A run never overlaps the
 * previous run of the same job; a failure is logged and the next tick tries
 * again. Several processes may run the same schedule: the jobs themselves
 * decide, in the database, who does what.
 */
export function startSchedule(jobs: readonly ScheduledJob[], log: FastifyBaseLogger): Schedule {
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let busy = false;
    return setInterval(() => {
      if (busy) return;
      busy = true;
      const run = job
        .run()
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
  });

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
