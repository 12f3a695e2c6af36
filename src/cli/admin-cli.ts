// What admin:create and admin:password share: the address from --email, a password
// asked twice without echo (a piped one is read once), and the admin service on the
// configured database with its migrations applied.
import { parseArgs } from 'node:util';
import { systemClock } from '../auth/clock.js';
import {
  ADMIN_PASSWORD_MIN_LENGTH as MIN_ADMIN_PASSWORD,
  PASSWORD_MAX_LENGTH,
} from '../auth/passwords.js';
import { cryptoRandomBytes } from '../auth/tokens.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminAuthService } from '../modules/admin/admin-auth.service.js';
import { fail, openConfiguredDatabase } from './open-configured-database.js';
import { readSecret } from './read-secret.js';

export async function readAdminCredentials(
  script: string,
  prompt: string,
): Promise<{ email: string; password: string }> {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email))
    fail(`usage: npm run ${script} -- --email admin@example.com`);

  const password = await readSecret(prompt);
  if (password.length < MIN_ADMIN_PASSWORD || password.length > PASSWORD_MAX_LENGTH) {
    fail(`The password must be ${MIN_ADMIN_PASSWORD} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (process.stdin.isTTY && (await readSecret('Again: ')) !== password)
    fail('The passwords differ.');
  return { email, password };
}

/** Runs `work` with the admin service on the configured, migrated database, then closes it. */
export async function withAdminAuth<T>(
  work: (auth: ReturnType<typeof adminAuthService>) => Promise<T>,
): Promise<T> {
  const { database } = await openConfiguredDatabase();
  try {
    // Migrations on the direct connection: DATABASE_URL may be a transaction-mode pooler.
    await migrateToLatest(database.migrationDb);
    return await work(
      adminAuthService({ db: database.db, clock: systemClock, random: cryptoRandomBytes }),
    );
  } finally {
    await database.close();
  }
}

export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
}
