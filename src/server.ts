import path from 'node:path';
import { loadConfigOrExit } from './config.js';
import { createPgliteDataDirLocked } from './db/pglite-create.js';
import { ownOrigins } from './http/own-origins.js';
import { activeTracing } from './observability/tracing-state.js';
import { gracefulShutdown, SHUTDOWN_BOUND_MS } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // A first start on embedded PGlite creates the database in a child process
  // before this one loads the app: the host then holds the child beside a bare
  // Node process, not beside the whole app (issue 35 item 6).
  if (!config.databaseUrl) await createPgliteDataDirLocked(path.join(config.dataDir, 'db'));
  const { buildApp } = await import('./app.js');

  const app = await buildApp(config);
  // Background work (mail, the cart sweeper and reminders): every instance runs a
  // worker; the jobs table decides who does what.
  await app.jobs.start();
  const shutdown = gracefulShutdown(app);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Exits within a bound whatever a dependency does: unsent mail stays in the outbox.
    setTimeout(() => {
      app.log.warn({ bound_ms: SHUTDOWN_BOUND_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    // Stops accepting connections, answers kept-alive clients with Connection: close
    // for a moment, lets requests in flight finish, then closes the database.
    await shutdown();
    // Spans still batched go out (bounded by the shutdown timer above).
    await activeTracing()?.shutdown();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // What a newcomer needs from the first screen of output: where to point the browser.
  app.log.info(`The shop is open: visit ${ownOrigins(config).address}/ in a browser`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
