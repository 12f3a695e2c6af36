import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { scheduleCartJobs } from './modules/commerce/index.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line naming the variable; no stack trace for a settings mistake.
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  // The cart sweeper and reminders run on every instance; the database decides who does what.
  const schedule = scheduleCartJobs(app.cartJobs, app.log);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await schedule.stop();
    // Stops accepting connections, lets requests in flight finish, then closes the database.
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
