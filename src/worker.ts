import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { activeTracing } from './observability/tracing-state.js';

/**
 * `npm run worker`: the background work (drafting, and every other job of the
 * queue) in a process of its own that serves no HTTP. Web instances can then
 * run with DRAFT_WORKERS=0 and leave the CPU-heavy cut-outs to this one.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  if (config.drafting.workers === 0)
    app.log.warn('DRAFT_WORKERS=0: this worker runs the other jobs but drafts nothing');
  await app.ready();
  await app.jobs.start();
  app.log.info({ draftWorkers: config.drafting.workers }, 'worker started');
  const close = async (signal: string) => {
    app.log.info({ signal }, 'worker shutting down');
    // Stops claiming, waits (bounded) for runs in progress; an unfinished run's lease lapses.
    await app.close();
    await activeTracing()?.shutdown();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
