import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';

/** Config and database for a command-line tool; a settings mistake ends it with one line. */
export async function openConfiguredDatabase(): Promise<{
  config: Config;
  database: DatabaseHandle;
}> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
  const write = (obj: unknown, msg?: string) => process.stderr.write(`${msg ?? String(obj)}\n`);
  const log = { error: write, warn: write };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseListenUrl: config.databaseListenUrl,
    preparedStatements: config.databasePreparedStatements,
    pgliteDir: path.join(config.dataDir, 'db'),
    log,
  });
  return { config, database };
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
